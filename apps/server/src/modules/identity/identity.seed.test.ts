import { areas, ROLES } from '@qcdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { departments, groups, roles, users } from '../../db/schema/identity';
import { loadConfig } from '../../platform/config';
import { seedIdentity } from './identity.seed';

// The identity seed runs on every start: idempotent, the admin's random password printed once
// and changed at first sign-in, matrix permissions added later granted once.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function seedWith(env: Record<string, string> = {}) {
  const printed: string[] = [];
  const log = { warn: (m: string) => printed.push(m), info() {}, error() {} } as unknown as Console;
  return {
    printed,
    run: () =>
      seedIdentity({
        database: t.database,
        hooks: t.app.capabilities,
        config: loadConfig({ NODE_ENV: 'test', ...env }),
        log,
      }),
  };
}

const count = async (table: typeof users | typeof roles | typeof groups | typeof departments) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('identity seed', () => {
  it('is idempotent', async () => {
    const before = await Promise.all([count(users), count(roles), count(groups), count(departments)]);
    const { run, printed } = seedWith({ QCDESK_DEMO_USERS: '1' });
    await run();
    await run();
    expect(await Promise.all([count(users), count(roles), count(groups), count(departments)])).toEqual(
      before,
    );
    expect(printed).toEqual([]);
  });

  it('creates admin with a random password printed once, to be changed at first sign-in (-1001)', async () => {
    await t.database.db.update(users).set({ valid: 0 }).where(eq(users.username, 'admin'));
    const first = seedWith();
    await first.run();
    expect(first.printed).toHaveLength(1);
    const password = /password "([^"]+)"/.exec(first.printed[0]!)![1]!;
    const again = seedWith();
    await again.run();
    expect(again.printed).toEqual([]);

    const session = await t.client.ok(areas.identity.login, { username: 'admin', password });
    const check = await t.client.call(areas.identity.check, {}, { token: session.bearerToken });
    expect(check.result).toMatchObject({ success: false, code: -1001 });
  });

  it('grants a permission added to the matrix once, but keeps an administrator’s removal', async () => {
    const db = t.database.db;
    const [qc] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.code, 'QC'), eq(roles.valid, 1)));
    // As if 'standard.search' had come with a later release, and 'test.create' had been removed by hand.
    await db
      .update(roles)
      .set({
        permissions: qc!.permissions.filter((p) => p !== 'standard.search' && p !== 'test.create'),
        seededPermissions: qc!.seededPermissions.filter((p) => p !== 'standard.search'),
      })
      .where(eq(roles.id, qc!.id));
    await seedWith().run();
    const [after] = await db.select().from(roles).where(eq(roles.id, qc!.id));
    expect(after!.permissions).toContain('standard.search');
    expect(after!.permissions).not.toContain('test.create');
    expect(new Set(after!.seededPermissions)).toEqual(
      new Set(ROLES.find((r) => r.code === 'QC')!.permissions),
    );
  });
});
