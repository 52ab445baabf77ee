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
