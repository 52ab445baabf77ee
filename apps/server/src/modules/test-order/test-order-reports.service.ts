import {
  CURRENCIES,
  type CurrencyCode,
  TEST_APPLY_TYPE,
  TEST_ORDER_STATUS,
} from '@qcdesk/contract/test-order';
import { eq } from 'drizzle-orm';
import { testOrders } from '../../db/schema/test-order';
import { amountOf } from '../../domain/money';
import type { Actor, Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { createRecord, lockRow, updateRecord } from '../../platform/records';
import { testItemsById, testOrderLines } from './test-order.queries';
import { assertDates, RECEIVED, REPORTED, SUBMITTED, sumPrices, TEST_ORDER_ENTITY } from './test-order.rules';
import { labAndContact, testOrderTransition } from './test-order.service';
import { resolveLines, writeLines } from './test-order-lines.service';

// What the test-report area (a later area) calls on test orders (DOMAIN.md §4.9, §4.10): the draft
// of a retest, the receive a result entry makes (issue 25) and the system's 30 → 40 with the worst
// result of the reports.

export interface RetestInput {
  previousReportId: bigint;
  /**
   * The test order the retested report came from (its lab, contact, test type, currency and
   * prices), or null: a factory- or client-provided report, whose own lab and test type are used.
   */
  testOrderId: bigint | null;
  /** The retested report's lab, test type, client and department. */
  report: { labId: bigint; testTypeId: bigint; clientId: bigint; departmentId: bigint };
  items: readonly { orderProductId: bigint; testItemId: bigint }[];
}

/** What a retest draft copies: the source order's, or for a report without one the report's own. */
async function retestBasis(db: Db, input: RetestInput) {
  if (input.testOrderId !== null) {
    const [source] = await db.select().from(testOrders).where(eq(testOrders.id, input.testOrderId));
    if (!source) throw new AppError('E_NOT_FOUND');
    const prices = new Map(
      (await testOrderLines(db, source.id)).map((l) => [`${l.product.id}|${l.testItem.id}`, l.price]),
    );
    return { ...source, prices };
  }
  // Issue 24: the lab's contact from LabCs, as a new order's; the test items' currency when they
  // share one (their list prices then apply), else RMB (DOMAIN.md §2.5 default).
  const { labId, testTypeId, clientId, departmentId } = input.report;
  const labContactId = await labAndContact(db, labId, undefined, { departmentId, clientId });
  const currencies = new Set(
    [
      ...(
        await testItemsById(
          db,
          input.items.map((i) => i.testItemId),
        )
      ).values(),
    ].map((t) => t.currency),
  );
  const [only] = currencies;
  const currency = currencies.size === 1 && only && isCurrency(only) ? only : 'RMB';
  return { labId, testTypeId, clientId, departmentId, labContactId, currency, prices: new Map() };
}

const isCurrency = (code: string): code is CurrencyCode => (CURRENCIES as readonly string[]).includes(code);

/**
 * DOMAIN.md §4.10 retest: a draft test order (10, retest, applyType 3, previousReportId) for the
 * items of the report with result 2 or 3, copying the source order's lab, test type and currency
 * (a line keeps the source's price for the same product and test item), or for a report without a
 * test order the report's lab and test type (issue 24). Answers the new order's id.
 */
export async function createRetestOrder(db: Db, input: RetestInput, actor: Actor): Promise<bigint> {
  const basis = await retestBasis(db, input);
  const lines = await resolveLines(
    db,
    basis,
    input.items.map((i) => ({
      ...i,
      price: basis.prices.get(`${i.orderProductId}|${i.testItemId}`) ?? undefined,
    })),
  );
  const price = sumPrices(lines.map((l) => l.price));
  const row = await createRecord(db, {
    table: testOrders,
    entity: TEST_ORDER_ENTITY,
    actor,
    values: {
      testOrderNo: await nextNumber(db, 'TO'),
      clientId: basis.clientId,
      departmentId: basis.departmentId,
      labId: basis.labId,
      labContactId: basis.labContactId,
      testTypeId: basis.testTypeId,
      applyType: TEST_APPLY_TYPE.retest,
      planTime: businessDate(),
      currency: basis.currency,
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
 * Issue 25: results are entered only on a received order. Entering the results of a submitted
 * order's report receives the order first (20 → 30, test.edit, in its change log), on the receive
 * date the lab gives (E_REQUIRED without one; E_RANGE before the plan date, after today or after
 * the report date). A received or reported order is left as it is.
 */
export async function receiveForResults(
  db: Db,
  testOrderId: bigint,
  dates: { receiveTime: string | undefined; reportDate: string },
  user: Principal,
) {
  const current = await lockRow(db, testOrders, testOrderId);
  if (current.status !== SUBMITTED) return;
  const { receiveTime } = dates;
  if (!receiveTime) throw new AppError('E_REQUIRED', { field: 'receiveTime' }, { field: 'receiveTime' });
  assertDates({ ...current, receiveTime }, businessDate());
  if (receiveTime > dates.reportDate)
    throw new AppError('E_RANGE', { field: 'receiveTime' }, { field: 'receiveTime' });
  await testOrderTransition(db, { id: testOrderId, version: current.version }, user, 'receive', {
    receiveTime,
  });
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
