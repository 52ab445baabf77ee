import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { testOrders } from '../../db/schema/test-order';
import { amountOf } from '../../domain/money';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { HookRunner } from '../../platform/module';
import { changedFields, updateRecord } from '../../platform/records';
import { findFile } from '../files/files.service';
import { testOrderDetail, testOrderLines } from './test-order.queries';
import {
  assertDates,
  assertMayChange,
  DRAFT,
  SUBMITTED,
  sumPrices,
  TEST_ORDER_ENTITY,
  type TestOrderRecord,
} from './test-order.rules';
import { assertTestType, labAndContact, testOrderTransition, writableTestOrder } from './test-order.service';
import { resolveLines, writeLines } from './test-order-lines.service';
import { TEST_ORDER_RECEIVED } from './test-order-transitions.service';

// ordertest/update (per-field rules of DOMAIN.md §5.2: who changes what in which status; setting the
// receive time of a submitted order receives it, 20 → 30, and the test-report area then settles it
// when its reports are already done: TEST_ORDER_RECEIVED) and ordertest/update/item (a draft's lines).

type Ops = typeof areas.testOrder;
type TestOrderUpdate = ParsedInputOf<Ops['updateTestOrder']>;
type ItemsUpdate = ParsedInputOf<Ops['updateTestOrderItems']>;

/** The column values of the update's fields (discount as the numeric's text). */
function columnValues(fields: Omit<TestOrderUpdate, 'id' | 'version'>): Partial<TestOrderRecord> {
  const { discount, ...rest } = fields;
  return {
    ...rest,
    ...(discount === undefined ? {} : { discount: discount.toFixed(2) }),
  } as Partial<TestOrderRecord>;
}

/** Issue 24: a quotation or invoice file is a valid upload of the caller (E_REF_NOT_FOUND otherwise). */
async function assertOwnFile(db: Db, id: bigint, user: Principal, field: string) {
  const file = await findFile(db, id);
  if (file?.ownerId !== user.userId) throw new AppError('E_REF_NOT_FOUND', { field }, { field });
}

/**
 * ordertest/update: only fields that change are checked against who may change them (E_FIELD_LOCKED).
 * An update that receives the order (20 → 30) runs TEST_ORDER_RECEIVED: reports already done settle it.
 */
export async function updateTestOrder(db: Db, input: TestOrderUpdate, user: Principal, hooks: HookRunner) {
  const { id, version, ...fields } = input;
  const current = await writableTestOrder(db, id, version, user);
  const wanted = changedFields(current, columnValues(fields));
  if (Object.keys(wanted).length === 0) return testOrderDetail(db, id);
  assertMayChange(Object.keys(wanted), current.status, user.permissions);
  const next = { ...current, ...wanted };
  if (wanted.planTime !== undefined && wanted.planTime < businessDate())
    throw new AppError('E_RANGE', { field: 'planTime' }, { field: 'planTime' });
  assertDates(next, businessDate());
  if (wanted.labId !== undefined || wanted.labContactId !== undefined) {
    const contact = await labAndContact(
      db,
      next.labId,
      wanted.labContactId !== undefined
        ? wanted.labContactId
        : wanted.labId !== undefined
          ? undefined
          : next.labContactId,
      current,
    );
    if (contact !== current.labContactId) wanted.labContactId = contact;
  }
  if (wanted.testTypeId !== undefined) await assertTestType(db, wanted.testTypeId);
  for (const field of ['quotationFileId', 'invoiceFileId'] as const) {
    const fileId = wanted[field];
    if (fileId) await assertOwnFile(db, fileId, user, field);
  }
  if (wanted.discount !== undefined) wanted.amount = amountOf(current.price, wanted.discount);
  const received = current.status === SUBMITTED && Boolean(wanted.receiveTime);
  if (received) {
    await testOrderTransition(db, { id, version }, user, 'receive', wanted);
    await hooks.runHook(TEST_ORDER_RECEIVED, db, { testOrderId: id }, user);
  } else {
    await updateRecord(db, {
      table: testOrders,
      id,
      version,
      values: wanted,
      actor: actorOf(user),
      entity: TEST_ORDER_ENTITY,
    });
  }
  return testOrderDetail(db, id);
}

/** ordertest/update/item: the whole line set of a draft; price and amount recomputed. */
export async function updateTestOrderItems(db: Db, input: ItemsUpdate, user: Principal) {
  const current = await writableTestOrder(db, input.id, input.version, user);
  if (current.status !== DRAFT) throw new AppError('E_STATUS');
  const lines = input.items.length === 0 ? [] : await resolveLines(db, current, input.items);
  const actor = actorOf(user);
  const changes = await writeLines(db, input.id, lines, actor);
  if (changes.length === 0) return testOrderDetail(db, input.id);
  const price = sumPrices((await testOrderLines(db, input.id)).map((l) => l.price));
  await updateRecord(db, {
    table: testOrders,
    id: input.id,
    version: input.version,
    values: { price, amount: amountOf(price, current.discount) },
    actor,
    entity: TEST_ORDER_ENTITY,
    childChanges: changes,
  });
  return testOrderDetail(db, input.id);
}
