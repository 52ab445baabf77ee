import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** The daily digest of overdue and due-soon products. */
export const DIGEST_MAIL = defineMail('product-track-digest', {
  zh: {
    subject: 'QCDesk 交期提醒 {day}：{overdue}个逾期，{dueSoon}个即将到期',
    body: [
      '{name}，您好：',
      '以下产品的交货期已过或将在{days}天内到期（按订单分组）：',
      '请在 QCDesk 订单列表的“我的待办”中跟进。本邮件每天发送一次。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'QCDesk delivery reminder {day}: {overdue} overdue, {dueSoon} due soon',
    body: [
      'Hello {name},',
      'These products are overdue or due within {days} days (grouped by order):',
      'Follow them up under "My work" in the QCDesk order list. This mail comes once a day.',
    ],
    highlight: 'lines',
  },
});
