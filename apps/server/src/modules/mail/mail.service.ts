import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { MailStatus } from '../../db/schema/mail';
import { mailOutbox } from '../../db/schema/mail';
import type { Db } from '../../platform/db';
import { cappedTotal, containsPattern, onePage } from '../../platform/paging';
import { lowered, type Sorting, sortOrder } from '../../platform/sorting';

export interface MailSearch extends Sorting<'to' | 'createdAt' | 'sentAt'> {
  to?: string | undefined;
  status?: MailStatus | undefined;
  page: number;
  pageSize: number;
}

/**
 * The query of one page of mail/search (tests EXPLAIN it): newest first unless another sort is
 * asked (to: mail_outbox_to_sort_idx, createdAt: mail_outbox_created_idx, sentAt: _sent_sort_idx).
 */
export function mailPageQuery(db: Db, where: SQL | undefined, input: MailSearch) {
  const keys = { to: lowered(mailOutbox.to), createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt };
  const newestFirst = [desc(mailOutbox.createdAt), desc(mailOutbox.id)];
  return onePage(
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(...sortOrder(keys, input, mailOutbox.id, newestFirst)),
    input,
  );
}

/** mail/search: the outbox newest first (the dev mailbox when no SMTP server is configured). */
export async function searchMail(db: Db, input: MailSearch) {
  const conditions: (SQL | undefined)[] = [
    input.to ? sql`lower(${mailOutbox.to}) like ${containsPattern(input.to)}` : undefined,
    input.status ? eq(mailOutbox.status, input.status) : undefined,
  ];
  const where = and(...conditions);
  const list = await mailPageQuery(db, where, input);
  return { list, page: input.page, pageSize: input.pageSize, ...(await cappedTotal(db, mailOutbox, where)) };
}
