import { testOrderItems } from '../../db/schema/test-order';
import type { Actor } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { fullTestItems, openRiskItems } from '../order-risk/order-risk-testing.service';
import { cartProducts, productLabel, testItemLabel, testItemsById } from './test-order.queries';
import { assertOneClientDepartment, linePrice } from './test-order.rules';

// The lines of a test order (DOMAIN.md §2.5, §6.1, §6.5): the cart's products and the lines each
// brings (its open order-risk items; the full list for a new product), and the whole line set of a
// draft written with prices in the order's currency.

export interface LineIn {
  orderProductId: bigint;
  testItemId: bigint;
  price?: string | undefined;
  orderRiskItemId?: bigint | undefined;
}

export interface LineValues {
  orderProductId: bigint;
  testItemId: bigint;
  price: string | null;
  orderRiskItemId: bigint | null;
}

/** The cart's products (all found, E_REF_NOT_FOUND; one client and department, E_CART_CLIENT_DEPT). */
export async function productsOfCart(db: Db, ids: readonly bigint[]) {
  const rows = await cartProducts(db, ids);
  if (rows.length !== new Set(ids).size)
    throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductIds' }, { field: 'orderProductIds' });
  assertOneClientDepartment(rows.map((r) => r.product));
  return rows;
}

/** The lines each product brings: its open risk items, then (new products) the full list, each once. */
export async function proposedLines(db: Db, rows: Awaited<ReturnType<typeof productsOfCart>>) {
  const products = rows.map((r) => r.product);
  const [risky, full] = await Promise.all([
    openRiskItems(
      db,
      products.map((p) => p.id),
    ),
    fullTestItems(db, products),
  ]);
  const lines = new Map<
    bigint,
    { testItemId: bigint; orderRiskItemId: bigint | null; source: 'risk' | 'full' }[]
  >();
  for (const p of products) {
    const list: { testItemId: bigint; orderRiskItemId: bigint | null; source: 'risk' | 'full' }[] = [];
    const seen = new Set<bigint>();
    for (const r of risky.get(p.id) ?? []) {
      if (seen.has(r.testItemId)) continue;
      seen.add(r.testItemId);
      list.push({ testItemId: r.testItemId, orderRiskItemId: r.orderRiskItemId, source: 'risk' });
    }
    for (const testItemId of full.get(p.id) ?? []) {
      if (seen.has(testItemId)) continue;
      seen.add(testItemId);
      list.push({ testItemId, orderRiskItemId: null, source: 'full' });
    }
    lines.set(p.id, list);
  }
  return lines;
}

/** ordertest/list/products: the cart's products with the lines they bring. */
export async function cartWithLines(db: Db, ids: readonly bigint[]) {
  const rows = await productsOfCart(db, ids);
  const lines = await proposedLines(db, rows);
  const testItems = await testItemsById(
    db,
    [...lines.values()].flatMap((l) => l.map((i) => i.testItemId)),
  );
  return rows.map((r) => ({
    ...productLabel(r.product, r.factory),
    client: { id: r.product.clientId, code: r.client.code, name: r.client.name },
    department: {
      id: r.product.departmentId,
      code: r.department.code,
      nameZh: r.department.nameZh,
      nameEn: r.department.nameEn,
    },
    items: (lines.get(r.product.id) ?? []).flatMap((l) => {
      const t = testItems.get(l.testItemId);
      return t ? [{ testItem: testItemLabel(t), orderRiskItemId: l.orderRiskItemId, source: l.source }] : [];
    }),
  }));
}

/**
 * The lines of a write, resolved: products of the order's client and department (E_CART_CLIENT_DEPT),
 * valid test items (E_REF_NOT_FOUND), the price in the order's currency (linePrice), a risk item kept
 * only when it is an open item of that product and test item.
 */
export async function resolveLines(
  db: Db,
  order: { clientId: bigint; departmentId: bigint; currency: string },
  items: readonly LineIn[],
): Promise<LineValues[]> {
  const productIds = [...new Set(items.map((i) => i.orderProductId))];
  const products = await cartProducts(db, productIds);
  if (products.length !== productIds.length)
    throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'items' });
  assertOneClientDepartment([order, ...products.map((r) => r.product)]);
  const testItems = await testItemsById(
    db,
    items.map((i) => i.testItemId),
  );
  if (items.some((i) => !testItems.has(i.testItemId)))
    throw new AppError('E_REF_NOT_FOUND', { field: 'testItemId' }, { field: 'items' });
  const open = await openRiskItems(db, productIds);
  return items.map((i) => {
    const risk = (open.get(i.orderProductId) ?? []).find(
      (r) => r.orderRiskItemId === i.orderRiskItemId && r.testItemId === i.testItemId,
    );
    return {
      orderProductId: i.orderProductId,
      testItemId: i.testItemId,
      price: linePrice(testItems.get(i.testItemId)!, order.currency, i.price),
      orderRiskItemId: risk ? risk.orderRiskItemId : null,
    };
  });
}

/** Writes the whole line set of a test order, logged on it as `items[productNo/CODE]`. */
export async function writeLines(db: Db, testOrderId: bigint, lines: readonly LineValues[], actor: Actor) {
  const products = new Map(
    (await cartProducts(db, [...new Set(lines.map((l) => l.orderProductId))])).map((r) => [
      r.product.id,
      r.product.productNo,
    ]),
  );
  const codes = new Map(
    [
      ...(
        await testItemsById(
          db,
          lines.map((l) => l.testItemId),
        )
      ).values(),
    ].map((t) => [t.id, t.code]),
  );
  const synced = await syncChildRows(
    db,
    {
      table: testOrderItems,
      parentKey: 'testOrderId',
      parentId: testOrderId,
      field: 'items',
      keys: ['orderProductId', 'testItemId'],
      values: ['price', 'orderRiskItemId'],
      label: (row) =>
        `${products.get(row.orderProductId as bigint) ?? String(row.orderProductId)}/${codes.get(row.testItemId as bigint) ?? String(row.testItemId)}`,
      actor,
    },
    lines.map((l) => ({ ...l })),
    'replace',
  );
  return synced.changes;
}
