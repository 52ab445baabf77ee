import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { MailStatus } from '../../db/schema/mail';
import { mailOutbox } from '../../db/schema/mail';
import type { Db } from '../../platform/db';
import { cappedTotal, containsPattern } from '../../platform/paging';

export interface MailSearch {
  to?: string | undefined;
  status?: MailStatus | undefined;
  page: number;
  pageSize: number;
}

/** mail/search: the outbox newest first (the dev mailbox when no SMTP server is configured). */
export async function searchMail(db: Db, input: MailSearch) {
  const conditions: (SQL | undefined)[] = [
    input.to ? sql`lower(${mailOutbox.to}) like ${containsPattern(input.to)}` : undefined,
    input.status ? eq(mailOutbox.status, input.status) : undefined,
  ];
  const where = and(...conditions);
  const list = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { list, page: input.page, pageSize: input.pageSize, ...(await cappedTotal(db, mailOutbox, where)) };
}
