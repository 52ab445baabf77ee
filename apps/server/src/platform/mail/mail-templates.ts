import type { Language } from '@qcdesk/contract';

// A mail is declared by the area that sends it (docs/adding-an-area.md "Texts and mails"), in its
// `<area>.mails.ts`, and listed in its `defineModule({ mails })`:
//
//   export const SAMPLE_AUDIT_MAIL = defineMail('production-sample-audit', {
//     zh: { subject: '大货样审核结果 {itemNo}：{result}', body: ['{name}，您好：', …], highlight: 'remark' },
//     en: { subject: 'Production sample audit {itemNo}: {result}', body: ['Hello {name},', …], highlight: 'remark' },
//   });
//
// Its params are the `{name}` placeholders of its texts and the highlighted param, read from the
// texts by the type checker: `enqueueMail(db, { template: SAMPLE_AUDIT_MAIL, params })` does not
// compile when a placeholder has no param, a param is misspelt, or the two languages name
// different placeholders. This file holds no template of its own (scripts/check-texts.mjs).

export type MailParams = Record<string, string | number>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateText {
  readonly subject: string;
  /** Paragraphs; `{name}` placeholders are filled from the params. */
  readonly body: readonly string[];
  /** The param holding the code, link or (several lines) list shown prominently. */
  readonly highlight: string;
}

/** The `{name}` placeholders of a text. */
export type Placeholders<S extends string> = S extends `${string}{${infer K}}${infer Rest}`
  ? K | Placeholders<Rest>
  : never;

/** The params a text in one language needs: its placeholders and the highlighted one. */
export type TextParams<T extends TemplateText> =
  | Placeholders<T['subject']>
  | Placeholders<T['body'][number]>
  | T['highlight'];

/** A mail in both languages (STYLE.md rule 6); `P` names its params. */
export interface MailTemplate<P extends string = string> {
  /** Stored with the mail in the outbox (`mail_outbox.template`). */
  readonly name: string;
  readonly texts: Readonly<Record<Language, TemplateText>>;
  /** Type only: the params the template needs. */
  readonly params?: P;
}

/** Refuses (as a type) two languages whose placeholders differ. */
type SamePlaceholders<Zh extends TemplateText, En extends TemplateText> = [TextParams<Zh>] extends [
  TextParams<En>,
]
  ? [TextParams<En>] extends [TextParams<Zh>]
    ? unknown
    : { placeholdersOnlyInEnglish: Exclude<TextParams<En>, TextParams<Zh>> }
  : { placeholdersOnlyInChinese: Exclude<TextParams<Zh>, TextParams<En>> };

export function defineMail<const Zh extends TemplateText, const En extends TemplateText>(
  name: string,
  texts: { zh: Zh; en: En } & SamePlaceholders<Zh, En>,
): MailTemplate<TextParams<Zh>> {
  return { name, texts: { zh: texts.zh, en: texts.en } };
}

/** The params of a template: every one, and no other (an object literal with a misspelt key fails). */
export type ParamsOf<P extends string> = Readonly<Record<P, string | number>>;

const fill = (text: string, params: MailParams) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    params[key] === undefined ? whole : String(params[key]),
  );

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Subject, plain text and HTML of a mail, in one language. */
export function renderMail(template: MailTemplate, lang: Language, params: MailParams): RenderedMail {
  const t = template.texts[lang];
  const [greeting, lead, ...rest] = t.body.map((p) => fill(p, params));
  const value = String(params[t.highlight] ?? '');
  const indented = value
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  const text = [greeting, '', lead, '', indented, '', ...rest, '', '-- QCDesk'].join('\n');
  const shown =
    t.highlight === 'link'
      ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
      : t.highlight === 'lines'
        ? `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(value)}</pre>`
        : `<strong style="font-size:24px;letter-spacing:4px">${escapeHtml(value)}</strong>`;
  const html = [
    `<p>${escapeHtml(greeting ?? '')}</p>`,
    `<p>${escapeHtml(lead ?? '')}</p>`,
    `<p>${shown}</p>`,
    ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p style="color:#888">QCDesk</p>',
  ].join('\n');
  return { subject: fill(t.subject, params), text, html };
}
