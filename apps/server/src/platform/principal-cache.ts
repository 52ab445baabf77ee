import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from './auth';
import type { Database } from './db';

/** What one process tells the others it forgot: `s<session id>`, `u<user id>` or `*` (everything). */
export type Forgotten = `s${bigint}` | `u${bigint}` | '*';

/**
 * How long after a change its entries are forgotten a second time: the change is forgotten while
 * its transaction is still open, so a call in between may load the old user and role again; by
 * now that transaction has committed.
 */
const AGAIN_MS = 1_000;

/**
 * A few seconds of memory of who a session is, so a burst of calls does not reload the user and
 * role each time. Changes (lock, logout, role edit) forget entries at once in this process, and,
 * through `broadcast` (PostgreSQL NOTIFY, ADR 0029), in every other process of the same database;
 * each forgets again a second later (`AGAIN_MS`). Without a broadcast other processes would see a
 * change within `ttlMs`.
 */
export class PrincipalCache {
  private readonly entries = new Map<bigint, { principal: Principal; until: number }>();
  private broadcast: ((forgotten: Forgotten) => void) | undefined;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Tells the other processes what this one forgets (`received` applies what they tell). */
  broadcastTo(send: (forgotten: Forgotten) => void): void {
    this.broadcast = send;
  }

  /** What another process forgot: forgotten here too, now and again a moment later. */
  received(message: string): void {
    if (message === '*') this.forget('*', false);
    else if (/^[su]\d{1,19}$/.test(message)) this.forget(message as Forgotten, false);
  }

  get(sessionId: bigint, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.principal;
  }

  set(sessionId: bigint, principal: Principal, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(sessionId, { principal, until: now + this.ttlMs });
  }

  forgetSession(sessionId: bigint): void {
    this.forget(`s${sessionId}`, true);
  }

  /** Every session of the user, and every session in which the user acts for someone else. */
  forgetUser(userId: bigint): void {
    this.forget(`u${userId}`, true);
  }

  clear(): void {
    this.forget('*', true);
  }

  private forget(forgotten: Forgotten, tell: boolean): void {
    this.drop(forgotten);
    setTimeout(() => this.drop(forgotten), AGAIN_MS).unref();
    if (tell) this.broadcast?.(forgotten);
  }

  private drop(forgotten: Forgotten): void {
    if (forgotten === '*') {
      this.entries.clear();
      return;
    }
    const id = BigInt(forgotten.slice(1));
    if (forgotten.startsWith('s')) {
      this.entries.delete(id);
      return;
    }
    for (const [sid, { principal }] of this.entries) {
      if (principal.userId === id || principal.impersonatorId === id) this.entries.delete(sid);
    }
  }
}

const CHANNEL = 'qcdesk_principals';

/**
 * Several processes on one PostgreSQL database (PROCESSES, or several machines): what one process's
 * cache forgets is sent to the others (NOTIFY on `qcdesk_principals`, `<process> <forgotten>`), and
 * what they send is forgotten here; after a lost listening connection everything is forgotten once.
 * On PGlite (one process) nothing is needed. Answers the stop of the listening.
 */
export async function shareForgotten(
  database: Database,
  cache: PrincipalCache,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  const me = randomUUID();
  const stop = await database.listen(CHANNEL, {
    onMessage: (payload) => {
      const [from, forgotten] = payload.split(' ');
      if (from !== me && forgotten) cache.received(forgotten);
    },
    onReconnect: () => cache.received('*'),
  });
  cache.broadcastTo((forgotten) => {
    database.db
      .execute(sql`select pg_notify(${CHANNEL}, ${`${me} ${forgotten}`})`)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'could not tell the other processes of a session change');
      });
  });
  return stop;
}
