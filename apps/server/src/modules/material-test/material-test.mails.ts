import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** A material test result pushed with its report link. */
export const MATERIAL_TEST_PUSH_MAIL = defineMail('material-test-push', {
  zh: {
    subject: '材料测试结果 {testNo}：{material}',
    body: [
      '{name}，您好：',
      '材料 {material}（UPC {upc}）的测试 {testNo} 结果为：{result}，有效期 {startDate} 至 {endDate}。报告下载：',
      '链接{days}天内有效。本邮件由 {pusher} 推送。',
    ],
    highlight: 'link',
  },
  en: {
    subject: 'Material test result {testNo}: {material}',
    body: [
      'Hello {name},',
      'Material test {testNo} of {material} (UPC {upc}): {result}, valid from {startDate} to {endDate}. The report:',
      'The link works for {days} days. Pushed by {pusher}.',
    ],
    highlight: 'link',
  },
});
