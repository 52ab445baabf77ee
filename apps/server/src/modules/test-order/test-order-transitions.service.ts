import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { labContacts, labs, testTypes } from '../../db/schema/config';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { defineHook, type HookRunner } from '../../platform/module';
import { markRisksTesting } from '../order-risk/order-risk-testing.service';
import { TEST_ORDER_CANCELLED_MAIL, TEST_ORDER_SUBMITTED_MAIL } from './test-order.mails';
import { testOrderDetail, testOrderLines } from './test-order.queries';
import { assertSubmittable, SUBMITTED, TEST_ORDER_ENTITY, type TestOrderRecord } from './test-order.rules';
import { testOrderTransition, writableTestOrder } from './test-order.service';

// The transitions of a test order (DOMAIN.md §4.9): submit (10 → 20, mail the lab contact, linked
// risks → 20), close (40 → 50, paid or invoiced) and cancel (10/20 → 90, mail the lab if 20); and
// the hooks the test-report area (a later area) listens to. What that area calls (the retest draft,
// the receive by a result entry, the system's 30 → 40) is in test-order-reports.service.ts.

type Ops = typeof areas.testOrder;
type TransitionInput = ParsedInputOf<Ops['submitTestOrder']>;

/** Run after a submit, in its transaction: the test-report area creates the pending report. */
export const TEST_ORDER_SUBMITTED = defineHook<{ testOrderId: bigint; previousReportId: bigint | null }>(
  'testOrder.submitted',
);

/** Run after a receive (20 → 30), in its transaction: reports already all done settle the order (→ 40). */
export const TEST_ORDER_RECEIVED = defineHook<{ testOrderId: bigint }>('testOrder.received');

/** Run after a cancel, in its transaction: pending reports → 90, a retested report back from 80. */
export const TEST_ORDER_CANCELLED = defineHook<{
  testOrderId: bigint;
  previousReportId: bigint | null;
  fromStatus: number;
}>('testOrder.cancelled');

/**
 * ordertest/submit: complete (DOMAIN.md §7.3), mailed to the lab contact, linked risks → 20; runs
 * TEST_ORDER_SUBMITTED (the test-report area creates the pending report), for the seed too.
 */
export async function submitTestOrder(db: Db, input: TransitionInput, user: Principal, hooks: HookRunner) {
  await writableTestOrder(db, input.id, input.version, user);
  const lines = await testOrderLines(db, input.id);
  assertSubmittable(lines);
  const updated = await testOrderTransition(db, input, user, 'submit');
  await markRisksTesting(
    db,
    lines.flatMap((l) => (l.orderRiskItemId ? [l.orderRiskItemId] : [])),
    actorOf(user),
  );
  const itemLines = lines.map(
    (l) => `${l.product.productNo} · ${l.testItem.code ?? ''} ${l.testItem.nameEn ?? ''}`,
  );
  await mailLab(db, updated, user, TEST_ORDER_SUBMITTED_MAIL, itemLines.join('\n'), lines.length);
  const detail = await testOrderDetail(db, input.id);
  const { previousReportId } = updated;
  await hooks.runHook(TEST_ORDER_SUBMITTED, db, { testOrderId: input.id, previousReportId }, user);
  return detail;
}

/** ordertest/close: 40 → 50 when paid or invoiced (E_TEST_UNPAID). */
export async function closeTestOrder(db: Db, input: TransitionInput, user: Principal) {
  await writableTestOrder(db, input.id, input.version, user);
  await testOrderTransition(db, input, user, 'close');
  return testOrderDetail(db, input.id);
}

/** ordertest/cancel: 10/20 → 90; a submitted order's lab is told; runs TEST_ORDER_CANCELLED. */
export async function cancelTestOrder(db: Db, input: TransitionInput, user: Principal, hooks: HookRunner) {
  const current = await writableTestOrder(db, input.id, input.version, user);
  const updated = await testOrderTransition(db, input, user, 'cancel');
  if (current.status === SUBMITTED)
    await mailLab(db, updated, user, TEST_ORDER_CANCELLED_MAIL, input.reason ?? '-', 0);
  const payload = {
    testOrderId: input.id,
    previousReportId: updated.previousReportId,
    fromStatus: current.status,
  };
  const detail = await testOrderDetail(db, input.id);
  await hooks.runHook(TEST_ORDER_CANCELLED, db, payload, user);
  return detail;
}

/** The lab contact (or the lab's own address) gets the mail, in Chinese (an external address). */
async function mailLab(
  db: Db,
  order: TestOrderRecord,
  user: Principal,
  template: typeof TEST_ORDER_SUBMITTED_MAIL | typeof TEST_ORDER_CANCELLED_MAIL,
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
