import { LANGUAGES } from '@qcdesk/contract';
import { describe, expect, it } from 'vitest';
import { modules } from '../src/modules/modules';
import { defineMail, renderMail } from '../src/platform/mail/mail-templates';
import { Capabilities, defineModule } from '../src/platform/module';

// Every mail an area declares (`defineModule({ mails })`), in both languages (STYLE.md rule 6): the
// type checker ties each send's params to the template's placeholders; this renders them all.

const mails = [...new Capabilities(modules).mails.values()];
const placeholders = (texts: readonly string[]) =>
  [...new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();

describe('mail templates', () => {
  it('are declared by the areas, each name once', () => {
    expect(mails.map((m) => m.name)).toContain('first-sample-result');
    const twice = defineModule({ name: 'twice', mails: [mails[0]!] });
    expect(() => new Capabilities([...modules, twice])).toThrow(
      `mail template declared twice: ${mails[0]!.name}`,
    );
  });

  it.each(mails.flatMap((m) => LANGUAGES.map((l) => [m.name, l, m] as const)))(
    '%s in %s fills every placeholder',
    (_name, lang, template) => {
      const t = template.texts[lang];
      const params = Object.fromEntries(
        [...placeholders([t.subject, ...t.body]), t.highlight].map((k) => [
          k,
          k === 'name' ? 'A<b>' : `[${k}]`,
        ]),
      );
      const mail = renderMail(template, lang, params);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}/);
      expect(mail.text).toContain(`[${t.highlight}]`);
      expect(mail.html).not.toContain('A<b>');
      expect(mail.html).toContain('A&lt;b&gt;');
    },
  );

  it.each(mails.map((m) => [m.name, m] as const))(
    '%s names the same placeholders in both languages',
    (_n, m) => {
      const of = (lang: 'zh' | 'en') => placeholders([m.texts[lang].subject, ...m.texts[lang].body]);
      expect(of('en')).toEqual(of('zh'));
      expect(m.texts.en.highlight).toBe(m.texts.zh.highlight);
    },
  );

  it('types the params by the placeholders of both languages', () => {
    // @ts-expect-error `{b}` is only in English
    const differs = defineMail('x', {
      zh: { subject: '{a}', body: [], highlight: 'h' },
      en: { subject: '{b}', body: [], highlight: 'h' },
    });
    expect(differs.name).toBe('x');
  });
});
