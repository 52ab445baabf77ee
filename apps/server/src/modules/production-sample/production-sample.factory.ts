import { eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique } from '../../../test/support/factories';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import { productionSamples } from '../../db/schema/production-sample';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { buildClient } from '../client/client.factory';

// Test data of production samples (STYLE.md rule 9): `productionSampleInput` answers the body of
// productionsample/create, `buildProductionSample` inserts a sample, `linkProduct` links an order
// product to one (as order/relation would), `buildSampleOfProduct` does both for an order's product.

export interface ProductionSampleOverrides {
  itemNo?: string;
  clientId: bigint;
  /** Factory code (default F-HM-SZ). */
  factory?: string;
  quantity?: number;
  receivedDate?: string;
  status?: number;
  auditResult?: number;
}

export async function productionSampleInput(db: Db, overrides: ProductionSampleOverrides) {
  return {
    itemNo: overrides.itemNo ?? unique('PS-'),
    clientId: String(overrides.clientId),
    providerFactoryId: String(await idOf(db, factories, overrides.factory ?? 'F-HM-SZ')),
    quantity: overrides.quantity ?? 6,
    ...(overrides.receivedDate ? { receivedDate: overrides.receivedDate } : {}),
  };
}

export async function buildProductionSample(db: Db, overrides: ProductionSampleOverrides) {
  const [client] = await db.select().from(clients).where(eq(clients.id, overrides.clientId));
  const [sample] = await db
    .insert(productionSamples)
    .values({
      itemNo: overrides.itemNo ?? unique('PS-'),
      clientId: overrides.clientId,
      departmentId: client!.departmentId,
      providerFactoryId: await idOf(db, factories, overrides.factory ?? 'F-HM-SZ'),
      receivedDate: overrides.receivedDate ?? businessDate(),
      quantity: overrides.quantity ?? 6,
      status: overrides.status ?? 10,
      auditResult: overrides.auditResult ?? 0,
    })
    .returning();
  return sample!;
}

/** Links an order product to a production sample. */
export async function linkProduct(db: Db, productId: bigint, sampleId: bigint | null) {
  await db.update(orderProducts).set({ productionSampleId: sampleId }).where(eq(orderProducts.id, productId));
}

/** A production sample made from an order's product (its item no, client, department, factory), linked to it. */
export async function buildSampleOfProduct(
  db: Db,
  order: { clientId: bigint; departmentId: bigint },
  product: { id: bigint; itemNo: string; factoryId: bigint },
) {
  const [sample] = await db
    .insert(productionSamples)
    .values({
      itemNo: product.itemNo,
      clientId: order.clientId,
      departmentId: order.departmentId,
      providerFactoryId: product.factoryId,
      receivedDate: businessDate(),
      quantity: 1,
    })
    .returning();
  await linkProduct(db, product.id, sample!.id);
  return sample!;
}

/** test/change-log-scope.test.ts: scoped through their client. */
export const changeLogScope: ChangeLogScopeCases = {
  production_samples: byDepartment(
    async (db, owner) =>
      (await buildProductionSample(db, { clientId: (await buildClient(db, owner)).id })).id,
  ),
};
