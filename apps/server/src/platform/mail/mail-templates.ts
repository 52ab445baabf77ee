import type { Language } from '@qcdesk/contract';

export type MailTemplate =
  | 'login-code'
  | 'verify-code'
  | 'reset-password'
  | 'welcome'
  | 'interim-login'
  | 'material-test-push'
  | 'list-export'
  | 'product-track-digest'
  | 'production-sample-audit'
  | 'first-sample-result'
  | 'test-order-submitted'
  | 'test-order-cancelled'
  | 'test-report-result';

export type MailParams = Record<string, string | number>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface TemplateText {
  subject: string;
  /** Paragraphs; `{name}` placeholders are filled from the params. */
  body: string[];
  /** The param holding the code, link or (several lines) list shown prominently. */
  highlight: string;
}

// Every mail exists in both languages (STYLE.md rule 6); the recipient's language picks one.
const templates: Record<MailTemplate, Record<Language, TemplateText>> = {
  'login-code': {
    zh: {
      subject: 'QCDesk 登录验证码',
      body: [
        '{name}，您好：',
        '您的登录验证码是：',
        '验证码{minutes}分钟内有效，最多可尝试{tries}次。如非本人操作，请忽略本邮件。',
      ],
      highlight: 'code',
    },
    en: {
      subject: 'Your QCDesk sign-in code',
      body: [
        'Hello {name},',
        'Your sign-in code is:',
        'The code is valid for {minutes} minutes and {tries} tries. If you did not ask for it, ignore this mail.',
      ],
      highlight: 'code',
    },
  },
  'verify-code': {
    zh: {
      subject: 'QCDesk 账号验证码',
      body: ['{name}，您好：', '您的账号验证码是：', '验证码{minutes}分钟内有效，最多可尝试{tries}次。'],
      highlight: 'code',
    },
    en: {
      subject: 'Verify your QCDesk account',
      body: [
        'Hello {name},',
        'Your verification code is:',
        'The code is valid for {minutes} minutes and {tries} tries.',
      ],
      highlight: 'code',
    },
  },
  'reset-password': {
    zh: {
      subject: 'QCDesk 重置密码',
      body: [
        '{name}，您好：',
        '请打开以下链接设置新密码：',
        '链接{minutes}分钟内有效，仅可使用一次。如非本人操作，请忽略本邮件。',
      ],
      highlight: 'link',
    },
    en: {
      subject: 'Reset your QCDesk password',
      body: [
        'Hello {name},',
        'Open this link to set a new password:',
        'The link works once, within {minutes} minutes. If you did not ask for it, ignore this mail.',
      ],
      highlight: 'link',
    },
  },
  welcome: {
    zh: {
      subject: '欢迎使用 QCDesk',
      body: [
        '{name}，您好：',
        '已为您创建账号 {username}。请打开以下链接设置密码：',
        '链接{hours}小时内有效，仅可使用一次。',
      ],
      highlight: 'link',
    },
    en: {
      subject: 'Welcome to QCDesk',
      body: [
        'Hello {name},',
        'An account {username} was created for you. Open this link to set your password:',
        'The link works once, within {hours} hours.',
      ],
      highlight: 'link',
    },
  },
  'interim-login': {
    zh: {
      subject: 'QCDesk 临时登录链接',
      body: ['{name}，您好：', '管理员为您生成了临时登录链接：', '链接{minutes}分钟内有效，仅可使用一次。'],
      highlight: 'link',
    },
    en: {
      subject: 'Your QCDesk sign-in link',
      body: [
        'Hello {name},',
        'An administrator issued this sign-in link for you:',
        'The link works once, within {minutes} minutes.',
      ],
      highlight: 'link',
    },
  },
  'production-sample-audit': {
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
  },
  'first-sample-result': {
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
  },
  'test-order-submitted': {
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
  },
  'test-report-result': {
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
  },
  'test-order-cancelled': {
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
  },
  'material-test-push': {
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
  },
  'list-export': {
    zh: {
      subject: 'QCDesk 导出：{list}',
      body: ['{name}，您好：', '您导出的{list}（共{rows}条）已生成，请下载：', '链接{days}天内有效。'],
      highlight: 'link',
    },
    en: {
      subject: 'QCDesk export: {list}',
      body: [
        'Hello {name},',
        'Your export of {list} ({rows} rows) is ready. Download it here:',
        'The link works for {days} days.',
      ],
      highlight: 'link',
    },
  },
  'product-track-digest': {
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
  },
};

const fill = (text: string, params: MailParams) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    params[key] === undefined ? whole : String(params[key]),
  );

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Subject, plain text and HTML of a mail, in one language. */
export function renderMail(template: MailTemplate, lang: Language, params: MailParams): RenderedMail {
  const t = templates[template][lang];
  const [greeting, lead, ...rest] = t.body.map((p) => fill(p, params));
  const value = String(params[t.highlight] ?? '');
  const indented = value
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  const text = [greeting, '', lead, '', indented, '', ...rest, '', '-- QCDesk'].join('\n');
  const shown =
    t.highlight === 'link'
      ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
      : t.highlight === 'lines'
        ? `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(value)}</pre>`
        : `<strong style="font-size:24px;letter-spacing:4px">${escapeHtml(value)}</strong>`;
  const html = [
    `<p>${escapeHtml(greeting ?? '')}</p>`,
    `<p>${escapeHtml(lead ?? '')}</p>`,
    `<p>${shown}</p>`,
    ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p style="color:#888">QCDesk</p>',
  ].join('\n');
  return { subject: fill(t.subject, params), text, html };
}

export const MAIL_TEMPLATES = Object.keys(templates) as MailTemplate[];
