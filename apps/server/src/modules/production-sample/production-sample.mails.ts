import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** The audit result of a production sample, to its sales. */
export const SAMPLE_AUDIT_MAIL = defineMail('production-sample-audit', {
  zh: {
    subject: '大货样审核结果 {itemNo}：{result}',
    body: [
      '{name}，您好：',
      '客户 {client} 的大货样 {itemNo}（供样工厂 {factory}，收样日期 {receivedDate}）审核结果为：{result}。审核备注：',
      '审核人：{auditor}。',
    ],
    highlight: 'remark',
  },
  en: {
    subject: 'Production sample audit {itemNo}: {result}',
    body: [
      'Hello {name},',
      'The production sample {itemNo} of {client} (provider {factory}, received {receivedDate}) was audited: {result}. The audit remark:',
      'Audited by {auditor}.',
    ],
    highlight: 'remark',
  },
});
