import { and, eq, inArray, lt, max, type SQL, sql } from 'drizzle-orm';
import { shareThrottle } from '../../db/schema/files';
import type { Db } from '../../platform/db';

// Guessing of share-link passwords (issue 10 finding 4). Two counts, both in the database so every
// process sees them:
// - per link and address: after LINK_FREE_FAILURES wrong passwords, each further attempt from that
//   address waits 1, 2, 4 … seconds, at most MAX_DELAY_SECONDS; another address (the real
//   recipient) is not slowed by a stranger's guesses;
// - per address across all links: at most ADDRESS_MAX_FAILURES wrong passwords per
//   ADDRESS_WINDOW_MINUTES.
// An attempt is charged before its password is checked (one conditional UPSERT per count, refused
// while locked), so a burst of parallel guesses cannot all slip in before the first is counted; a
// right password gives the charge back.

export const LINK_FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 60;
export const ADDRESS_MAX_FAILURES = 20;
export const ADDRESS_WINDOW_MINUTES = 15;
/** A link's count is forgotten after a day without wrong passwords. */
const LINK_WINDOW_MINUTES = 24 * 60;

const linkKey = (code: string, ip: string) => `link:${code}:${ip}`;
const addressKey = (ip: string) => `ip:${ip}`;

type Charge = { ok: true } | { ok: false; seconds: number };

/** Seconds until the later lock of `keys` ends (at least 1). */
async function waitSeconds(db: Db, keys: string[]): Promise<number> {
  const [row] = await db
    .select({ until: max(shareThrottle.lockedUntil) })
    .from(shareThrottle)
    .where(inArray(shareThrottle.key, keys));
  const until = row?.until ? new Date(row.until).getTime() : Date.now();
  return Math.max(1, Math.ceil((until - Date.now()) / 1000));
}

/**
 * Counts one attempt against `key` unless it is locked; answers false when locked. `lockFor` gives
 * the lock the new count sets (SQL null: none); a first count (1) is below every limit.
 */
async function charge(
  db: Db,
  key: string,
  windowMinutes: number,
  lockFor: (failures: SQL, stale: SQL) => SQL,
): Promise<boolean> {
  const stale = sql`${shareThrottle.windowStart} < now() - make_interval(mins => ${windowMinutes})`;
  const failures = sql`case when ${stale} then 1 else ${shareThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(shareThrottle)
    .values({ key, failures: 1, lockedUntil: null })
    .onConflictDoUpdate({
      target: shareThrottle.key,
      set: {
        failures,
        windowStart: sql`case when ${stale} then now() else ${shareThrottle.windowStart} end`,
        lockedUntil: lockFor(failures, stale),
      },
      setWhere: sql`${shareThrottle.lockedUntil} is null or ${shareThrottle.lockedUntil} <= now()`,
    })
    .returning({ key: shareThrottle.key });
  return row !== undefined;
}

/** Link count: 1, 2, 4 … seconds from the LINK_FREE_FAILURES-th failure on, capped. */
const linkLock = (failures: SQL) =>
  sql`case when ${failures} >= ${LINK_FREE_FAILURES} then now() + make_interval(secs => least(${MAX_DELAY_SECONDS}, power(2, ${failures} - ${LINK_FREE_FAILURES}))) else null end`;

/** Address count: locked to the end of its window once it holds ADDRESS_MAX_FAILURES. */
const addressLock = (failures: SQL, stale: SQL) => {
  const start = sql`(case when ${stale} then now() else ${shareThrottle.windowStart} end)`;
  return sql`case when ${failures} >= ${ADDRESS_MAX_FAILURES} then ${start} + make_interval(mins => ${ADDRESS_WINDOW_MINUTES}) else null end`;
};

/**
 * Charges one password attempt on link `code` from address `ip`, before the password is checked:
 * answers the seconds to wait instead when the link (for this address) or the address is locked.
 */
export async function chargeShareAttempt(db: Db, code: string, ip: string): Promise<Charge> {
  const address = addressKey(ip);
  const link = linkKey(code, ip);
  if (!(await charge(db, address, ADDRESS_WINDOW_MINUTES, addressLock)))
    return { ok: false, seconds: await waitSeconds(db, [address]) };
  if (!(await charge(db, link, LINK_WINDOW_MINUTES, linkLock))) {
    await refund(db, address);
    return { ok: false, seconds: await waitSeconds(db, [link, address]) };
  }
  return { ok: true };
}

/** Gives back the address's charge of an attempt that turned out right. */
async function refund(db: Db, key: string): Promise<void> {
  await db
    .update(shareThrottle)
    .set({
      failures: sql`greatest(0, ${shareThrottle.failures} - 1)`,
      lockedUntil: sql`case when ${shareThrottle.failures} - 1 >= ${ADDRESS_MAX_FAILURES} then ${shareThrottle.lockedUntil} else null end`,
    })
    .where(eq(shareThrottle.key, key));
}

/** A right password: the charge is given back and the link's count for this address is cleared. */
export async function shareAttemptSucceeded(db: Db, code: string, ip: string): Promise<void> {
  await refund(db, addressKey(ip));
  await db.delete(shareThrottle).where(eq(shareThrottle.key, linkKey(code, ip)));
}

/** Housekeeping: forget counts whose window and lock are long over. */
export async function purgeShareThrottle(db: Db): Promise<number> {
  const removed = await db
    .delete(shareThrottle)
    .where(
      and(
        lt(shareThrottle.windowStart, sql`now() - interval '1 day'`),
        sql`(${shareThrottle.lockedUntil} is null or ${shareThrottle.lockedUntil} < now())`,
      ),
    )
    .returning({ key: shareThrottle.key });
  return removed.length;
}
