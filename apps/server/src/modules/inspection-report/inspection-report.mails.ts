import { defineMail } from '../../platform/mail/mail-templates';

// The mails of inspection reports (DOMAIN.md §4.4), listed in the area's defineModule({ mails }).

/** A report sent back by its auditor, to its inspector. */
export const INSPECTION_REPORT_REJECTED_MAIL = defineMail('inspection-report-rejected', {
  zh: {
    subject: '验货报告已退回 {reportNo}：{orderNo}',
    body: [
      '{name}，您好：',
      '您的验货报告 {reportNo}（订单 {orderNo}，工厂 {factory}）已被 {sender} 退回，原因：',
    ],
    highlight: 'reason',
  },
  en: {
    subject: 'Inspection report sent back {reportNo}: {orderNo}',
    body: [
      'Hello {name},',
      'Your inspection report {reportNo} (order {orderNo}, factory {factory}) was sent back by {sender}. The reason:',
    ],
    highlight: 'reason',
  },
});

/**
 * A sent report (issue 28), to the client's report e-mails, its sales and the factory contact: the
 * PDF attached (or not, over 20 MB: `attachment` says which), the share link and its password.
 */
export const INSPECTION_REPORT_SENT_MAIL = defineMail('inspection-report-sent', {
  zh: {
    subject: '{revised}验货报告 {reportNo}：{result}（订单 {orderNo}）',
    body: [
      '{name}，您好：',
      '订单 {orderNo}（工厂 {factory}）的验货报告 {reportNo} 已出具，结论：{result}。{revisedNote}',
      '{attachment}',
      '在线查看与下载（{days} 天内有效）：{access}',
    ],
    highlight: 'link',
  },
  en: {
    subject: '{revised}Inspection report {reportNo}: {result} (order {orderNo})',
    body: [
      'Hello {name},',
      'The inspection report {reportNo} of order {orderNo} (factory {factory}) is issued. Verdict: {result}. {revisedNote}',
      '{attachment}',
      'View and download it online (valid {days} days): {access}',
    ],
    highlight: 'link',
  },
});

/** What the sent mail says of the attachment, the revision and the link's password, by language. */
export const SENT_MAIL_PARTS = {
  attached: { zh: '报告 PDF 见附件。', en: 'The report PDF is attached.' },
  linkOnly: {
    zh: '报告 PDF 超过 20 MB，未作附件，请通过以下链接下载。',
    en: 'The report PDF is over 20 MB and is not attached: download it from the link below.',
  },
  revised: { zh: '【修订版】', en: '[Revised] ' },
  revisedNote: {
    zh: '此为重新打开后的修订版（第 {n} 版），请以此为准。',
    en: 'This is a revised issue (revision {n}) after a reopen: it replaces the earlier one.',
  },
  password: { zh: '访问密码 {password}', en: 'password {password}' },
  noPassword: { zh: '无需密码', en: 'no password needed' },
} as const;
