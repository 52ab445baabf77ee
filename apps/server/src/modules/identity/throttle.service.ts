import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema/identity';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

// Abuse limits for sign-in and code attempts (issues 3 and 10), kept in the database so every
// process sees them.
// - Per account name (whether or not the account exists, so a lockout tells nothing): every
//   attempt takes a slot atomically before its secret is checked, and the one that fills
//   LOGIN_MAX_FAILURES locks the name for LOGIN_LOCK_MINUTES. However many attempts arrive at
//   once, in any number of processes, at most LOGIN_MAX_FAILURES secrets are checked per window.
// - Per client address: a slowdown, not a lock (everyone behind one address shares it). From
//   LOGIN_IP_MAX_FAILURES failures on, each failure makes the address wait before its next
//   attempt, 2 s doubling up to LOGIN_IP_MAX_WAIT_SECONDS; after the wait any account gets in
//   with the right secret. The count ends after LOGIN_LOCK_MINUTES without failures past it.

export interface ThrottleSubject {
  /** The account name as typed (username or e-mail); null when the action names no account. */
  account: string | null;
  ip: string;
}

export type ThrottleLimits = Pick<
  Config,
  'LOGIN_MAX_FAILURES' | 'LOGIN_IP_MAX_FAILURES' | 'LOGIN_IP_MAX_WAIT_SECONDS' | 'LOGIN_LOCK_MINUTES'
>;

const accountKey = (account: string) => `acct:${account.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
/** Mails sent on anonymous request (codes, reset links) count apart from failures. */
const mailKey = (ip: string) => `mail:${ip}`;

const lockedNow = sql`(${loginThrottle.lockedUntil} is not null and ${loginThrottle.lockedUntil} > now())`;
const staleAfter = (minutes: number) =>
  sql`${loginThrottle.windowStart} < now() - make_interval(mins => ${minutes}::int)`;
/** The count of a key once this attempt is in: 1 when its window is over. */
const nextCount = (stale: SQL) => sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;

/** Seconds until the key's lock ends, rounded up; at least 1 (the lock may end meanwhile). */
async function secondsLeft(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from ${loginThrottle.lockedUntil} - now()))::int` })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), gt(loginThrottle.lockedUntil, sql`now()`)));
  return Math.max(1, Number(row?.seconds ?? 1));
}

async function lockedOut(db: Db, key: string): Promise<AppError> {
  const minutes = Math.ceil((await secondsLeft(db, key)) / 60);
  return new AppError('E_LOCKED_OUT', { n: minutes }, { keepWrites: true });
}

/**
 * Takes one slot of a key's window in a single statement: none (undefined) while the key is locked
 * or its window already holds `limit` attempts; the attempt that fills the window locks the key.
 * Concurrent attempts queue on the row, so no more than `limit` ever get a slot. Answers the
 * attempt's number in the window.
 */
async function takeSlot(db: Db, key: string, limit: number, minutes: number): Promise<number | undefined> {
  const lock = sql`now() + make_interval(mins => ${minutes}::int)`;
  const stale = staleAfter(minutes);
  const count = nextCount(stale);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, lockedUntil: limit <= 1 ? lock : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: count,
        windowStart: sql`case when ${stale} then now() else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when ${count} >= ${limit}::int then ${lock} else null end`,
      },
      setWhere: sql`not ${lockedNow} and (${stale} or ${loginThrottle.failures} < ${limit}::int)`,
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures;
}

/** Seconds an address waits after its `count`th failure; 0 below LOGIN_IP_MAX_FAILURES. */
export function addressWait(count: number, limits: ThrottleLimits): number {
  const past = count - limits.LOGIN_IP_MAX_FAILURES;
  return past < 0 ? 0 : Math.min(limits.LOGIN_IP_MAX_WAIT_SECONDS, 2 ** Math.min(past + 1, 30));
}

/**
 * Takes the address's slot for one attempt: none (undefined) while the address waits. Past the
 * threshold the slot sets at once the wait a failure leaves (so only one attempt at a time gets
 * through), and keeps the count's window open. Answers the attempt's number in the count.
 */
async function takeAddressSlot(db: Db, ip: string, limits: ThrottleLimits): Promise<number | undefined> {
  const threshold = limits.LOGIN_IP_MAX_FAILURES;
  const waitFor = (count: SQL | number) =>
    sql`now() + make_interval(secs => least(${limits.LOGIN_IP_MAX_WAIT_SECONDS}::int, power(2, least(${count} - ${threshold}::int + 1, 30))))`;
  const stale = staleAfter(limits.LOGIN_LOCK_MINUTES);
  const count = nextCount(stale);
  const past = sql`${count} >= ${threshold}::int`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key: ipKey(ip), failures: 1, lockedUntil: threshold <= 1 ? waitFor(sql`1`) : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: count,
        windowStart: sql`case when ${stale} or ${past} then now() else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when ${past} then ${waitFor(count)} else null end`,
      },
      setWhere: sql`not ${lockedNow}`,
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures;
}

