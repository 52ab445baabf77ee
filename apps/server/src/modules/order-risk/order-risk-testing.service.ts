import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import { and, eq, inArray } from 'drizzle-orm';
import { countries } from '../../db/schema/config';
import type { orderProducts } from '../../db/schema/order';
import { orderRiskItems, orderRisks } from '../../db/schema/order-risk';
import {
  commonStandards,
  commonStandardTests,
  countryRequirements,
  countryRequirementTests,
} from '../../db/schema/standard';
import { groupBy } from '../../domain/grouping';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { updateRecord } from '../../platform/records';
import { clientRequirements, countryGroups } from './order-risk.queries';
import { countryApplies, expandCountries, NEW_PRODUCT_TYPE, ORDER_RISK_ENTITY } from './order-risk.rules';

// What test orders (a later area) read from and write to order risk (DOMAIN.md §4.9, §4.11, §6.5):
// the open risk items of products, the full test list of new products, and the system transition
// 10 → 20 when a test order with their items is submitted.

type ProductRow = typeof orderProducts.$inferSelect;

export interface OpenRiskItem {
  orderRiskItemId: bigint;
  testItemId: bigint;
}

/** The items without a result of the products' valid risks in 10, by product. */
export async function openRiskItems(db: Db, productIds: readonly bigint[]) {
  const out = new Map<bigint, OpenRiskItem[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: orderRisks.orderProductId,
      orderRiskItemId: orderRiskItems.id,
      testItemId: orderRiskItems.testItemId,
    })
    .from(orderRiskItems)
    .innerJoin(orderRisks, eq(orderRisks.id, orderRiskItems.orderRiskId))
    .where(
      and(
        inArray(orderRisks.orderProductId, [...productIds]),
        eq(orderRisks.valid, 1),
        eq(orderRisks.status, ORDER_RISK_STATUS.pending),
        eq(orderRiskItems.valid, 1),
        eq(orderRiskItems.result, TEST_RESULT.notOut),
      ),
    )
    .orderBy(orderRiskItems.id);
  return groupBy(
    rows,
    (r) => r.productId,
    ({ productId: _, ...item }) => item,
  );
}

/**
 * DOMAIN.md §6.5 "full list" of new products (type 1): the client's requirements for the product's
 * type and destinations, the country requirements of the destinations and the mandatory tests of
 * the common standards; each test item once, by product. Other products get nothing here.
 */
export async function fullTestItems(db: Db, products: readonly ProductRow[]) {
  const out = new Map<bigint, bigint[]>();
  const fresh = products.filter((p) => p.productType === NEW_PRODUCT_TYPE);
  if (fresh.length === 0) return out;
  const [clientsReq, groups, common, byCountry] = await Promise.all([
    clientRequirements(db, [...new Set(fresh.map((p) => p.clientId))]),
    countryGroups(db),
    db
      .select({ testItemId: commonStandardTests.testItemId })
      .from(commonStandardTests)
      .innerJoin(commonStandards, eq(commonStandards.id, commonStandardTests.commonStandardId))
      .where(
        and(
          eq(commonStandardTests.valid, 1),
          eq(commonStandardTests.mandatory, true),
          eq(commonStandards.valid, 1),
        ),
      )
      .orderBy(commonStandardTests.id),
    db
      .select({ code: countries.code, testItemId: countryRequirementTests.testItemId })
      .from(countryRequirementTests)
      .innerJoin(
        countryRequirements,
        eq(countryRequirements.id, countryRequirementTests.countryRequirementId),
      )
      .innerJoin(countries, eq(countries.id, countryRequirements.countryId))
      .where(and(eq(countryRequirementTests.valid, 1), eq(countryRequirements.valid, 1)))
      .orderBy(countryRequirementTests.id),
  ]);
  for (const p of fresh) {
    const client = clientsReq.get(p.clientId);
    const destinations = expandCountries(client?.destinations ?? [], groups);
    const ids = new Set<bigint>();
    for (const r of client?.requirements ?? []) {
      if (r.productTypes.includes(p.productType) && countryApplies(r.countryCode, destinations, groups))
        ids.add(r.testItemId);
    }
    for (const r of byCountry) if (destinations.has(r.code)) ids.add(r.testItemId);
    for (const r of common) ids.add(r.testItemId);
    out.set(p.id, [...ids]);
  }
  return out;
}

/** DOMAIN.md §4.11 "test order with its items submitted": the risks of these items in 10 → 20. */
export async function markRisksTesting(db: Db, orderRiskItemIds: readonly bigint[], actor: Actor) {
  if (orderRiskItemIds.length === 0) return 0;
  const risks = await db
    .selectDistinct({ id: orderRisks.id, version: orderRisks.version })
    .from(orderRisks)
    .innerJoin(orderRiskItems, eq(orderRiskItems.orderRiskId, orderRisks.id))
    .where(
      and(
        inArray(orderRiskItems.id, [...orderRiskItemIds]),
        eq(orderRisks.valid, 1),
        eq(orderRisks.status, ORDER_RISK_STATUS.pending),
      ),
    );
  for (const risk of risks) {
    await updateRecord(db, {
      table: orderRisks,
      id: risk.id,
      version: risk.version,
      values: { status: ORDER_RISK_STATUS.testing },
      actor,
      action: 'test',
      entity: ORDER_RISK_ENTITY,
    });
  }
  return risks.length;
}
