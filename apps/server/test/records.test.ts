import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBlock, idColumn } from '../src/db/columns';
import type { Principal } from '../src/platform/auth';
import { actorOf } from '../src/platform/auth';
import { readChangeLog } from '../src/platform/change-log';
import type { Database } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import { createRecord, updateRecord } from '../src/platform/records';
import { availableActions, defineStateMachine, transition } from '../src/platform/transition';
import { openTestDatabase } from './support/test-database';

// A stand-in entity for the helpers every business table will use.
const widgets = pgTable('test_widgets', {
  id: idColumn(),
  name: text('name').notNull(),
  status: integer('status').notNull().default(10),
  ...auditBlock(),
});

const machine = defineStateMachine('widget', [
  { from: [10, 80], action: 'submit', to: 20, permission: 'widget.edit' },
  {
    from: [20],
    action: 'approve',
    to: 40,
    permission: 'widget.audit',
    guard: (record) => (record.name === 'bad' ? 'E_SELF_AUDIT' : null),
  },
  { from: [20], action: 'return', to: 80, permission: 'widget.audit', reasonRequired: true },
]);

const user = (permissions: string[], impersonatorId?: bigint): Principal => ({
  userId: 42n,
  username: 'u',
  displayName: 'U',
  permissions: new Set(permissions),
  impersonatorId,
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`
    create table test_widgets (
      id bigint primary key generated always as identity,
      name text not null,
      status integer not null default 10,
      created_by bigint, created_at timestamptz not null default now(),
      updated_by bigint, updated_at timestamptz not null default now(),
      version integer not null default 0, valid smallint not null default 1)`);
});
afterAll(() => database.close());

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).reason;
};

describe('createRecord / updateRecord', () => {
  it('stamps the audit block, bumps the version and logs field changes', async () => {
    const { db } = database;
    const created = await createRecord(db, {
      table: widgets,
      values: { name: 'first' },
      actor: actorOf(user([])),
    });
    expect(created).toMatchObject({ version: 0, createdBy: 42n, valid: 1 });
    const id = created.id as bigint;
    const updated = await db.transaction((tx) =>
      updateRecord(tx as never, {
        table: widgets,
        id,
        version: 0,
        values: { name: 'second' },
        actor: actorOf(user([], 9n)),
      }),
    );
    expect(updated).toMatchObject({ name: 'second', version: 1 });
    const log = await readChangeLog(db, 'test_widgets', id);
    expect(log.map((r) => r.action)).toEqual(['update', 'create']);
    expect(log[0]).toMatchObject({
      changes: [{ field: 'name', from: 'first', to: 'second' }],
      impersonatorId: 9n,
    });
  });

  it('refuses a stale version with E_VERSION and writes nothing', async () => {
    const { db } = database;
    const created = await createRecord(db, {
      table: widgets,
      values: { name: 'stale' },
      actor: actorOf(null),
    });
    const id = created.id as bigint;
    expect(
      await refusal(
        updateRecord(db, { table: widgets, id, version: 5, values: { name: 'x' }, actor: actorOf(null) }),
      ),
    ).toBe('E_VERSION');
    const [row] = await db.select().from(widgets).where(sql`id = ${id}`);
    expect(row).toMatchObject({ name: 'stale', version: 0 });
    expect(await readChangeLog(db, 'test_widgets', id)).toHaveLength(1);
    expect(
      await refusal(
        updateRecord(db, { table: widgets, id: 999999n, version: 0, values: {}, actor: actorOf(null) }),
      ),
    ).toBe('E_NOT_FOUND');
  });
});

describe('transition', () => {
  const make = async (name: string) =>
    (await createRecord(database.db, { table: widgets, values: { name }, actor: actorOf(null) }))
      .id as bigint;

  it('moves along the table and logs from → to with the reason', async () => {
    const { db } = database;
    const id = await make('ok');
    const submitted = await transition(db, {
      machine,
      table: widgets,
      id,
      version: 0,
      action: 'submit',
      user: user(['widget.edit']),
    });
    expect(submitted).toMatchObject({ status: 20, version: 1 });
    const returned = await transition(db, {
      machine,
      table: widgets,
      id,
      version: 1,
      action: 'return',
      reason: 'photos missing',
      user: user(['widget.audit']),
    });
    expect(returned).toMatchObject({ status: 80, version: 2 });
    const [last] = await readChangeLog(db, 'widget', id);
    expect(last).toMatchObject({
      action: 'return',
      reason: 'photos missing',
      changes: [{ field: 'status', from: 20, to: 80 }],
    });
  });

  it('refuses a wrong status, a missing permission, a missing reason, a guard and a stale version', async () => {
    const { db } = database;
    const id = await make('bad');
    const auditor = user(['widget.audit', 'widget.edit']);
    expect(
      await refusal(
        transition(db, { machine, table: widgets, id, version: 0, action: 'approve', user: auditor }),
      ),
    ).toBe('E_STATUS');
    expect(
      await refusal(
        transition(db, { machine, table: widgets, id, version: 0, action: 'submit', user: user([]) }),
      ),
    ).toBe('E_PERMISSION');
    expect(
      await refusal(
        transition(db, { machine, table: widgets, id, version: 3, action: 'submit', user: auditor }),
      ),
    ).toBe('E_VERSION');
    await transition(db, { machine, table: widgets, id, version: 0, action: 'submit', user: auditor });
    expect(
      await refusal(
        transition(db, {
          machine,
          table: widgets,
          id,
          version: 1,
          action: 'return',
          reason: '  ',
          user: auditor,
        }),
      ),
    ).toBe('E_REASON_REQUIRED');
    expect(
      await refusal(
        transition(db, { machine, table: widgets, id, version: 1, action: 'approve', user: auditor }),
      ),
    ).toBe('E_SELF_AUDIT');
    const [row] = await db.select().from(widgets).where(sql`id = ${id}`);
    expect(row).toMatchObject({ status: 20, version: 1 });
  });

  it('lists the actions a user may take in a status', () => {
    expect(availableActions(machine, 20, user(['widget.audit']))).toEqual(['approve', 'return']);
    expect(availableActions(machine, 20, user(['widget.edit']))).toEqual([]);
  });

  it('rejects a table with two rules for one status and action', () => {
    expect(() =>
      defineStateMachine('x', [
        { from: [10], action: 'a', to: 20, permission: 'p' },
        { from: [10], action: 'a', to: 30, permission: 'p' },
      ]),
    ).toThrow(/two rules/);
  });
});
