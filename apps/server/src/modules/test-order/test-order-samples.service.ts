import { TEST_APPLY_TYPE } from '@qcdesk/contract/test-order';
import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import { labCs, testTypes } from '../../db/schema/config';
import { testOrders } from '../../db/schema/test-order';
import { amountOf } from '../../domain/money';
import type { Actor } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { createRecord } from '../../platform/records';
import { sumPrices, TEST_ORDER_ENTITY } from './test-order.rules';
import { labAndContact } from './test-order.service';
import { productsOfCart, proposedLines, resolveLines, writeLines } from './test-order-lines.service';

// What the inspection-report area calls on test orders (issue 27): samples an inspector draws on
// site for testing become a draft test order (10) for the client's lab, with each product's open
// order-risk items as its lines, linked to the report that drew them. QC completes and submits it.

/** The lab serving the client (its lab CS row: the client's own first, then the department's). */
async function clientLab(db: Db, scope: { departmentId: bigint; clientId: bigint }) {
  const [row] = await db
    .select({ labId: labCs.labId })
    .from(labCs)
    .where(
      and(
        eq(labCs.departmentId, scope.departmentId),
        eq(labCs.valid, 1),
        eq(labCs.active, 1),
        or(eq(labCs.clientId, scope.clientId), isNull(labCs.clientId)),
      ),
    )
    .orderBy(desc(labCs.clientId), asc(labCs.id));
  return row?.labId;
}

/** A draft test order of the drawn samples' products; answers its id and number. */
export async function createSampleTestOrder(
  db: Db,
  input: { orderProductIds: readonly bigint[]; labId?: bigint | undefined; inspectionReportId: bigint },
  actor: Actor,
) {
  const rows = await productsOfCart(db, input.orderProductIds);
  const { clientId, departmentId } = rows[0]!.product;
  const labId = input.labId ?? (await clientLab(db, { departmentId, clientId }));
  if (labId === undefined) throw new AppError('E_REQUIRED', { field: 'labId' }, { field: 'labId' });
  const labContactId = await labAndContact(db, labId, undefined, { departmentId, clientId });
  // The test type is QC's to confirm on the draft; it starts as the first of the list.
  const [testType] = await db
    .select({ id: testTypes.id })
    .from(testTypes)
    .where(and(eq(testTypes.valid, 1), eq(testTypes.active, 1)))
    .orderBy(asc(testTypes.sort), asc(testTypes.id));
  if (!testType) throw new AppError('E_REQUIRED', { field: 'testTypeId' }, { field: 'testTypeId' });
  const proposed = await proposedLines(db, rows);
  const items = [...proposed].flatMap(([orderProductId, lines]) =>
    lines
      .filter((l) => l.source === 'risk')
      .map((l) => ({
        orderProductId,
        testItemId: l.testItemId,
        orderRiskItemId: l.orderRiskItemId ?? undefined,
      })),
  );
  const currency = 'RMB';
  const lines = await resolveLines(db, { clientId, departmentId, currency }, items);
  const price = sumPrices(lines.map((l) => l.price));
  const row = await createRecord(db, {
    table: testOrders,
    entity: TEST_ORDER_ENTITY,
    actor,
    values: {
      testOrderNo: await nextNumber(db, 'TO'),
      clientId,
      departmentId,
      labId,
      labContactId,
      testTypeId: testType.id,
      applyType: TEST_APPLY_TYPE.risk,
      planTime: businessDate(),
      currency,
      price,
      discount: '0.00',
      amount: amountOf(price, 0),
      inspectionReportId: input.inspectionReportId,
    },
    children: (created) => writeLines(db, created.id, lines, actor),
  });
  return { id: row.id, testOrderNo: row.testOrderNo };
}
