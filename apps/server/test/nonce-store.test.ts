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
import { openTestDatabase } from './support/test-database';

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
