import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { clients } from './client';
import { factories, inspectionTypes } from './config';
import { departments } from './identity';
import { orderProducts, orders } from './order';

// Inspection applications (验货申请, DOMAIN.md §2.6, §4.1): the lots of one order and one factory
// that sales asks QC to inspect, created from the application cart (one application per factory).
// The order's client and department are copied for the record scope (§5.4) and one-table searches
// (an order's client and department do not change). Quantities per product and inspection type
// are bounded by the product quantity (Σ applied ≤ quantity, re-inspections excluded): the writes
// lock the order product rows first.

export const inspectionApplies = pgTable(
  'inspection_applies',
  {
    id: idColumn(),
    /** `IA` + yyMMdd + 4 (DOMAIN.md §6.9). */
    applyNo: text('apply_no').notNull(),
    /** enum ApplyType: 1 normal, 2 urgent, 3 re-inspection, 4 supplementary. */
    applyType: smallint('apply_type').notNull().default(1),
    inspectionTypeId: ref('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    /** The wished inspection date. */
    expectedDate: date('expected_date', { mode: 'string' }).notNull(),
    /** The failed or rework report a re-inspection (type 3) repeats; its table comes later (reports). */
    previousReportId: bigint('previous_report_id', { mode: 'bigint' }),
    /** The application this one was split from (updateqnty with split, reason SPLIT). */
    splitFromId: ref('split_from_id').references((): AnyPgColumn => inspectionApplies.id),
    /** enum InspectionResult, copied from the final report; ≠ 0 only in 50. */
    result: smallint('result').notNull().default(0),
    /** enum ReasonCode (ABORTED, WAIVED, REJECTED, SPLIT, RESET, OTHER). */
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    remark: text('remark'),
    submittedAt: timestamptz('submitted_at'),
    /** enum InspectionApplyStatus */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_applies_no_uq').on(t.applyNo),
    index('inspection_applies_order_idx').on(t.orderId, t.id),
    index('inspection_applies_factory_idx').on(t.factoryId, t.expectedDate, t.id),
    index('inspection_applies_client_idx').on(t.clientId, t.id),
    index('inspection_applies_department_idx').on(t.departmentId, t.id),
    index('inspection_applies_type_idx').on(t.inspectionTypeId),
    index('inspection_applies_status_idx').on(t.status, t.expectedDate, t.id),
    index('inspection_applies_previous_report_idx').on(t.previousReportId),
    index('inspection_applies_split_from_idx').on(t.splitFromId),
    // The expected-date range and the sorts of inspection/apply/search.
    sortIndex('inspection_applies_expected_sort_idx', t.expectedDate, t.id),
    sortIndex('inspection_applies_no_sort_idx', t.applyNo, t.id),
  ],
);

export const inspectionApplyItems = pgTable(
  'inspection_apply_items',
  {
    id: idColumn(),
    applyId: ref('apply_id')
      .notNull()
      .references(() => inspectionApplies.id),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    applyQuantity: integer('apply_quantity').notNull(),
    inspectedQuantity: integer('inspected_quantity').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_apply_items_uq').on(t.applyId, t.orderProductId).where(sql`valid = 1`),
    // Σ applied per product (the quantity rule) and "product no has" through the products.
    index('inspection_apply_items_product_idx').on(t.orderProductId, t.applyId),
  ],
);
