import { and, eq, ilike, type SQL } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/mail';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-outbox';
import { cappedTotal, containsPattern } from '../../platform/paging';
import type { Sorting } from '../../platform/sorting';
import { mailPageQuery } from '../mail/mail.service';

// Spec §7 "mail service: error list and solve": the outbox's failed mails (DOMAIN.md §2.9 MailLog).

export const MAIL_ENTITY = 'mail_outbox';

export interface MailErrorSearch extends Sorting<'to' | 'createdAt'> {
  to?: string | undefined;
  solved: boolean;
  page: number;
  pageSize: number;
}

/** The WHERE of the mail-error list: failed mails, solved or not, to whom. */
export function mailErrorWhere(input: MailErrorSearch): SQL {
  return and(
    eq(mailOutbox.status, 'failed'),
    eq(mailOutbox.solved, input.solved),
    input.to ? ilike(mailOutbox.to, containsPattern(input.to)) : undefined,
  )!;
}

/**
 * The query of one page of the list (tests EXPLAIN it): mail/search's page query of the outbox, newest
 * first unless another sort is asked (createdAt: mail_outbox_status_idx, to: mail_outbox_failed_to_sort_idx).
 */
export const mailErrorPageQuery = (db: Db, where: SQL, input: MailErrorSearch) =>
  mailPageQuery(db, where, input);

export async function listMailErrors(db: Db, input: MailErrorSearch) {
  const where = mailErrorWhere(input);
  const list = await mailErrorPageQuery(db, where, input);
  return { list, page: input.page, pageSize: input.pageSize, ...(await cappedTotal(db, mailOutbox, where)) };
}

/**
 * "Solve" a failed mail: mark it solved (handled outside the product), or send it again through
 * the outbox; a resent mail that fails again comes back to the list.
 */
export async function solveMailError(
  db: Db,
  input: { id: bigint; action: 'solved' | 'resend' },
  user: Principal,
) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, input.id)).for('update');
  if (!mail) throw new AppError('E_NOT_FOUND');
  if (mail.status !== 'failed' || mail.solved) throw new AppError('E_STATUS');
  const values =
    input.action === 'solved'
      ? { solved: true, solvedBy: user.userId, solvedAt: new Date() }
      : { status: 'pending' as const, attempts: 0, nextAttemptAt: null };
  const [updated] = await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, input.id)).returning();
  if (input.action === 'resend') {
    await enqueueJob(db, MAIL_SEND_JOB, { mailId: input.id.toString() }, { maxAttempts: 100 });
  }
  await writeChangeLog(db, actorOf(user), {
    entity: MAIL_ENTITY,
    entityId: input.id,
    action: input.action === 'solved' ? 'solve' : 'resend',
    changes:
      input.action === 'solved'
        ? [{ field: 'solved', from: false, to: true }]
        : [{ field: 'status', from: 'failed', to: 'pending' }],
  });
  return updated!;
}
