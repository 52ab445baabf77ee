import { areas } from '@qcdesk/contract';
import { SCHEDULE_TYPE } from '@qcdesk/contract/factory-schedule';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { factories } from '../../db/schema/config';
import { changeLog } from '../../db/schema/platform';
import { buildOrder } from '../order/order.factory';
import { factoryClosures } from './factory-schedule.service';

// Factory schedules through the envelope (DOMAIN.md §2.8, §5.2): create runs and closures, the
// calendar of one factory, the month across factories, update and delete, the refusals, and the
// closures planning reads.

const ops = areas.factorySchedule;
let t: TestApp;
let qc: string;
let inspector: string;
let lab: string;

beforeAll(async () => {
  t = await startTestApp();
  [qc, inspector, lab] = await Promise.all([signInAs(t, 'QC'), signInAs(t, 'INSPECTOR'), signInAs(t, 'LAB')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const factoryId = async (code: string) => String(await idOf(db(), factories, code));

describe('config/factory/schedule', () => {
  it('creates a production run and a closure, reads them per factory and in the month view', async () => {
    const { products } = await buildOrder(db(), { lines: [{ factory: 'F-HM-SZ' }] });
    const hm = await factoryId('F-HM-SZ');
    const run = await t.client.ok(
      ops.createFactorySchedule,
      {
        factoryId: hm,
        type: SCHEDULE_TYPE.production,
        orderProductId: String(products[0]!.id),
        startDate: '2031-03-02',
        endDate: '2031-03-12',
        quantity: 1000,
      },
      { token: qc },
    );
    expect(run).toMatchObject({ type: 1, quantity: 1000, factory: { code: 'F-HM-SZ' } });
    expect(run.orderProduct?.productNo).toBe(products[0]!.productNo);
    const closure = await t.client.ok(
      ops.createFactorySchedule,
      {
        factoryId: hm,
        type: SCHEDULE_TYPE.closure,
        startDate: '2031-03-20',
        endDate: '2031-03-22',
        remark: '停电',
      },
      { token: qc },
    );
    expect(closure.orderProduct).toBeNull();
    const jl = await factoryId('F-JL-YW');
    await t.client.ok(
      ops.createFactorySchedule,
      { factoryId: jl, type: SCHEDULE_TYPE.closure, startDate: '2031-03-30', endDate: '2031-04-02' },
      { token: qc },
    );

    const calendar = await t.client.ok(
      ops.searchFactorySchedules,
      { factoryId: hm, startDate: '2031-03-10', endDate: '2031-03-21' },
      { token: inspector },
    );
    expect(calendar.list.map((r) => r.id)).toEqual([run.id, closure.id]);
    const closures = await t.client.ok(
      ops.searchFactorySchedules,
      { factory: 'F-HM', startDate: '2031-03-01', endDate: '2031-03-31', type: SCHEDULE_TYPE.closure },
      { token: qc },
    );
    expect(closures.list.map((r) => r.id)).toEqual([closure.id]);

    const month = await t.client.ok(ops.factoryScheduleMonth, { month: '2031-03' }, { token: qc });
    expect(month).toMatchObject({ startDate: '2031-03-01', endDate: '2031-03-31' });
    const byCode = Object.fromEntries(month.factories.map((f) => [f.factory.code, f.schedules.length]));
    expect(byCode).toMatchObject({ 'F-HM-SZ': 2, 'F-JL-YW': 1 });

    expect(await factoryClosures(db(), BigInt(hm), '2031-03-21', '2031-03-21')).toHaveLength(1);
    expect(await factoryClosures(db(), BigInt(hm), '2031-03-23', '2031-03-25')).toHaveLength(0);
  });

  it('updates, deletes and undeletes with the version; logs each', async () => {
    const hm = await factoryId('F-HM-SZ');
    const row = await t.client.ok(
      ops.createFactorySchedule,
      { factoryId: hm, type: SCHEDULE_TYPE.closure, startDate: '2031-05-01', endDate: '2031-05-03' },
      { token: qc },
    );
    const moved = await t.client.ok(
      ops.updateFactorySchedule,
      { id: row.id, version: row.version, endDate: '2031-05-05' },
      { token: qc },
    );
    expect(moved).toMatchObject({ endDate: '2031-05-05', version: row.version + 1 });
    const stale = await t.client.call(
      ops.updateFactorySchedule,
      { id: row.id, version: row.version, valid: 0 },
      { token: qc },
    );
    expect(stale.result.reason).toBe('E_VERSION');
    const deleted = await t.client.ok(
      ops.updateFactorySchedule,
      { id: row.id, version: moved.version, valid: 0 },
      { token: qc },
    );
    expect(deleted.valid).toBe(0);
    const calendar = await t.client.ok(
      ops.searchFactorySchedules,
      { factoryId: hm, startDate: '2031-05-01', endDate: '2031-05-31' },
      { token: qc },
    );
    expect(calendar.list).toEqual([]);
    const logs = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'factory_schedules'), eq(changeLog.entityId, BigInt(row.id))));
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input and roles: a run without its product, a product of another factory, reversed dates, a long range, no permission', async () => {
    const hm = await factoryId('F-HM-SZ');
    const { products } = await buildOrder(db(), { lines: [{ factory: 'F-JL-YW' }] });
    const call = (body: Record<string, unknown>, token = qc) =>
      t.client.call(ops.createFactorySchedule, body, { token });
    const base = { factoryId: hm, startDate: '2031-06-01', endDate: '2031-06-02' };
    expect((await call({ ...base, type: 1 })).result).toMatchObject({
      reason: 'E_REQUIRED',
      field: 'orderProductId',
    });
    expect((await call({ ...base, type: 1, orderProductId: String(products[0]!.id) })).result.reason).toBe(
      'E_REF_NOT_FOUND',
    );
    expect((await call({ ...base, type: 4, endDate: '2031-05-01' })).result.reason).toBe('E_DATE_RANGE');
    expect((await call({ ...base, type: 4 }, inspector)).result.reason).toBe('E_PERMISSION');
    const read = await t.client.call(
      ops.searchFactorySchedules,
      { factoryId: hm, startDate: '2031-01-01', endDate: '2031-12-31' },
      { token: qc },
    );
    expect(read.result.reason).toBe('E_RANGE');
    const labRead = await t.client.call(
      ops.searchFactorySchedules,
      { startDate: '2031-01-01', endDate: '2031-01-31' },
      { token: lab },
    );
    expect(labRead.result.reason).toBe('E_PERMISSION');
  });
});
