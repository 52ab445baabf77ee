import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { TEST_APPLY_TYPE, TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { labContacts, labs, testTypes } from '../../db/schema/config';
import { testOrders } from '../../db/schema/test-order';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { defineHook } from '../../platform/module';
import { nextNumber } from '../../platform/numbering';
import { createRecord, lockRow, updateRecord } from '../../platform/records';
import { transition } from '../../platform/transition';
import { markRisksTesting } from '../order-risk/order-risk-testing.service';
import { testOrderDetail, testOrderLines } from './test-order.queries';
import {
  amountOf,
  assertSubmittable,
  RECEIVED,
  REPORTED,
  SUBMITTED,
  sumPrices,
  TEST_ORDER_ENTITY,
  type TestOrderRecord,
  testOrderMachine,
} from './test-order.rules';
import { writableTestOrder } from './test-order.service';
import { resolveLines, writeLines } from './test-order-lines.service';

// The transitions of a test order (DOMAIN.md §4.9): submit (10 → 20, mail the lab contact, linked
// risks → 20), close (40 → 50, paid or invoiced) and cancel (10/20 → 90, mail the lab if 20); and
// what the test-report area (a later area) calls and listens to: the hooks below, the retest draft
// of §4.10 and the system's 30 → 40 with the worst result of the reports.

type Ops = typeof areas.testOrder;
type TransitionInput = ParsedInputOf<Ops['submitTestOrder']>;

/** Run after a submit, in its transaction: the test-report area creates the pending report. */
export const TEST_ORDER_SUBMITTED = defineHook<{ testOrderId: bigint; previousReportId: bigint | null }>(
  'testOrder.submitted',
);

/** Run after a cancel, in its transaction: pending reports → 90, a retested report back from 80. */
export const TEST_ORDER_CANCELLED = defineHook<{
  testOrderId: bigint;
  previousReportId: bigint | null;
  fromStatus: number;
}>('testOrder.cancelled');

/** ordertest/submit: complete (DOMAIN.md §7.3), mailed to the lab contact, linked risks → 20. */
export async function submitTestOrder(db: Db, input: TransitionInput, user: Principal) {
  await writableTestOrder(db, input.id, input.version, user);
  const lines = await testOrderLines(db, input.id);
  assertSubmittable(lines);
  const updated = await transition(db, {
    machine: testOrderMachine,
    table: testOrders,
    id: input.id,
    version: input.version,
    action: 'submit',
    user,
    reason: input.reason,
  });
  await markRisksTesting(
    db,
    lines.flatMap((l) => (l.orderRiskItemId ? [l.orderRiskItemId] : [])),
    actorOf(user),
  );
  const itemLines = lines.map(
    (l) => `${l.product.productNo} · ${l.testItem.code ?? ''} ${l.testItem.nameEn ?? ''}`,
  );
  await mailLab(db, updated, user, 'test-order-submitted', itemLines.join('\n'), lines.length);
  return testOrderDetail(db, input.id);
}

/** ordertest/close: 40 → 50 when paid or invoiced (E_TEST_UNPAID). */
export async function closeTestOrder(db: Db, input: TransitionInput, user: Principal) {
  await writableTestOrder(db, input.id, input.version, user);
  await transition(db, {
    machine: testOrderMachine,
    table: testOrders,
    id: input.id,
    version: input.version,
    action: 'close',
    user,
    reason: input.reason,
  });
  return testOrderDetail(db, input.id);
}

/** ordertest/cancel: 10/20 → 90; a submitted order's lab is told. Answers the detail and the old status. */
export async function cancelTestOrder(db: Db, input: TransitionInput, user: Principal) {
  const current = await writableTestOrder(db, input.id, input.version, user);
  const updated = await transition(db, {
    machine: testOrderMachine,
    table: testOrders,
    id: input.id,
    version: input.version,
    action: 'cancel',
    user,
    reason: input.reason,
  });
  if (current.status === SUBMITTED)
    await mailLab(db, updated, user, 'test-order-cancelled', input.reason ?? '-', 0);
  return { detail: await testOrderDetail(db, input.id), fromStatus: current.status };
}

/** The lab contact (or the lab's own address) gets the mail, in Chinese (an external address). */
async function mailLab(
  db: Db,
  order: TestOrderRecord,
  user: Principal,
  template: 'test-order-submitted' | 'test-order-cancelled',
  lines: string,
  count: number,
) {
  const [lab] = await db.select().from(labs).where(eq(labs.id, order.labId));
  const [contact] = order.labContactId
    ? await db.select().from(labContacts).where(eq(labContacts.id, order.labContactId))
    : [];
  const [client] = await db
    .select({ name: clients.name })
    .from(clients)
    .where(eq(clients.id, order.clientId));
  const to = contact?.email ?? lab?.email;
  if (!to) return;
  const { testTypeName } = await testTypeOf(db, order);
  await enqueueMail(db, {
    to,
    template,
    lang: 'zh',
    params: {
      name: contact?.name ?? lab?.nameZh ?? to,
      testOrderNo: order.testOrderNo,
      client: client?.name ?? '',
      testType: testTypeName,
      planTime: order.planTime,
      count,
      lines,
      sender: user.displayName,
    },
    entity: TEST_ORDER_ENTITY,
    entityId: order.id,
    createdBy: user.userId,
  });
}

async function testTypeOf(db: Db, order: TestOrderRecord) {
  const [type] = await db.select().from(testTypes).where(eq(testTypes.id, order.testTypeId));
  return { testTypeName: type?.nameZh ?? type?.code ?? '' };
}

// -- For the test-report area ---------------------------------------------------------------------

export interface RetestInput {
  previousReportId: bigint;
  /** The test order the retested report came from: lab, contact, test type, currency and prices. */
  testOrderId: bigint;
  items: readonly { orderProductId: bigint; testItemId: bigint }[];
}

/**
 * DOMAIN.md §4.10 retest: a draft test order (10, retest, applyType 3, previousReportId) for the
 * items of the report with result 2 or 3, copying the source order's lab, test type and currency;
 * a line keeps the source's price for the same product and test item. Answers the new order's id.
 */
export async function createRetestOrder(db: Db, input: RetestInput, actor: Actor): Promise<bigint> {
  const [source] = await db.select().from(testOrders).where(eq(testOrders.id, input.testOrderId));
  if (!source) throw new AppError('E_NOT_FOUND');
  const previous = new Map(
    (await testOrderLines(db, source.id)).map((l) => [`${l.product.id}|${l.testItem.id}`, l.price]),
  );
  const lines = await resolveLines(
    db,
    source,
    input.items.map((i) => ({
      ...i,
      price: previous.get(`${i.orderProductId}|${i.testItemId}`) ?? undefined,
    })),
  );
  const price = sumPrices(lines.map((l) => l.price));
  const today = businessDate();
  const row = await createRecord(db, {
    table: testOrders,
    entity: TEST_ORDER_ENTITY,
    actor,
    values: {
      testOrderNo: await nextNumber(db, 'TO'),
      clientId: source.clientId,
      departmentId: source.departmentId,
      labId: source.labId,
      labContactId: source.labContactId,
      testTypeId: source.testTypeId,
      applyType: TEST_APPLY_TYPE.retest,
      planTime: today,
      currency: source.currency,
      price,
      amount: amountOf(price, 0),
      retest: true,
      previousReportId: input.previousReportId,
    },
    children: (created) => writeLines(db, created.id, lines, actor),
  });
  return row.id;
}

/**
 * DOMAIN.md §4.9 system transition: all reports of a received order in 30, 40 or 80 → 40 with the
 * worst result (the report area computes it, §6.4); a reported order only takes the new result.
 */
export async function settleTestOrder(db: Db, testOrderId: bigint, result: number, actor: Actor) {
  const current = await lockRow(db, testOrders, testOrderId);
  if (current.status !== RECEIVED && current.status !== REPORTED) throw new AppError('E_STATUS');
  if (current.status === REPORTED && current.result === result) return;
  await updateRecord(db, {
    table: testOrders,
    id: testOrderId,
    version: current.version,
    values: { status: TEST_ORDER_STATUS.reported, result },
    actor,
    action: 'report',
    entity: TEST_ORDER_ENTITY,
  });
}
