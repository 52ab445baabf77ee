import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** A checked daily report sent to the department manager and the sales of the worked orders (§4.12). */
export const DAILY_REPORT_SENT_MAIL = defineMail('daily-work-report-sent', {
  zh: {
    subject: '工作日报 {inspector} {workDate}',
    body: [
      '{name}，您好：',
      '{inspector} {workDate} 的工作日报已审核：考勤 {attendance}，工时 {hours} 小时，得分 {score}，协助分 {assistScore}。工作如下：',
      '本邮件由 {sender} 发送。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Daily work report {inspector} {workDate}',
    body: [
      'Hello {name},',
      'The daily work report of {inspector} for {workDate} was checked: attendance {attendance}, {hours} hours, score {score}, assist score {assistScore}. The works:',
      'Sent by {sender}.',
    ],
    highlight: 'lines',
  },
});
