import { LANGUAGES } from '@qcdesk/contract';
import { describe, expect, it } from 'vitest';
import { defineMail, type MailTemplate, type ParamsOf, renderMail } from './mail-templates';

// Every area's templates are rendered by test/mail-templates.test.ts; this is the renderer itself.
const SAMPLE = defineMail('sample', {
  zh: { subject: '样品 {no}', body: ['{name}，您好：', '链接：', '{days}天内有效。'], highlight: 'link' },
  en: {
    subject: 'Sample {no}',
    body: ['Hello {name},', 'The link:', 'It works for {days} days.'],
    highlight: 'link',
  },
});

describe('renderMail', () => {
  it.each(LANGUAGES)('fills the placeholders and escapes the HTML in %s', (lang) => {
    const mail = renderMail(SAMPLE, lang, {
      name: 'A<b>',
      no: 'S1',
      days: 3,
      link: 'https://x.test/?a=1&b=2',
    });
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}/);
    expect(mail.subject).toContain('S1');
    expect(mail.text).toContain('    https://x.test/?a=1&b=2');
    expect(mail.html).toContain('<a href="https://x.test/?a=1&amp;b=2">');
    expect(mail.html).not.toContain('A<b>');
    expect(mail.html).toContain('A&lt;b&gt;');
  });

  it('types the params by the placeholders (checked by tsc, not at run time)', () => {
    // As enqueueMail takes them (platform/mail/mail-outbox.ts).
    const mail = <P extends string>(_template: MailTemplate<P>, params: ParamsOf<NoInfer<P>>) => params;
    const params = mail(SAMPLE, { name: 'n', no: 'S1', days: 3, link: 'l' });
    // @ts-expect-error a misspelt placeholder has no param
    const misspelt = mail(SAMPLE, { nmae: 'n', no: 'S1', days: 3, link: 'l' });
    // @ts-expect-error a placeholder without its param
    const missing = mail(SAMPLE, { name: 'n', no: 'S1', link: 'l' });
    // @ts-expect-error the languages name different placeholders
    defineMail('differs', {
      zh: { subject: '{a}', body: [], highlight: 'x' },
      en: { subject: '{b}', body: [], highlight: 'x' },
    });
    expect([params, misspelt, missing]).toHaveLength(3);
  });
});
