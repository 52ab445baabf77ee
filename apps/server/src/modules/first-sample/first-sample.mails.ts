import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** The judged result of a first-sample round. */
export const FIRST_SAMPLE_RESULT_MAIL = defineMail('first-sample-result', {
  zh: {
    subject: '首样判定结果 {sampleNo}（第{round}轮）：{result}',
    body: [
      '{name}，您好：',
      '订单 {orderNo} 产品 {productNo}（货号 {itemNo}，工厂 {factory}）的首样 {sampleNo} 第{round}轮判定结果为：{result}。整改措施：',
      '判定人：{auditor}。',
    ],
    highlight: 'corrective',
  },
  en: {
    subject: 'First sample {sampleNo} (round {round}): {result}',
    body: [
      'Hello {name},',
      'Round {round} of the first sample {sampleNo} of order {orderNo}, product {productNo} (item {itemNo}, factory {factory}) was judged: {result}. The corrective action:',
      'Judged by {auditor}.',
    ],
    highlight: 'corrective',
  },
});
