import { defineMail } from '../../platform/mail/mail-templates';

// The mails of supervise (loading) reports (DOMAIN.md §4.5, §6.10), listed in the area's
// defineModule({ mails }).

/**
 * A sent loading report (issue 29), as an inspection report is sent: to the client's report e-mails,
 * its sales and the factory contact, the PDF attached (or not, over 20 MB: `attachment` says which),
 * the share link and its password.
 */
export const SUPERVISE_REPORT_SENT_MAIL = defineMail('supervise-report-sent', {
  zh: {
    subject: '监装报告 {reportNo}：{result}（集装箱 {containerNo}）',
    body: [
      '{name}，您好：',
      '集装箱 {containerNo}（封条 {sealNo}，工厂 {factory}，装柜日期 {loadingDate}，订单 {orderNos}）的监装报告 {reportNo} 已出具，结论：{result}。',
      '{attachment}',
      '在线查看与下载（{days} 天内有效）：{access}',
    ],
    highlight: 'link',
  },
  en: {
    subject: 'Loading report {reportNo}: {result} (container {containerNo})',
    body: [
      'Hello {name},',
      'The loading report {reportNo} of container {containerNo} (seal {sealNo}, factory {factory}, loaded {loadingDate}, orders {orderNos}) is issued. Verdict: {result}.',
      '{attachment}',
      'View and download it online (valid {days} days): {access}',
    ],
    highlight: 'link',
  },
});
