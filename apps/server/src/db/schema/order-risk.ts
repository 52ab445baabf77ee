import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref } from '../columns';
import { parts, risks, testItems } from './config';
import { materials } from './material';
import { testReports } from './test-report';

// Order risk (DOMAIN.md §2.5, §4.11, §6.5): one valid risk per order product, with its test items.
// The record scope, the filters and the delivery-date range are the order product's (joined 1:1),
// so the risk carries no copies of them.

export const orderRisks = pgTable(
  'order_risks',
  {
    id: idColumn(),
    // No foreign keys to the order and its product: a risk is derived data and must not make the
    // product "in use" (platform/in-use.ts counts every foreign key), or order/replace, order/sync and
    // an order's delete would keep products nobody has tested. The service checks both on write; the
    // lists read risks of valid products only. The test orders that test a product hold it instead.
    orderId: ref('order_id').notNull(),
    orderProductId: ref('order_product_id').notNull(),
    /** true: raised by a user; false: derived by sync. */
    byCreate: boolean('by_create').notNull().default(false),
    /** enum TestResult: worst of the items (DOMAIN.md §6.4). */
    result: smallint('result').notNull().default(0),
    /** enum OrderRiskStatus */
    status: smallint('status').notNull().default(10),
    waiveReason: text('waive_reason'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('order_risks_product_uq').on(t.orderProductId).where(sql`valid = 1`),
    index('order_risks_order_idx').on(t.orderId),
    index('order_risks_status_idx').on(t.status, t.id),
  ],
);

export const orderRiskItems = pgTable(
  'order_risk_items',
  {
    id: idColumn(),
    orderRiskId: ref('order_risk_id')
      .notNull()
      .references(() => orderRisks.id),
    testItemId: ref('test_item_id')
      .notNull()
      .references(() => testItems.id),
    materialId: ref('material_id').references(() => materials.id),
    partId: ref('part_id').references(() => parts.id),
    /** The Risk row (config `risk`) that called for the item. */
    riskId: ref('risk_id').references(() => risks.id),
    /** enum TestResult */
    result: smallint('result').notNull().default(0),
    /** The published test report that gave the result. */
    testReportId: ref('test_report_id').references((): AnyPgColumn => testReports.id),
    ...auditBlock(),
  },
  (t) => [
    // DOMAIN.md §6.5: a test item once per product.
    uniqueIndex('order_risk_items_uq').on(t.orderRiskId, t.testItemId).where(sql`valid = 1`),
    index('order_risk_items_test_item_idx').on(t.testItemId),
    index('order_risk_items_material_idx').on(t.materialId),
    index('order_risk_items_part_idx').on(t.partId),
    index('order_risk_items_risk_idx').on(t.riskId),
    index('order_risk_items_report_idx').on(t.testReportId),
  ],
);
