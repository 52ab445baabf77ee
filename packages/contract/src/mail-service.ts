import { z } from 'zod';
import { mailRow } from './mail';
import { defineOperation } from './operation';
import { idIn, idOut, optStr, pageOf, paging, sorting } from './schemas';

// Spec §7 "mail service: error list and solve" (DOMAIN.md §2.9 MailLog): mails the outbox gave
// up on, and what an administrator does about them.

export const mailErrorRow = mailRow.extend({
  entity: z.string().nullable(),
  entityId: idOut.nullable(),
});

export const mailErrorList = defineOperation({
  path: 'mailservice/error/list',
  method: 'GET',
  permission: 'mail.admin',
  summary: 'Mails that failed, newest first; unsolved ones unless `solved` is sent.',
  input: z.object({
    to: optStr(100),
    solved: z.boolean().default(false),
    ...paging,
    ...sorting(['to', 'createdAt']),
  }),
  output: pageOf(mailErrorRow),
});

export const MAIL_SOLVE_ACTIONS = ['solved', 'resend'] as const;

export const mailErrorSolve = defineOperation({
  path: 'mailservice/error/solve',
  method: 'POST',
  permission: 'mail.admin',
  summary: 'Mark a failed mail solved, or queue it to be sent again.',
  input: z.object({ id: idIn, action: z.enum(MAIL_SOLVE_ACTIONS) }),
  output: mailErrorRow,
});
