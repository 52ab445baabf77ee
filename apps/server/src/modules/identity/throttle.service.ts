import { and, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema/identity';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

// Abuse limits for sign-in and code attempts (issue 3): failures are counted per account name
// (whether or not the account exists, so a lockout tells nothing) and per client address; past
// the limit the key is locked for LOGIN_LOCK_MINUTES. Kept in the database so every process sees them.

export interface ThrottleSubject {
  /** The account name as typed (username or e-mail); null when the action names no account. */
  account: string | null;
  ip: string;
}

export type ThrottleLimits = Pick<
  Config,
  'LOGIN_MAX_FAILURES' | 'LOGIN_IP_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'
>;

const accountKey = (account: string) => `acct:${account.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
/** Mails sent on anonymous request (codes, reset links) count apart from failures. */
const mailKey = (ip: string) => `mail:${ip}`;

function keysOf(subject: ThrottleSubject): string[] {
  return subject.account ? [accountKey(subject.account), ipKey(subject.ip)] : [ipKey(subject.ip)];
}

async function assertOpen(db: Db, keys: string[]): Promise<void> {
  const [row] = await db
    .select({ until: max(loginThrottle.lockedUntil) })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, sql`now()`)));
  if (row?.until) {
    const minutes = Math.max(1, Math.ceil((new Date(row.until).getTime() - Date.now()) / 60_000));
    throw new AppError('E_LOCKED_OUT', { n: minutes }, { keepWrites: true });
  }
}

/** Refuses with E_LOCKED_OUT while the account or the address is locked. */
export function assertNotLocked(db: Db, subject: ThrottleSubject): Promise<void> {
  return assertOpen(db, keysOf(subject));
}

/** Counts one failure against a key; answers whether the key is now locked. */
async function count(db: Db, key: string, limit: number, lockMinutes: number): Promise<boolean> {
  const window = sql`now() - make_interval(mins => ${lockMinutes})`;
  const stale = sql`${loginThrottle.windowStart} < ${window}`;
  const failures = sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      lockedUntil: limit <= 1 ? sql`now() + make_interval(mins => ${lockMinutes})` : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures,
        windowStart: sql`case when ${stale} then now() else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when ${failures} >= ${limit} then now() + make_interval(mins => ${lockMinutes}) else ${loginThrottle.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: loginThrottle.lockedUntil });
  return row?.lockedUntil != null && new Date(row.lockedUntil).getTime() > Date.now();
}

/**
 * Records a failed attempt and answers the refusal to throw: the attempt's own reason, or
 * E_LOCKED_OUT when this failure reached a limit. The refusal keeps its writes, so the count
 * survives the rollback of the operation.
 */
export async function recordFailure(
  db: Db,
  subject: ThrottleSubject,
  limits: ThrottleLimits,
  reason: 'E_LOGIN_FAILED' | 'E_CODE_INVALID' | 'E_OLD_PASSWORD',
  field?: string,
): Promise<AppError> {
  const minutes = limits.LOGIN_LOCK_MINUTES;
  let locked = await count(db, ipKey(subject.ip), limits.LOGIN_IP_MAX_FAILURES, minutes);
  if (subject.account)
    locked = (await count(db, accountKey(subject.account), limits.LOGIN_MAX_FAILURES, minutes)) || locked;
  if (locked) return new AppError('E_LOCKED_OUT', { n: minutes }, { keepWrites: true });
  return new AppError(reason, {}, { keepWrites: true, ...(field ? { field } : {}) });
}

/** A success clears the account's failures (the address keeps its count). */
export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(account)));
}

/**
 * Mails sent on anonymous request from one address: past the address limit within the window
 * the request is refused, so nobody can flood mailboxes or the outbox.
 */
export async function countMailRequest(db: Db, ip: string, limits: ThrottleLimits): Promise<void> {
  await assertOpen(db, [mailKey(ip)]);
  await count(db, mailKey(ip), limits.LOGIN_IP_MAX_FAILURES, limits.LOGIN_LOCK_MINUTES);
}

/** Housekeeping: forget keys whose window and lock are long over. */
export async function purgeThrottle(db: Db): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStart, sql`now() - interval '1 day'`),
        sql`(${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} < now())`,
      ),
    );
}
