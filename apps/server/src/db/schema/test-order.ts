import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex } from '../columns';
import { clients } from './client';
import { labContacts, labs, testItems, testTypes } from './config';
import { files } from './files';
import { departments } from './identity';
import { orderProducts } from './order';
import { orderRiskItems } from './order-risk';

// Test orders (测试单, DOMAIN.md §2.5, §4.9): a request to a lab for test items of order products
// of one client and one department, in one currency. Money is numeric(14,2), read and written as
// strings (never floats). The test report area (later) references test_orders; the order's link to
// the report it retests (previousReportId) is a plain bigint until that table exists.

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const testOrders = pgTable(
  'test_orders',
  {
    id: idColumn(),
    /** `TO` + yyMMdd + 4 (DOMAIN.md §6.9). */
    testOrderNo: text('test_order_no').notNull(),
    /** The cart rule: every item's product has this client and department (E_CART_CLIENT_DEPT). */
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    labId: ref('lab_id')
      .notNull()
      .references(() => labs.id),
    /** Default: the LabCs contact for lab + department + client (or every client). */
    labContactId: ref('lab_contact_id').references(() => labContacts.id),
    testTypeId: ref('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    /** enum TestApplyType: 1 full, 2 risk, 3 retest. */
    applyType: smallint('apply_type').notNull(),
    planTime: date('plan_time', { mode: 'string' }).notNull(),
    receiveTime: date('receive_time', { mode: 'string' }),
    hopeTime: date('hope_time', { mode: 'string' }),
    /** Σ item prices. */
    price: money('price').notNull().default('0'),
    /** Percent 0–100. */
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    /** price × (1 − discount/100), half-up to 2 decimals. */
    amount: money('amount').notNull().default('0'),
    /** enum Currency (RMB, USD, HKD): one per order. */
    currency: text('currency').notNull().default('RMB'),
    retest: boolean('retest').notNull().default(false),
    /** The test report this order retests (no foreign key: the report table comes later). */
    previousReportId: bigint('previous_report_id', { mode: 'bigint' }),
    /** The inspection report whose samples drawn on site this order tests (issue 27). */
    inspectionReportId: bigint('inspection_report_id', { mode: 'bigint' }),
    paid: boolean('paid').notNull().default(false),
    /** enum ProvidedFlag */
    sampleProvided: smallint('sample_provided').notNull().default(0),
    quotation: text('quotation'),
    quotationFileId: ref('quotation_file_id').references(() => files.id),
    invoice: text('invoice'),
    invoiceFileId: ref('invoice_file_id').references(() => files.id),
    /** enum TestResult: worst of its reports (DOMAIN.md §6.4). */
    result: smallint('result').notNull().default(0),
    /** enum TestOrderStatus */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('test_orders_no_uq').on(t.testOrderNo),
    index('test_orders_client_idx').on(t.clientId, t.id),
    index('test_orders_department_idx').on(t.departmentId, t.id),
    index('test_orders_lab_idx').on(t.labId),
    index('test_orders_lab_contact_idx').on(t.labContactId),
    index('test_orders_test_type_idx').on(t.testTypeId),
    index('test_orders_status_idx').on(t.status, t.id),
    index('test_orders_result_idx').on(t.result, t.id),
    index('test_orders_previous_report_idx').on(t.previousReportId),
    index('test_orders_inspection_report_idx').on(t.inspectionReportId),
    index('test_orders_quotation_file_idx').on(t.quotationFileId),
    index('test_orders_invoice_file_idx').on(t.invoiceFileId),
    // The plan-date range and the sorts of ordertest/search.
    sortIndex('test_orders_plan_sort_idx', t.planTime, t.id),
    sortIndex('test_orders_no_sort_idx', t.testOrderNo, t.id),
  ],
);

export const testOrderItems = pgTable(
  'test_order_items',
  {
    id: idColumn(),
    testOrderId: ref('test_order_id')
      .notNull()
      .references(() => testOrders.id),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    testItemId: ref('test_item_id')
      .notNull()
      .references(() => testItems.id),
    /** In the order's currency: the test item's price when in that currency, else entered (null until then). */
    price: money('price'),
    /** The open order-risk item the line tests (null: a full-list or hand-added line). */
    orderRiskItemId: ref('order_risk_item_id').references(() => orderRiskItems.id),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('test_order_items_uq')
      .on(t.testOrderId, t.orderProductId, t.testItemId)
      .where(sql`valid = 1`),
    index('test_order_items_product_idx').on(t.orderProductId),
    index('test_order_items_test_item_idx').on(t.testItemId),
    index('test_order_items_risk_item_idx').on(t.orderRiskItemId),
  ],
);
