import { and, eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique } from '../../../test/support/factories';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { buildOrder } from '../order/order.factory';

// Test data of inspection applications (STYLE.md rule 9): `applyInput` answers the body of
// inspection/apply/create for products of an order (the order area's `buildOrder`).

export const psiId = (db: Db) => idOf(db, inspectionTypes, 'PSI');

/** The body of inspection/apply/create: every product at `quantity` (default 100), PSI, in 30 days. */
export async function applyInput(
  db: Db,
  products: readonly { id: bigint }[],
  overrides: {
    quantity?: number;
    days?: number;
    submit?: boolean;
    confirm?: boolean;
    applyType?: number;
  } = {},
) {
  return {
    items: products.map((p) => ({ orderProductId: String(p.id), applyQuantity: overrides.quantity ?? 100 })),
    inspectionTypeId: String(await psiId(db)),
    applyType: overrides.applyType ?? 1,
    expectedDate: addDays(businessDate(), overrides.days ?? 30),
    submit: overrides.submit ?? false,
    confirm: overrides.confirm ?? false,
  };
}

/** The id of a valid inspection type by code. */
export async function inspectionTypeId(db: Db, code: string) {
  const [row] = await db
    .select({ id: inspectionTypes.id })
    .from(inspectionTypes)
    .where(and(eq(inspectionTypes.code, code), eq(inspectionTypes.valid, 1)));
  return row!.id;
}

/** A draft application of an order's products (`buildOrder`'s answer), inserted directly. */
export async function buildInspectionApply(
  db: Db,
  built: {
    order: { id: bigint; clientId: bigint; departmentId: bigint };
    products: readonly { id: bigint; factoryId: bigint }[];
  },
) {
  const first = built.products[0]!;
  const [apply] = await db
    .insert(inspectionApplies)
    .values({
      applyNo: unique('IA'),
      inspectionTypeId: await psiId(db),
      orderId: built.order.id,
      factoryId: first.factoryId,
      clientId: built.order.clientId,
      departmentId: built.order.departmentId,
      expectedDate: addDays(businessDate(), 30),
    })
    .returning();
  await db
    .insert(inspectionApplyItems)
    .values({ applyId: apply!.id, orderProductId: first.id, applyQuantity: 1 });
  return apply!;
}

/** test/change-log-scope.test.ts: scoped by the application's department and client. */
export const changeLogScope: ChangeLogScopeCases = {
  inspection_applies: byDepartment(
    async (db, owner) => (await buildInspectionApply(db, await buildOrder(db, owner))).id,
  ),
};
