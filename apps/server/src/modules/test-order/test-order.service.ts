import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { labContacts, labCs, labs, testTypes } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { testOrderItems, testOrders } from '../../db/schema/test-order';
import { amountOf } from '../../domain/money';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { nextNumber } from '../../platform/numbering';
import { searchPage } from '../../platform/paging';
import { createRecord, lockVersion, readableRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import {
  assertDepartmentFilter,
  clientOwner,
  inScope,
  mayWrite,
  type Scope,
  scopeOf,
} from '../../platform/scope';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { transitionOf } from '../../platform/transition';
import { fileOutput, findFiles } from '../files/files.service';
import {
  type TestOrderSearch,
  testOrderDetail,
  testOrderPage,
  testOrderRows,
  testOrderScope,
  testOrderSearchWhere,
} from './test-order.queries';
import {
  assertPlanTime,
  changeableFields,
  sumPrices,
  TEST_ORDER_ENTITY,
  type TestOrderRecord,
  testOrderMachine,
} from './test-order.rules';
import {
  cartWithLines,
  type LineIn,
  productsOfCart,
  proposedLines,
  resolveLines,
  writeLines,
} from './test-order-lines.service';

// Test orders (测试单, DOMAIN.md §2.5, §4.9): search, the orders of an order or product, the cart's
// products, details and create from the cart. Updates are in test-order-update.service.ts, the
// transitions and the hooks for the test-report area in test-order-transitions.service.ts.

type Ops = typeof areas.testOrder;
type NewTestOrder = ParsedInputOf<Ops['createTestOrder']>;

export { TEST_ORDER_ENTITY } from './test-order.rules';

/** A test order's status action (submit, receive, close, cancel: its transition table). */
export const testOrderTransition = transitionOf(testOrderMachine, testOrders);

// -- Reads ------------------------------------------------------------------------------------

/** ordertest/search: spec §3 filters in the caller's scope; newest first unless sorted. */
export async function searchTestOrders(db: Db, input: TestOrderSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const where = testOrderSearchWhere(db, input, scope);
  return searchPage(db, { table: testOrders, where, input, list: () => testOrderPage(db, input, where) });
}

/** ordertest/list: the orders (not cancelled) with a line of this order or product, in scope. */
export async function listTestOrders(
  db: Db,
  input: { orderId?: bigint; orderProductId?: bigint },
  user: Principal,
) {
  if (input.orderId === undefined && input.orderProductId === undefined)
    throw new AppError('E_REQUIRED', { field: 'orderId' }, { field: 'orderId' });
  const scope = await scopeOf(db, user);
  const products = db
    .select({ id: testOrderItems.testOrderId })
    .from(testOrderItems)
    .innerJoin(orderProducts, eq(orderProducts.id, testOrderItems.orderProductId))
    .where(
      and(
        eq(testOrderItems.valid, 1),
        input.orderId === undefined ? undefined : eq(orderProducts.orderId, input.orderId),
        input.orderProductId === undefined ? undefined : eq(orderProducts.id, input.orderProductId),
      ),
    );
  const where = and(
    eq(testOrders.valid, 1),
    ne(testOrders.status, TEST_ORDER_STATUS.cancelled),
    testOrderScope(scope),
    inArray(testOrders.id, products),
  );
  return { list: await testOrderRows(db, where) };
}

/** ordertest/list/products: the cart's products in scope, with the lines they bring. */
export async function listTestOrderProducts(db: Db, ids: readonly bigint[], user: Principal) {
  const list = await cartWithLines(db, ids);
  const scope = await scopeOf(db, user);
  if (list.some((p) => !inScope(scope, { departmentId: p.department.id, clientId: p.client.id })))
    throw new AppError('E_SCOPE');
  return { list };
}

/** The order if the caller reads it: E_SCOPE out of scope, E_NOT_FOUND when absent or deleted. */
export async function readableTestOrder(db: Db, id: bigint, scope: Scope) {
  return readableRecord(db, { table: testOrders, id, where: testOrderScope(scope) });
}

/** Whether the caller writes records of this client (DOMAIN.md §5.4; SALES: its own clients). */
async function mayWriteFor(db: Db, scope: Scope, r: { clientId: bigint; departmentId: bigint }) {
  const client = await clientOwner(db, r.clientId);
  return mayWrite(scope, {
    departmentId: r.departmentId,
    clientId: r.clientId,
    salesId: client?.salesId ?? null,
  });
}

/** ordertest/details, with the flags (modify: a field the caller may change now) and its actions. */
export async function getTestOrder(db: Db, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const row = await readableTestOrder(db, id, scope);
  const editable = changeableFields(row.status, user.permissions).length > 0;
  const flags = recordFlags({
    user,
    record: row,
    editPermission: editable ? ([...user.permissions].find((p) => p.startsWith('test.')) ?? null) : null,
    inScope: await mayWriteFor(db, scope, row),
  });
  return { detail: await testOrderDetail(db, id), flags };
}

/** The order locked at the version read, in the caller's write scope. */
export async function writableTestOrder(
  db: Db,
  id: bigint,
  version: number,
  user: Principal,
): Promise<TestOrderRecord> {
  const scope = await scopeOf(db, user);
  await readableTestOrder(db, id, scope);
  const current = await lockVersion(db, testOrders, id, version);
  if (!(await mayWriteFor(db, scope, current))) throw new AppError('E_SCOPE');
  return current;
}

// -- Files ------------------------------------------------------------------------------------

/** The detail's quotation and invoice files (issue 24) as signed downloads; a deleted file is none. */
export async function withFiles<T extends { quotationFileId: bigint | null; invoiceFileId: bigint | null }>(
  db: Db,
  files: () => Promise<FilesRuntime>,
  detail: T,
) {
  const ids = [detail.quotationFileId, detail.invoiceFileId].flatMap((id) => (id === null ? [] : [id]));
  const rows = await findFiles(db, ids);
  const runtime = rows.length > 0 ? await files() : null;
  const output = (id: bigint | null) => {
    const row = rows.find((r) => r.id === id);
    return row && runtime ? fileOutput(runtime, row) : null;
  };
  return {
    ...detail,
    quotationFile: output(detail.quotationFileId),
    invoiceFile: output(detail.invoiceFileId),
  };
}

// -- Create -----------------------------------------------------------------------------------

/** The lab (active) and its contact: the one given (of that lab), else LabCs for lab + department + client. */
export async function labAndContact(
  db: Db,
  labId: bigint,
  contactId: bigint | null | undefined,
  scope: { departmentId: bigint; clientId: bigint },
) {
  await assertReference(db, { table: labs, active: labs.active }, labId, 'labId');
  if (contactId) {
    const contact = await assertReference(
      db,
      { table: labContacts, active: labContacts.active },
      contactId,
      'labContactId',
    );
    if (contact.labId !== labId)
      throw new AppError('E_REF_NOT_FOUND', { field: 'labContactId' }, { field: 'labContactId' });
    return contactId;
  }
  if (contactId === null) return null;
  const rows = await db
    .select({ contactId: labCs.labContactId, clientId: labCs.clientId })
    .from(labCs)
    .where(
      and(
        eq(labCs.labId, labId),
        eq(labCs.departmentId, scope.departmentId),
        eq(labCs.valid, 1),
        eq(labCs.active, 1),
        or(eq(labCs.clientId, scope.clientId), isNull(labCs.clientId)),
      ),
    );
  return (rows.find((r) => r.clientId !== null) ?? rows[0])?.contactId ?? null;
}

export const assertTestType = (db: Db, id: bigint) =>
  assertReference(db, { table: testTypes, active: testTypes.active }, id, 'testTypeId');

/** ordertest/create: a draft from the cart (DOMAIN.md §4.9), its lines given or proposed. */
export async function createTestOrder(db: Db, input: NewTestOrder, user: Principal) {
  const rows = await productsOfCart(db, input.orderProductIds);
  const { clientId, departmentId } = rows[0]!.product;
  if (!(await mayWriteFor(db, await scopeOf(db, user), { clientId, departmentId })))
    throw new AppError('E_SCOPE');
  assertPlanTime(input.planTime, businessDate());
  const labContactId = await labAndContact(db, input.labId, input.labContactId, { departmentId, clientId });
  await assertTestType(db, input.testTypeId);
  let items: LineIn[] = input.items ?? [];
  if (input.items === undefined) {
    const proposed = await proposedLines(db, rows);
    items = [...proposed].flatMap(([orderProductId, lines]) =>
      lines.map((l) => ({
        orderProductId,
        testItemId: l.testItemId,
        orderRiskItemId: l.orderRiskItemId ?? undefined,
      })),
    );
  }
  const inCart = new Set(input.orderProductIds);
  if (items.some((i) => !inCart.has(i.orderProductId)))
    throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'items' });
  const lines = await resolveLines(db, { clientId, departmentId, currency: input.currency }, items);
  const price = sumPrices(lines.map((l) => l.price));
  const actor = actorOf(user);
  const row = await createRecord(db, {
    table: testOrders,
    entity: TEST_ORDER_ENTITY,
    actor,
    values: {
      testOrderNo: await nextNumber(db, 'TO'),
      clientId,
      departmentId,
      labId: input.labId,
      labContactId,
      testTypeId: input.testTypeId,
      applyType: input.applyType ?? (rows.some((r) => r.product.productType === 1) ? 1 : 2),
      planTime: input.planTime,
      hopeTime: input.hopeTime ?? null,
      currency: input.currency,
      price,
      discount: '0.00',
      amount: amountOf(price, 0),
    },
    children: (created) => writeLines(db, created.id, lines, actor),
  });
  return testOrderDetail(db, row.id);
}
