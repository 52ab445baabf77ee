import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** A finished list export: its download link. */
export const LIST_EXPORT_MAIL = defineMail('list-export', {
  zh: {
    subject: 'QCDesk 导出：{list}',
    body: ['{name}，您好：', '您导出的{list}（共{rows}条）已生成，请下载：', '链接{days}天内有效。'],
    highlight: 'link',
  },
  en: {
    subject: 'QCDesk export: {list}',
    body: [
      'Hello {name},',
      'Your export of {list} ({rows} rows) is ready. Download it here:',
      'The link works for {days} days.',
    ],
    highlight: 'link',
  },
});
