import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** A published test report and its result. */
export const TEST_REPORT_RESULT_MAIL = defineMail('test-report-result', {
  zh: {
    subject: '测试报告 {reportNo}：{result}',
    body: [
      '{name}，您好：',
      '客户 {client} 的测试报告 {reportNo}（实验室 {lab}，测试类型 {testType}，报告日期 {reportDate}）已发布，结果为：{result}。未通过的项目：',
      '发布人：{publisher}。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Test report {reportNo}: {result}',
    body: [
      'Hello {name},',
      'The test report {reportNo} of {client} (lab {lab}, test type {testType}, report date {reportDate}) was published with the result: {result}. The items not passed:',
      'Published by {publisher}.',
    ],
    highlight: 'lines',
  },
});
