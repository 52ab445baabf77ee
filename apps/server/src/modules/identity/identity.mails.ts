import { defineMail } from '../../platform/mail/mail-templates';

// The mails of this area (platform/mail/mail-templates.ts), listed in its defineModule({ mails }).

/** The one-time sign-in code (spec §5). */
export const LOGIN_CODE_MAIL = defineMail('login-code', {
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
});

/** The code that verifies an account (spec §5). */
export const VERIFY_CODE_MAIL = defineMail('verify-code', {
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
});

/** The link that sets a new password. */
export const RESET_PASSWORD_MAIL = defineMail('reset-password', {
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
});

/** A new account: the link that sets its first password. */
export const WELCOME_MAIL = defineMail('welcome', {
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
});

/** A sign-in link an administrator issued. */
export const INTERIM_LOGIN_MAIL = defineMail('interim-login', {
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
});
