import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { clients } from './client';
import { labs, testItems, testTypes } from './config';
import { files } from './files';
import { departments, users } from './identity';
import { orderProducts } from './order';
import { orderRiskItems } from './order-risk';
import { bigrams, searchText } from './search-columns';
import { testOrders } from './test-order';

// Test reports (测试报告, DOMAIN.md §2.5, §4.10): the report, its order products (N:M), its items
// (order product × test item with the lab's result) and its files. The client and department are
// the test order's (or the products'), copied on create: the record scope of DOMAIN.md §5.4.

export const testReports = pgTable(
  'test_reports',
  {
    id: idColumn(),
    /** The lab's number, null until issued; unique per lab. */
    reportNo: text('report_no'),
    /** enum TestReportType */
    reportType: smallint('report_type').notNull(),
    labId: ref('lab_id')
      .notNull()
      .references(() => labs.id),
    testTypeId: ref('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    /** Null for factory- or client-provided reports. */
    testOrderId: ref('test_order_id').references(() => testOrders.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    description: text('description'),
    reportDate: date('report_date', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** enum TestResult: worst of the items (DOMAIN.md §6.4). */
    result: smallint('result').notNull().default(0),
    /** enum TestReportStatus */
    status: smallint('status').notNull().default(10),
    previousReportId: ref('previous_report_id').references((): AnyPgColumn => testReports.id),
    retestNo: integer('retest_no').notNull().default(0),
    /** The status a retest left (30 or 40): a cancelled retest order returns the report to it. */
    retestFromStatus: smallint('retest_from_status'),
    /** The reason of the last reject, retest or invalidate. */
    reason: text('reason'),
    resultBy: ref('result_by').references(() => users.id),
    resultAt: timestamptz('result_at'),
    verifiedBy: ref('verified_by').references(() => users.id),
    publishedAt: timestamptz('published_at'),
    /** The date pending reports are filtered on (DOMAIN.md §2.11): the report date, else the creation day. */
    listDate: date('list_date', { mode: 'string' }).notNull(),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('test_reports_lab_no_uq').on(t.labId, t.reportNo).where(sql`valid = 1`),
    index('test_reports_no_trgm_idx').using('gin', sql`${searchText(t.reportNo)} gin_trgm_ops`),
    index('test_reports_no_bigram_idx').using('gin', bigrams(searchText(t.reportNo))),
    index('test_reports_desc_trgm_idx').using('gin', sql`${searchText(t.description)} gin_trgm_ops`),
    index('test_reports_lab_idx').on(t.labId, t.id),
    index('test_reports_test_type_idx').on(t.testTypeId),
    index('test_reports_test_order_idx').on(t.testOrderId),
    index('test_reports_client_idx').on(t.clientId, t.id),
    index('test_reports_department_idx').on(t.departmentId, t.id),
    index('test_reports_previous_idx').on(t.previousReportId),
    index('test_reports_status_idx').on(t.status, t.id),
    index('test_reports_result_idx').on(t.result, t.id),
    index('test_reports_result_by_idx').on(t.resultBy),
    index('test_reports_verified_by_idx').on(t.verifiedBy),
    sortIndex('test_reports_no_sort_idx', t.reportNo, t.id),
    sortIndex('test_reports_date_sort_idx', t.listDate, t.id),
  ],
);

/** The order products a report covers (N:M). */
export const testReportProducts = pgTable(
  'test_report_products',
  {
    testReportId: ref('test_report_id')
      .notNull()
      .references(() => testReports.id),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
  },
  (t) => [
    primaryKey({ columns: [t.testReportId, t.orderProductId] }),
    index('test_report_products_product_idx').on(t.orderProductId),
  ],
);

/** An item of a report: an order product's test item with the lab's result. */
export const testReportItems = pgTable(
  'test_report_items',
  {
    id: idColumn(),
    testReportId: ref('test_report_id')
      .notNull()
      .references(() => testReports.id),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    testItemId: ref('test_item_id')
      .notNull()
      .references(() => testItems.id),
    /** The order-risk item the test order line tested (publish writes the result back). */
    orderRiskItemId: ref('order_risk_item_id').references(() => orderRiskItems.id),
    /** enum TestResult */
    result: smallint('result').notNull().default(0),
    value: text('value'),
    limit: text('limit'),
    remark: text('remark'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('test_report_items_uq').on(t.testReportId, t.orderProductId, t.testItemId),
    index('test_report_items_product_idx').on(t.orderProductId),
    index('test_report_items_test_item_idx').on(t.testItemId),
    index('test_report_items_risk_item_idx').on(t.orderRiskItemId),
  ],
);

/** The report's files (the lab's PDF and attachments). */
export const testReportFiles = pgTable(
  'test_report_files',
  {
    testReportId: ref('test_report_id')
      .notNull()
      .references(() => testReports.id),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.testReportId, t.fileId] }),
    index('test_report_files_file_idx').on(t.fileId),
  ],
);
