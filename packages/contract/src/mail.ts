import { z } from 'zod';
import { defineOperation } from './operation';
import { dateTimeOut, idOut, optStr, pageOf, paging, sorting } from './schemas';

// Mail outbox (ARCHITECTURE.md "Mail"): the dev mailbox now; the mail-error list builds on it.

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'held'] as const;

export const mailRow = z.object({
  id: idOut,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  lang: z.string(),
  template: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: dateTimeOut.nullable(),
  sentAt: dateTimeOut.nullable(),
  createdAt: dateTimeOut,
  solved: z.boolean(),
});

export const searchMail = defineOperation({
  path: 'mail/search',
  method: 'POST',
  permission: 'mail.admin',
  summary:
    'The mail outbox, newest first: the dev mailbox when no SMTP server is configured (MAIL_URL), and what was sent or failed.',
  input: z.object({
    to: optStr(100),
    status: z.enum(MAIL_STATUSES).optional(),
    ...paging,
    ...sorting(['to', 'createdAt', 'sentAt']),
  }),
  output: pageOf(mailRow),
});
