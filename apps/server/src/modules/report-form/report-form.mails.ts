import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** A finished report form: where "my exports" keeps it. */
export const REPORT_FORM_MAIL = defineMail('report-form', {
  zh: {
    subject: 'QCDesk 报表：{form}',
    body: [
      '{name}，您好：',
      '您导出的{form}（{range}，共{rows}行）已生成，请在“我的导出”中下载：',
      '文件保留{days}天。',
    ],
    highlight: 'link',
  },
  en: {
    subject: 'QCDesk report form: {form}',
    body: [
      'Hello {name},',
      'Your {form} ({range}, {rows} rows) is ready. Download it from "My exports":',
      'The file is kept for {days} days.',
    ],
    highlight: 'link',
  },
});
