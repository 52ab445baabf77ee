import { sql } from 'drizzle-orm';
import { numberSequences } from '../db/schema/platform';
import { businessDate } from './business-time';
import type { Db } from './db';

/**
 * DOMAIN.md §6.9: `PREFIX + yyMMdd + 4-digit sequence`, the sequence reset daily per prefix
 * (Asia/Shanghai day of creation). Taken in the creating transaction: the upsert holds the row
 * lock until commit, so concurrent creations queue and a rolled-back one gives its number back.
 */
export async function nextNumber(db: Db, prefix: string, at: Date = new Date()): Promise<string> {
  const day = businessDate(at).replaceAll('-', '').slice(2);
  const [row] = await db
    .insert(numberSequences)
    .values({ prefix, day, last: 1 })
    .onConflictDoUpdate({
      target: [numberSequences.prefix, numberSequences.day],
      set: { last: sql`${numberSequences.last} + 1` },
    })
    .returning({ last: numberSequences.last });
  return `${prefix}${day}${String(row!.last).padStart(4, '0')}`;
}
