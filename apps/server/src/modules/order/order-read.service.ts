import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { orderProducts, orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { recordFlags } from '../../platform/flags';
import { userLabel } from '../../platform/labels';
import { cappedTotal, searchPage } from '../../platform/paging';
import { readableRecord } from '../../platform/records';
import { assertDepartmentFilter, scopeOf } from '../../platform/scope';
import { getSystemParam } from '../../platform/system-params';
import { shippingOf } from '../shipping/shipping.service';
import {
  clientLabelOf,
  departmentLabel,
  type OrderSearch,
  orderChoices,
  orderClient,
  orderPageQuery,
  orderScope,
  orderSearchWhere,
  productChoices,
  productRows,
  productsOfOrder,
  toLine,
} from './order.queries';
import { EDIT_PERMISSION, mayWriteOrder, seesDeleted } from './order.rules';
import { productTestStatuses } from './order-test-status.service';

// The reads of orders (DOMAIN.md §2.4): the order list (a list of products), the auto-completes
// and the detail every order operation answers.

type Ops = typeof areas.order;

/** order/search: the page's product ids first, then their labels; the capped total beside them. */
export async function searchOrders(db: Db, input: OrderSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const dueSoonDays = input.work ? await getSystemParam(db, 'delivery.dueSoonDays') : 0;
  const where = orderSearchWhere(db, input, { scope, user, dueSoonDays });
  const list = async () =>
    productRows(
      db,
      (await orderPageQuery(db, input, where)).map((r) => r.id),
    );
  return searchPage(db, { table: orderProducts, where, input, list });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countOrderProducts(db: Db, filters: Partial<OrderSearch>, user: Principal) {
  const dueSoonDays = filters.work ? await getSystemParam(db, 'delivery.dueSoonDays') : 0;
  const where = orderSearchWhere(
    db,
    { deleted: false, ...filters },
    { scope: await scopeOf(db, user), user, dueSoonDays },
  );
  return cappedTotal(db, orderProducts, where);
}

export async function listOrders(db: Db, input: ParsedInputOf<Ops['listOrders']>, user: Principal) {
  return { list: await orderChoices(db, input, await scopeOf(db, user)) };
}

export async function listOrderProducts(
  db: Db,
  input: ParsedInputOf<Ops['listOrderProducts']>,
  user: Principal,
) {
  return { list: await productChoices(db, input, await scopeOf(db, user)) };
}

/** The detail every order operation answers; deleted products only for holders of order.edit. */
export async function orderDetail(db: Db, id: bigint, user: Principal) {
  const row = await readableRecord(db, { table: orders, id, where: undefined, deleted: true });
  const products = await productsOfOrder(db, id, seesDeleted(user));
  const statuses = await productTestStatuses(
    db,
    products.map((p) => p.product.id),
  );
  return {
    id: row.id,
    orderNo: row.orderNo,
    clientPo: row.clientPo,
    client: await clientLabelOf(db, row.clientId),
    department: await departmentLabel(db, row.departmentId),
    sales: await userLabel(db, row.salesId),
    description: row.description,
    inspectionRequirement: row.inspectionRequirement,
    testRequirement: row.testRequirement,
    sources: row.sources,
    total: row.total,
    deliveryDate: row.deliveryDate,
    products: products.map((p) => toLine(p, statuses)),
    shipping: await shippingOf(db, row.shippingId),
    valid: row.valid,
    version: row.version,
    createdBy: await userLabel(db, row.createdBy),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** order/details: in scope (E_SCOPE), deleted ones only for order.edit; `modify` when writable. */
export async function getOrder(db: Db, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const row = await readableRecord(db, {
    table: orders,
    id,
    where: orderScope(scope),
    deleted: seesDeleted(user),
  });
  const client = await orderClient(db, row.clientId);
  const flags = recordFlags({
    user,
    record: row,
    editPermission: EDIT_PERMISSION,
    inScope: client !== undefined && mayWriteOrder(scope, client),
  });
  return { detail: await orderDetail(db, id, user), flags };
}