/** Gives the address's slot back (the attempt did not fail), with the wait the slot set. */
async function giveBackAddressSlot(db: Db, ip: string, setWait: boolean): Promise<void> {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
      ...(setWait ? { lockedUntil: null } : {}),
    })
    .where(eq(loginThrottle.key, ipKey(ip)));
}

/** An attempt at a secret (password or mailed code) holding its slots; see `beginAttempt`. */
export interface Attempt {
  readonly subject: ThrottleSubject;
  /** The attempt's number in the account's window; null when it names no account. */
  readonly accountCount: number | null;
  /** Seconds the address waits should the attempt fail (0: no wait). */
  readonly wait: number;
}

/**
 * Counts an attempt before its secret is checked: refuses with E_SLOW_DOWN while the address
 * waits and with E_LOCKED_OUT while the account is locked or its window is full, checking nothing.
 * The refusal keeps its writes, so the counts survive the rollback of the operation.
 */
export async function beginAttempt(
  db: Db,
  subject: ThrottleSubject,
  limits: ThrottleLimits,
): Promise<Attempt> {
  const addressCount = await takeAddressSlot(db, subject.ip, limits);
  if (addressCount === undefined) {
    throw new AppError('E_SLOW_DOWN', { n: await secondsLeft(db, ipKey(subject.ip)) }, { keepWrites: true });
  }
  const wait = addressWait(addressCount, limits);
  if (!subject.account) return { subject, accountCount: null, wait };
  const key = accountKey(subject.account);
  const accountCount = await takeSlot(db, key, limits.LOGIN_MAX_FAILURES, limits.LOGIN_LOCK_MINUTES);
  if (accountCount === undefined) {
    await giveBackAddressSlot(db, subject.ip, wait > 0);
    throw await lockedOut(db, key);
  }
  return { subject, accountCount, wait };
}

/**
 * The refusal of a failed attempt (its slots stay counted): E_LOCKED_OUT when it filled the
 * account's window, E_SLOW_DOWN when the address now waits, otherwise the attempt's own reason.
 */
export function failedAttempt(
  attempt: Attempt,
  limits: ThrottleLimits,
  reason: 'E_LOGIN_FAILED' | 'E_CODE_INVALID' | 'E_OLD_PASSWORD',
  field?: string,
): AppError {
  if (attempt.accountCount !== null && attempt.accountCount >= limits.LOGIN_MAX_FAILURES)
    return new AppError('E_LOCKED_OUT', { n: limits.LOGIN_LOCK_MINUTES }, { keepWrites: true });
  if (attempt.wait > 0) return new AppError('E_SLOW_DOWN', { n: attempt.wait }, { keepWrites: true });
  return new AppError(reason, {}, { keepWrites: true, ...(field ? { field } : {}) });
}

/**
 * The secret was right: the account's failures are cleared and the address gets its slot back,
 * with the wait the slot set (the address keeps the count of its failures).
 */
export async function attemptSucceeded(db: Db, attempt: Attempt): Promise<void> {
  if (attempt.subject.account) await clearFailures(db, attempt.subject.account);
  await giveBackAddressSlot(db, attempt.subject.ip, attempt.wait > 0);
}

/** Clears the account's failures (a password reset proves the mailbox). */
export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(account)));
}

/** Refuses with E_LOCKED_OUT while the account is locked (mail requests for it). */
export async function assertAccountOpen(db: Db, account: string): Promise<void> {
  const key = accountKey(account);
  const [row] = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), gt(loginThrottle.lockedUntil, sql`now()`)));
  if (row) throw await lockedOut(db, key);
}

/**
 * Mails sent on anonymous request from one address: past LOGIN_IP_MAX_FAILURES within the window
 * the request is refused, so nobody can flood mailboxes or the outbox.
 */
export async function countMailRequest(db: Db, ip: string, limits: ThrottleLimits): Promise<void> {
  const key = mailKey(ip);
  const count = await takeSlot(db, key, limits.LOGIN_IP_MAX_FAILURES, limits.LOGIN_LOCK_MINUTES);
  if (count === undefined) throw await lockedOut(db, key);
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
