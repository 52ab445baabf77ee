import { defineMail } from '../../platform/mail/mail-templates';

// The mails of inspection applications (DOMAIN.md §4.1), listed in the area's defineModule({ mails }).

/** A submitted application, to the QC managers. */
export const INSPECTION_APPLY_SUBMITTED_MAIL = defineMail('inspection-apply-submitted', {
  zh: {
    subject: '验货申请 {applyNo}：{orderNo} {factory}',
    body: [
      '{name}，您好：',
      '验货申请 {applyNo}（订单 {orderNo}，工厂 {factory}，期望验货日期 {expectedDate}）已提交，待排期。产品如下：',
      '提交人：{sender}。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Inspection application {applyNo}: {orderNo} {factory}',
    body: [
      'Hello {name},',
      'Inspection application {applyNo} (order {orderNo}, factory {factory}, expected date {expectedDate}) was submitted and waits for planning. The products:',
      'Submitted by {sender}.',
    ],
    highlight: 'lines',
  },
});

/** A returned application, to its applicant. */
export const INSPECTION_APPLY_RETURNED_MAIL = defineMail('inspection-apply-returned', {
  zh: {
    subject: '验货申请已退回 {applyNo}：{orderNo}',
    body: [
      '{name}，您好：',
      '您的验货申请 {applyNo}（订单 {orderNo}，工厂 {factory}）已被 {sender} 退回，原因：',
    ],
    highlight: 'reason',
  },
  en: {
    subject: 'Inspection application returned {applyNo}: {orderNo}',
    body: [
      'Hello {name},',
      'Your inspection application {applyNo} (order {orderNo}, factory {factory}) was returned by {sender}. The reason:',
    ],
    highlight: 'reason',
  },
});

/** A waived inspection, to sales and the factory. */
export const INSPECTION_APPLY_WAIVED_MAIL = defineMail('inspection-apply-waived', {
  zh: {
    subject: '免验通知 {applyNo}：{orderNo}',
    body: [
      '{name}，您好：',
      '订单 {orderNo} 在工厂 {factory} 的验货申请 {applyNo} 已由 {sender} 批准免验，无需安排验货。产品如下：',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Inspection waived {applyNo}: {orderNo}',
    body: [
      'Hello {name},',
      'The inspection of application {applyNo} (order {orderNo}, factory {factory}) was waived by {sender}; no inspection will take place. The products:',
    ],
    highlight: 'lines',
  },
});
