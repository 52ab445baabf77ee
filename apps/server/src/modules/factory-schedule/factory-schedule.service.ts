import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SCHEDULE_TYPE } from '@qcdesk/contract/factory-schedule';
import { and, eq } from 'drizzle-orm';
import { factories } from '../../db/schema/config';
import { factorySchedules } from '../../db/schema/factory-schedule';
import { orderProducts } from '../../db/schema/order';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { changedFields, createRecord, lockVersion, updateRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { validityChange } from '../../platform/validity';
import { scheduleRow, scheduleRows, scheduleWhere } from './factory-schedule.queries';
import { checkRange, checkSchedule, FACTORY_SCHEDULE_ENTITY, monthRange } from './factory-schedule.rules';

// Factory schedules (DOMAIN.md §2.8): the calendar of a factory, the month across factories, create
// and update (valid 0/1 deletes and undeletes); and the closures planning warns on.

export { FACTORY_SCHEDULE_ENTITY } from './factory-schedule.rules';

type Ops = typeof areas.factorySchedule;

/** config/factory/schedule: the rows overlapping the range (≤ 93 days). */
export async function searchFactorySchedules(
  db: Db,
  input: ParsedInputOf<Ops['searchFactorySchedules']>,
  _user: Principal,
) {
  checkRange(input.startDate, input.endDate);
  return { list: await scheduleRows(db, scheduleWhere(db, input)) };
}

/** config/factory/schedule/month: per factory, its rows overlapping the month. */
export async function factoryScheduleMonth(
  db: Db,
  input: ParsedInputOf<Ops['factoryScheduleMonth']>,
  _user: Principal,
) {
  const range = monthRange(input.month);
  const rows = await scheduleRows(db, scheduleWhere(db, { ...input, ...range }));
  const byFactory = new Map<bigint, { factory: (typeof rows)[number]['factory']; schedules: typeof rows }>();
  for (const row of rows) {
    const entry = byFactory.get(row.factory.id) ?? { factory: row.factory, schedules: [] };
    entry.schedules.push(row);
    byFactory.set(row.factory.id, entry);
  }
  return { ...range, factories: [...byFactory.values()] };
}

/** A run's product must be a valid product of the schedule's factory (E_REF_NOT_FOUND). */
async function assertProductOf(db: Db, factoryId: bigint, orderProductId: bigint | null) {
  if (orderProductId === null) return;
  const [row] = await db
    .select({ id: orderProducts.id })
    .from(orderProducts)
    .where(
      and(
        eq(orderProducts.id, orderProductId),
        eq(orderProducts.factoryId, factoryId),
        eq(orderProducts.valid, 1),
      ),
    );
  if (!row) throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'orderProductId' });
}

async function answer(db: Db, id: bigint) {
  const row = await scheduleRow(db, id);
  if (!row) throw new AppError('E_NOT_FOUND');
  return row;
}

/** config/factory/schedule/create */
export async function createFactorySchedule(
  db: Db,
  input: ParsedInputOf<Ops['createFactorySchedule']>,
  user: Principal,
) {
  const values = {
    factoryId: input.factoryId,
    type: input.type,
    startDate: input.startDate,
    endDate: input.endDate,
    orderProductId: input.orderProductId ?? null,
    quantity: input.quantity ?? null,
    remark: input.remark ?? null,
  };
  checkSchedule(values);
  await assertReference(db, { table: factories, active: factories.active }, input.factoryId, 'factoryId');
  await assertProductOf(db, input.factoryId, values.orderProductId);
  const created = await createRecord(db, {
    table: factorySchedules,
    values,
    actor: actorOf(user),
    entity: FACTORY_SCHEDULE_ENTITY,
  });
  return answer(db, created.id);
}

/** config/factory/schedule/update: the fields given; valid 0/1 deletes and undeletes. */
export async function updateFactorySchedule(
  db: Db,
  input: ParsedInputOf<Ops['updateFactorySchedule']>,
  user: Principal,
) {
  const current = await lockVersion(db, factorySchedules, input.id, input.version);
  const { action } = validityChange(current.valid, input.valid);
  const next = {
    type: input.type ?? current.type,
    startDate: input.startDate ?? current.startDate,
    endDate: input.endDate ?? current.endDate,
    orderProductId: input.orderProductId === undefined ? current.orderProductId : input.orderProductId,
  };
  // A closure drops the product it had as a run.
  if (next.type === SCHEDULE_TYPE.closure && input.orderProductId === undefined) next.orderProductId = null;
  checkSchedule(next);
  if (next.orderProductId !== current.orderProductId)
    await assertProductOf(db, current.factoryId, next.orderProductId);
  const values = changedFields(current, {
    ...next,
    quantity: input.quantity,
    remark: input.remark,
    valid: input.valid,
  });
  await updateRecord(db, {
    table: factorySchedules,
    id: input.id,
    version: input.version,
    values,
    actor: actorOf(user),
    action,
    entity: FACTORY_SCHEDULE_ENTITY,
  });
  return answer(db, input.id);
}

/**
 * The closures (type 4) of a factory overlapping from..to, for planning (W_FACTORY_CLOSED): the
 * inspection-plan area calls it in its own transaction.
 */
export async function factoryClosures(db: Db, factoryId: bigint, from: string, to: string) {
  const rows = await scheduleRows(
    db,
    scheduleWhere(db, { factoryId, type: SCHEDULE_TYPE.closure, startDate: from, endDate: to }),
  );
  return rows.map((r) => ({ id: r.id, startDate: r.startDate, endDate: r.endDate, remark: r.remark }));
}
