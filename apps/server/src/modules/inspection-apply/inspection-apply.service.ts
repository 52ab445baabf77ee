import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, searchPage } from '../../platform/paging';
import { lockVersion } from '../../platform/records';
import { inScope, mayWrite, scopeOf } from '../../platform/scope';
import {
  type ApplySearch,
  appliedByProduct,
  applyInScope,
  applyItems,
  applyPage,
  applySearchWhere,
  applyWithLabels,
  productsOf,
  toApplyRow,
} from './inspection-apply.queries';
import { applyActions, checkCart, type InspectionApplyRecord, openQuantity } from './inspection-apply.rules';

// Inspection applications (DOMAIN.md §2.6, §4.1): search, details, the cart's products, and the
// record access every write shares. Create is inspection-apply-create.service.ts, the field and
// quantity updates inspection-apply-update.service.ts, the transitions (and the moves planning
// causes) inspection-apply-transitions.service.ts.

export { INSPECTION_APPLY_ENTITY } from './inspection-apply.rules';

type Ops = typeof areas.inspectionApply;

/** inspection/apply/search: the page in the caller's scope, newest first unless sorted. */
export async function searchInspectionApplies(db: Db, input: ApplySearch, user: Principal) {
  const where = applySearchWhere(db, input, await scopeOf(db, user));
  return searchPage(db, { table: inspectionApplies, where, input, list: () => applyPage(db, input, where) });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countInspectionApplies(db: Db, filters: Partial<ApplySearch>, user: Principal) {
  return cappedTotal(db, inspectionApplies, applySearchWhere(db, filters, await scopeOf(db, user)));
}

/** The detail every read and write answers, with the actions the caller may take. */
export async function applyDetail(db: Db, id: bigint, user: Principal) {
  const r = await applyWithLabels(db, id);
  if (!r) throw new AppError('E_NOT_FOUND');
  const scope = await scopeOf(db, user);
  const writable = mayWrite(scope, {
    departmentId: r.a.departmentId,
    clientId: r.a.clientId,
    salesId: r.client.salesId,
  });
  return {
    ...toApplyRow(r),
    items: await applyItems(db, id),
    remark: r.a.remark,
    previousReportId: r.a.previousReportId,
    splitFromId: r.a.splitFromId,
    submittedAt: r.a.submittedAt,
    createdAt: r.a.createdAt,
    actions: writable ? applyActions(r.a, user) : [],
  };
}

/** inspection/apply/details: E_SCOPE outside the caller's scope. */
export async function getInspectionApply(db: Db, id: bigint, user: Principal) {
  if (!(await applyInScope(db, id, await scopeOf(db, user)))) {
    const r = await applyWithLabels(db, id);
    throw new AppError(r ? 'E_SCOPE' : 'E_NOT_FOUND');
  }
  const detail = await applyDetail(db, id, user);
  const flags = recordFlags({
    user,
    record: { createdBy: detail.createdBy ? BigInt(detail.createdBy.id) : null, valid: detail.valid },
    editPermission: detail.actions.includes('update') ? 'inspapply.edit' : null,
    inScope: detail.actions.length > 0,
  });
  return { detail, flags };
}

/**
 * An application the caller may write: locked at the version read (E_NOT_FOUND, E_VERSION), in
 * the caller's write scope (E_SCOPE: SALES only for its own clients).
 */
export async function writableApply(db: Db, id: bigint, version: number, user: Principal) {
  const row = await lockVersion(db, inspectionApplies, id, version);
  await assertWriteScope(db, row, user);
  return row;
}

export async function assertWriteScope(db: Db, row: InspectionApplyRecord, user: Principal) {
  const r = await applyWithLabels(db, row.id);
  const scope = await scopeOf(db, user);
  const record = {
    departmentId: row.departmentId,
    clientId: row.clientId,
    salesId: r?.client.salesId ?? null,
  };
  if (!inScope(scope, record) || !mayWrite(scope, record)) throw new AppError('E_SCOPE');
}

/**
 * The cart's products (valid products of one order, E_CART_ORDER; E_REF_NOT_FOUND for a missing
 * one), in the caller's write scope (E_SCOPE).
 */
export async function cartProductsOf(db: Db, ids: readonly bigint[], user: Principal) {
  const products = await productsOf(db, ids);
  if (products.length < new Set(ids).size)
    throw new AppError('E_REF_NOT_FOUND', { field: 'items' }, { field: 'items' });
  checkCart(products.map((p) => ({ id: p.product.id, orderId: p.product.orderId })));
  const scope = await scopeOf(db, user);
  for (const { product, salesId } of products) {
    const record = { departmentId: product.departmentId, clientId: product.clientId, salesId };
    if (!mayWrite(scope, record)) throw new AppError('E_SCOPE');
  }
  return products;
}

/** inspection/apply/cart: the cart's products with what is open for the inspection type. */
export async function inspectionApplyCart(
  db: Db,
  input: ParsedInputOf<Ops['inspectionApplyCart']>,
  user: Principal,
) {
  const products = await cartProductsOf(db, input.ids, user);
  const applied =
    input.inspectionTypeId === undefined
      ? new Map<bigint, number>()
      : await appliedByProduct(db, input.ids, input.inspectionTypeId);
  return {
    list: products.map(({ product: p, factory }) => {
      const done = applied.get(p.id) ?? 0;
      return {
        id: p.id,
        productNo: p.productNo,
        itemNo: p.itemNo,
        name: p.name,
        order: { id: p.orderId, orderNo: p.orderNo },
        factory: { id: p.factoryId, ...factory },
        deliveryDate: p.deliveryDate,
        quantity: p.quantity,
        applied: done,
        open: openQuantity(p.quantity, done),
      };
    }),
  };
}
