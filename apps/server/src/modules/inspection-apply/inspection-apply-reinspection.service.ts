import { APPLY_TYPE } from '@qcdesk/contract/inspection-apply';
import { inArray } from 'drizzle-orm';
import { orderProducts } from '../../db/schema/order';
import type { Actor } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import type { InspectionApplyRecord } from './inspection-apply.rules';
import { insertApply } from './inspection-apply-create.service';

// The draft re-inspection application a rework instruction makes (DOMAIN.md §4.4 confirm, issue 28):
// type 3, in 10, of the report's products and quantities, referencing the report; re-inspections
// are not bounded by the other applications (§4.1 invariant), so no quantity check is needed here.

export interface ReinspectionOf {
  reportId: bigint;
  orderId: bigint;
  factoryId: bigint;
  clientId: bigint;
  departmentId: bigint;
  inspectionTypeId: bigint;
  items: readonly { orderProductId: bigint; applyQuantity: number }[];
  remark: string | null;
}

/** Creates the draft as `actor` (the client's sales when a CLIENT user asked), in the caller's transaction. */
export async function createReinspectionDraft(
  db: Db,
  of: ReinspectionOf,
  actor: Actor,
): Promise<InspectionApplyRecord> {
  const items = of.items.filter((i) => i.applyQuantity > 0);
  const ids = items.map((i) => i.orderProductId);
  const rows = ids.length
    ? await db
        .select({ id: orderProducts.id, productNo: orderProducts.productNo })
        .from(orderProducts)
        .where(inArray(orderProducts.id, ids))
    : [];
  return insertApply(
    db,
    {
      applyNo: '',
      applyType: APPLY_TYPE.reinspection,
      inspectionTypeId: of.inspectionTypeId,
      orderId: of.orderId,
      factoryId: of.factoryId,
      clientId: of.clientId,
      departmentId: of.departmentId,
      expectedDate: businessDate(),
      previousReportId: of.reportId,
      remark: of.remark,
    },
    items,
    new Map(rows.map((r) => [r.id, r.productNo])),
    actor,
  );
}
