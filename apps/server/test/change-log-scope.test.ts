import { existsSync, readdirSync } from 'node:fs';
import type { RoleCode } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../src/modules/modules';
import { writeChangeLog } from '../src/platform/change-log';
import type { ChangeLogScopeCases } from './support/change-log-scope';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// DOMAIN.md §5.2/§6.11: the change log shows only records the caller may read. Every area declares
// its change log with the record rule its own `get` applies (`defineModule({ changeLog })`); this
// test walks every declaration of the module registry. A scoped entity needs a case in some area's
// factory (`export const changeLogScope: ChangeLogScopeCases`: one record a SALES user of SALES1 may
// read, one of another department); an unscoped one states why (`unscopedBecause`). A new area is
// covered by its own files, without editing this test.

const sources = modules.flatMap((m) => m.changeLog ?? []);

const modulesDir = new URL('../src/modules/', import.meta.url);
const factories = readdirSync(modulesDir)
  .map((area) => new URL(`${area}/${area}.factory.ts`, modulesDir))
  .filter((file) => existsSync(file));
const declared: ChangeLogScopeCases[] = await Promise.all(
  factories.map(
    async (file) =>
      ((await import(file.href)) as { changeLogScope?: ChangeLogScopeCases }).changeLogScope ?? {},
  ),
);

const SCOPED: ChangeLogScopeCases = Object.assign({}, ...declared);

let t: TestApp;
const tokens = {} as Record<RoleCode, string>;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ['ADMIN', 'SALES', 'CLIENT', 'INSPECTOR'] as const)
    tokens[role] = await signInAs(t, role);
});
afterAll(() => t.close());

async function logged(entity: string, id: bigint) {
  await writeChangeLog(
    t.database.db,
    { userId: null },
    {
      entity,
      entityId: id,
      action: 'update',
      changes: [{ field: 'name', from: 'secret before', to: 'secret after' }],
    },
  );
}

describe('changelog scope', () => {
  it('every declared entity is either scoped with a case in a factory or unscoped for a stated reason', () => {
    for (const source of sources) {
      if (source.readable === 'unscoped') {
        expect(source.unscopedBecause, `${source.entity}: unscoped without a reason`).toBeTruthy();
      } else {
        expect(SCOPED[source.entity], `${source.entity}: scoped without a changeLogScope case`).toBeTruthy();
      }
    }
  });

  it('refuses every entity to CLIENT users, and undeclared entities to everyone', async () => {
    for (const source of sources.slice(0, 60)) {
      const { result } = await t.client.call(
        changeLogOp,
        { entity: source.entity, id: '1' },
        { token: tokens.CLIENT },
      );
      expect(result, source.entity).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    }
    const undeclared = await t.client.call(
      changeLogOp,
      { entity: 'users', id: '1' },
      { token: tokens.ADMIN },
    );
    expect(undeclared.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
  });

  for (const { entity } of sources.filter((source) => source.readable !== 'unscoped')) {
    it(`${entity}: a scoped user reads the log of records in scope only (E_SCOPE, nothing shown)`, async () => {
      const records = SCOPED[entity];
      if (!records) throw new Error(`${entity}: scoped without a changeLogScope case`);
      const { mine, elsewhere, reader = 'SALES' } = await records(t.database.db);
      await logged(entity, mine);
      await logged(entity, elsewhere);
      const own = await t.client.ok(changeLogOp, { entity, id: String(mine) }, { token: tokens[reader] });
      expect(own.list.length).toBeGreaterThan(0);
      const refused = await t.client.call(
        changeLogOp,
        { entity, id: String(elsewhere) },
        { token: tokens[reader], lang: 'en' },
      );
      expect(refused.result).toMatchObject({ success: false, reason: 'E_SCOPE', data: null });
      expect(JSON.stringify(refused.result)).not.toContain('secret');
      // An administrator (scope: all) reads both.
      const all = await t.client.ok(changeLogOp, { entity, id: String(elsewhere) }, { token: tokens.ADMIN });
      expect(all.list.map((e) => e.changes[0]?.to)).toContain('secret after');
    });
  }
});
