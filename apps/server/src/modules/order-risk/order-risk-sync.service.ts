import { inArray } from 'drizzle-orm';
import { testItems } from '../../db/schema/config';
import type { orderProducts } from '../../db/schema/order';
import { orderRiskItems, orderRisks } from '../../db/schema/order-risk';
import type { FieldChange } from '../../db/schema/platform';
import { worstResult } from '../../domain/test-results';
import type { Actor } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { createRecord, updateRecord } from '../../platform/records';
import {
  clientRequirements,
  countryGroups,
  productsWithRisks,
  riskRules,
  sampleMaterials,
} from './order-risk.queries';
import { type DerivedItem, deriveRiskItems, ORDER_RISK_ENTITY, syncAction } from './order-risk.rules';

// The §6.5 derivation against the database and the sync of DOMAIN.md §4.11: `orderrisk/sync`, the
// automatic sync on order writes (the order area's ORDER_PRODUCTS_CHANGED hook) and reset. A product
// gets a risk when anything is derived; a derived risk is kept equal to the derivation while it is
// in 10; manual risks and risks in 20–40 are never touched.

type ProductRow = typeof orderProducts.$inferSelect;

export interface SyncCounts {
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
  skipped: number;
}

/** An item as written: the derived fields and the result. */
export interface ItemValues extends DerivedItem {
  result: number;
  testReportId: bigint | null;
}

/** The derived items of each product (DOMAIN.md §6.5), read in a few set queries. */
export async function deriveFor(
  db: Db,
  products: readonly ProductRow[],
): Promise<Map<bigint, DerivedItem[]>> {
  const out = new Map<bigint, DerivedItem[]>();
  if (products.length === 0) return out;
  const sampleIds = [...new Set(products.flatMap((p) => (p.originalSampleId ? [p.originalSampleId] : [])))];
  const [materials, risks, clients, groups] = await Promise.all([
    sampleMaterials(db, sampleIds),
    riskRules(db),
    clientRequirements(db, [...new Set(products.map((p) => p.clientId))]),
    countryGroups(db),
  ]);
  for (const p of products) {
    const client = clients.get(p.clientId);
    const derived = deriveRiskItems({
      productType: p.productType,
      materials: p.originalSampleId ? (materials.get(p.originalSampleId) ?? []) : [],
      risks,
      requirements: client?.requirements ?? [],
      destinations: client?.destinations ?? [],
      groups,
    });
    out.set(p.id, derived.items);
  }
  return out;
}

/** Writes a risk's whole item set (test item once), logged on the risk as `items[CODE]`. */
export async function writeItems(
  db: Db,
  riskId: bigint,
  items: readonly ItemValues[],
  actor: Actor,
): Promise<FieldChange[]> {
  const ids = items.map((i) => i.testItemId);
  const codes = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: testItems.id, code: testItems.code })
            .from(testItems)
            .where(inArray(testItems.id, ids))
        ).map((r) => [r.id, r.code] as const),
  );
  const synced = await syncChildRows(
    db,
    {
      table: orderRiskItems,
      parentKey: 'orderRiskId',
      parentId: riskId,
      field: 'items',
      keys: ['testItemId'],
      values: ['materialId', 'partId', 'riskId', 'result', 'testReportId'],
      label: (row) => codes.get(row.testItemId as bigint) ?? String(row.testItemId),
      actor,
    },
    items.map((i) => ({ ...i })),
    'replace',
  );
  return synced.changes;
}

export const fresh = (items: readonly DerivedItem[]): ItemValues[] =>
  items.map((i) => ({ ...i, result: 0, testReportId: null }));

/**
 * Syncs the risks of the valid products of `orderIds` (or only `productIds`): create, update or
 * remove by `syncAction`. Runs in the caller's transaction, as `actor`.
 */
export async function syncRisks(
  db: Db,
  orderIds: readonly bigint[],
  actor: Actor,
  productIds?: readonly bigint[],
): Promise<SyncCounts> {
  const counts: SyncCounts = { created: 0, updated: 0, removed: 0, unchanged: 0, skipped: 0 };
  const rows = await productsWithRisks(db, orderIds, productIds);
  const open = rows.filter((r) => !r.risk || (!r.risk.byCreate && r.risk.status === 10));
  counts.skipped = rows.length - open.length;
  const derived = await deriveFor(
    db,
    open.map((r) => r.product),
  );
  for (const { product, risk } of open) {
    const items = derived.get(product.id) ?? [];
    const action = syncAction(risk ?? undefined, items.length);
    if (action === 'create') {
      await createRecord(db, {
        table: orderRisks,
        entity: ORDER_RISK_ENTITY,
        actor,
        values: {
          orderId: product.orderId,
          orderProductId: product.id,
          byCreate: false,
          status: 10,
          result: 0,
        },
        children: (created) => writeItems(db, created.id, fresh(items), actor),
      });
      counts.created++;
    } else if (action === 'update' && risk) {
      const changes = await writeItems(db, risk.id, fresh(items), actor);
      if (changes.length === 0) {
        counts.unchanged++;
        continue;
      }
      await updateRecord(db, {
        table: orderRisks,
        id: risk.id,
        version: risk.version,
        values: { result: worstResult(items.map(() => 0)) },
        actor,
        action: 'sync',
        entity: ORDER_RISK_ENTITY,
        childChanges: changes,
      });
      counts.updated++;
    } else if (action === 'remove' && risk) {
      const changes = await writeItems(db, risk.id, [], actor);
      await updateRecord(db, {
        table: orderRisks,
        id: risk.id,
        version: risk.version,
        values: { valid: 0 },
        actor,
        action: 'sync',
        entity: ORDER_RISK_ENTITY,
        childChanges: changes,
      });
      counts.removed++;
    } else if (action === 'none') counts.unchanged++;
  }
  return counts;
}
