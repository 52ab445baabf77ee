import { sql } from 'drizzle-orm';
import { loginThrottle } from '../db/schema/identity';
import type { Config } from './config';
import type { Db } from './db';

// Limits on every call that needs no session (issue 32): the public operations called without one
// (sign-in, codes, password reset, QR, interim links, refresh, system info) and the share-link
// routes. Sign-in and share-link passwords have their own failure counts (identity's
// throttle.service.ts, files' share-throttle.ts); these cap every request, right or wrong, so
// nobody can hammer the anonymous surface: make QR tokens by the million, guess link codes, reset
// tokens or interim tokens, or flood one account's mailbox from many addresses.
//
// Counted in the database, in the sign-in limits' table (`login_throttle`, keys `anon:ip:<address>`
// and `anon:acct:<name>`, purged with them), so every process shares them; one UPSERT per count,
// outside the operation's transaction, so a refused call keeps its count. A fixed window of
// ANON_WINDOW_SECONDS: the call that finds its key past the limit is refused with the seconds to
// the window's end (E_TOO_MANY_REQUESTS, 429).

export type AnonymousLimits = Pick<
  Config,
  'ANON_IP_MAX_REQUESTS' | 'ANON_ACCOUNT_MAX_REQUESTS' | 'ANON_WINDOW_SECONDS'
>;

export const anonymousAddressKey = (ip: string) => `anon:ip:${ip}`;
export const anonymousAccountKey = (account: string) => `anon:acct:${account.trim().toLowerCase()}`;

/**
 * Counts one request against `key`: answers the seconds left in the key's window when the count is
 * past `limit` (the request is refused), undefined otherwise.
 */
async function count(db: Db, key: string, limit: number, windowSeconds: number): Promise<number | undefined> {
  const stale = sql`${loginThrottle.windowStart} <= now() - make_interval(secs => ${windowSeconds}::int)`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        // Past the limit the count stays where it is: the window ends on time, however many come.
        failures: sql`case when ${stale} then 1 else least(${loginThrottle.failures} + 1, ${limit}::int + 1) end`,
        windowStart: sql`case when ${stale} then now() else ${loginThrottle.windowStart} end`,
      },
    })
    .returning({
      count: loginThrottle.failures,
      left: sql<number>`ceil(extract(epoch from ${loginThrottle.windowStart} + make_interval(secs => ${windowSeconds}::int) - now()))::int`,
    });
  if (!row || row.count <= limit) return undefined;
  return Math.max(1, Number(row.left));
}

/** The account a public call names (its `account` or `username`), if any. */
export function accountOf(input: unknown): string | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const { account, username } = input as { account?: unknown; username?: unknown };
  const name = typeof account === 'string' ? account : typeof username === 'string' ? username : undefined;
  return name?.trim() ? name : undefined;
}

/** Counts an anonymous request from `ip`: the seconds to wait when it is past the address's limit. */
export function countAnonymousAddress(
  db: Db,
  ip: string,
  limits: AnonymousLimits,
): Promise<number | undefined> {
  return count(db, anonymousAddressKey(ip), limits.ANON_IP_MAX_REQUESTS, limits.ANON_WINDOW_SECONDS);
}

/** Counts an anonymous request naming `account`: the seconds to wait when it is past the account's limit. */
export function countAnonymousAccount(
  db: Db,
  account: string,
  limits: AnonymousLimits,
): Promise<number | undefined> {
  return count(
    db,
    anonymousAccountKey(account),
    limits.ANON_ACCOUNT_MAX_REQUESTS,
    limits.ANON_WINDOW_SECONDS,
  );
}
