import { z } from 'zod';
import { mailRow } from './mail';
import { defineOperation } from './operation';
import { dateTimeOut, idIn, idOut, optStr, pageOf, paging, sorting } from './schemas';

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

// The job queue's dead letters (ADR 0016) on the same screen: jobs that gave up — `failed` (the
// handler's error on the last attempt) or `dead` (the worker stopped while running it) — with a retry.

/** A job row's statuses; the list holds failed and dead ones, a retried one is queued. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'dead'] as const;

export const jobErrorRow = z.object({
  id: idOut,
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The handler's error (failed); for a dead job the screen says `JOB_STOPPED` in its language. */
  lastError: z.string().nullable(),
  createdAt: dateTimeOut,
  finishedAt: dateTimeOut.nullable(),
});

export const jobErrorList = defineOperation({
  path: 'job/error/list',
  method: 'GET',
  permission: 'mail.admin',
  summary: 'Jobs that gave up (failed or dead), newest first; purged 30 days after they finished.',
  input: z.object({ kind: optStr(100), ...paging }),
  output: pageOf(jobErrorRow),
});

export const jobErrorRetry = defineOperation({
  path: 'job/error/retry',
  method: 'POST',
  permission: 'mail.admin',
  summary: 'Queue a failed or dead job again, now, for one more attempt (E_STATUS when it is neither).',
  input: z.object({ id: idIn }),
  output: jobErrorRow,
});
