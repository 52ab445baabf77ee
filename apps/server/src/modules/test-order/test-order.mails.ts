import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** A submitted test order, to its lab. */
export const TEST_ORDER_SUBMITTED_MAIL = defineMail('test-order-submitted', {
  zh: {
    subject: '送测通知 {testOrderNo}：{client}',
    body: [
      '{name}，您好：',
      '测试单 {testOrderNo}（客户 {client}，测试类型 {testType}，计划送测日期 {planTime}，共{count}项）已提交，测试项目如下：',
      '提交人：{sender}。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Test order {testOrderNo}: {client}',
    body: [
      'Hello {name},',
      'Test order {testOrderNo} (client {client}, test type {testType}, plan date {planTime}, {count} items) was submitted. The items:',
      'Submitted by {sender}.',
    ],
    highlight: 'lines',
  },
});

/** A cancelled test order, to its lab. */
export const TEST_ORDER_CANCELLED_MAIL = defineMail('test-order-cancelled', {
  zh: {
    subject: '送测取消 {testOrderNo}：{client}',
    body: [
      '{name}，您好：',
      '测试单 {testOrderNo}（客户 {client}，计划送测日期 {planTime}）已取消。原因：',
      '取消人：{sender}。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Test order cancelled {testOrderNo}: {client}',
    body: [
      'Hello {name},',
      'Test order {testOrderNo} (client {client}, plan date {planTime}) was cancelled. The reason:',
      'Cancelled by {sender}.',
    ],
    highlight: 'lines',
  },
});
