import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../src/platform/db';
import {
  DatabaseNonceStore,
  MemoryNonceStore,
  type NonceStore,
  RedisNonceStore,
} from '../src/platform/envelope/nonce-store';
import { openSameDatabase, openTestDatabase } from './support/test-database';

function behavesAsNonceStore(name: string, make: () => Promise<NonceStore>, enabled = true) {
  describe.runIf(enabled)(name, () => {
    let store: NonceStore;
    beforeAll(async () => {
      store = await make();
    });
    afterAll(() => store.close());

    it('admits a nonce once within its window', async () => {
      const nonce = randomBytes(16).toString('base64');
      const until = new Date(Date.now() + 60_000);
      expect(await store.claim(nonce, until)).toBe(true);
      expect(await store.claim(nonce, until)).toBe(false);
    });

    it('admits exactly one of many concurrent claims', async () => {
      const nonce = randomBytes(16).toString('base64');
      const until = new Date(Date.now() + 60_000);
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(nonce, until)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });
}

let database: Database;
behavesAsNonceStore('DatabaseNonceStore', async () => {
  database = await openTestDatabase();
  return new DatabaseNonceStore(database.db);
});
afterAll(() => database?.close());

describe('DatabaseNonceStore claims in batches (ADR 0009)', () => {
  const fresh = () => randomBytes(16).toString('base64');
  const until = () => new Date(Date.now() + 60_000);

  it('admits each nonce once when two processes claim the same nonces at the same time', async () => {
    const other = await openSameDatabase(database);
    try {
      const a = new DatabaseNonceStore(database.db);
      const b = new DatabaseNonceStore(other.db);
      const nonces = Array.from({ length: 40 }, fresh);
      // The second process receives them in the opposite order: its batch must not deadlock.
      const claims = new Map<string, Promise<boolean>[]>(nonces.map((n) => [n, []]));
      for (const n of nonces) claims.get(n)!.push(a.claim(n, until()));
      for (const n of [...nonces].reverse()) claims.get(n)!.push(b.claim(n, until()));
      for (const n of nonces) claims.get(n)!.push(a.claim(n, until()));
      const answers = await Promise.all([...claims.values()].map((p) => Promise.all(p)));
      for (const perNonce of answers) expect(perNonce.filter(Boolean)).toHaveLength(1);
      // Claimed for good: neither process admits any of them again.
      const again = await Promise.all(nonces.flatMap((n) => [a.claim(n, until()), b.claim(n, until())]));
      expect(again.some(Boolean)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('admits an expired leftover of a nonce again, once', async () => {
    const store = new DatabaseNonceStore(database.db);
    const nonce = fresh();
    await database.db.execute(
      sql`insert into envelope_nonces (nonce, expires_at) values (${nonce}, now() - interval '1 minute')`,
    );
    const answers = await Promise.all([store.claim(nonce, until()), store.claim(nonce, until())]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await store.claim(nonce, until())).toBe(false);
    const [row] = await rows<{ later: boolean }>(
      database.db,
      sql`select expires_at > now() as later from envelope_nonces where nonce = ${nonce}`,
    );
    expect(row?.later).toBe(true);
  });
});

describe('the envelope_nonces table', () => {
  // ADR 0007: a logged table made every sealed call wait for a WAL flush on PostgreSQL.
  it('is unlogged', async () => {
    const found = await rows<{ relpersistence: string }>(
      database.db,
      sql`select relpersistence from pg_class where relname = 'envelope_nonces'`,
    );
    expect(found[0]?.relpersistence).toBe('u');
  });
});

behavesAsNonceStore('MemoryNonceStore', async () => new MemoryNonceStore());

// Redis is optional for the product; CI sets TEST_REDIS_URL because the machine runs one.
behavesAsNonceStore(
  'RedisNonceStore',
  async () => new RedisNonceStore(process.env.TEST_REDIS_URL!),
  Boolean(process.env.TEST_REDIS_URL),
);
