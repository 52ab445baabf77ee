import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { clients } from './client';
import { factories, superviseCheckpoints } from './config';
import { departments, users } from './identity';
import { inspectionBookings } from './inspection-booking';
import { inspectionPlans } from './inspection-plan';
import type { ReportSendRecord } from './inspection-report';
import { orderProducts } from './order';
import { shippings } from './shipping';

// Supervise (loading) reports (监装报告, DOMAIN.md §2.7, §4.5): one container loaded at one factory,
// made from a shipping or by a CLC booking's assignment. The client and its department are copied
// for the record scope (§5.4); the inspector and assistants name who may check it out and, for
// inspectors, who sees it. One live report (status ≠ 90) per shipping and container no.

export const superviseReports = pgTable(
  'supervise_reports',
  {
    id: idColumn(),
    /** `CLC` + yyMMdd + 4 (DOMAIN.md §6.9). */
    reportNo: text('report_no').notNull(),
    shippingId: ref('shipping_id').references(() => shippings.id),
    bookingId: ref('booking_id').references(() => inspectionBookings.id),
    /** The plan of the CLC task (a booking's assignment). */
    planId: ref('plan_id').references(() => inspectionPlans.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    loadingDate: date('loading_date', { mode: 'string' }).notNull(),
    inspectorId: ref('inspector_id')
      .notNull()
      .references(() => users.id),
    assistantIds: bigint('assistant_ids', { mode: 'bigint' }).array().notNull().default(sql`'{}'`),
    containerType: text('container_type'),
    /** ISO 6346, stored normalized (upper case, no spaces); checked at submit. */
    containerNo: text('container_no'),
    sealNo: text('seal_no'),
    arrivalTime: timestamptz('arrival_time'),
    startTime: timestamptz('start_time'),
    finishTime: timestamptz('finish_time'),
    remark: text('remark'),
    /** enum InspectionResult */
    result: smallint('result').notNull().default(0),
    score: integer('score'),
    assistScore: integer('assist_score'),
    reasonText: text('reason_text'),
    submittedAt: timestamptz('submitted_at'),
    approvedBy: ref('approved_by').references(() => users.id),
    approvedAt: timestamptz('approved_at'),
    /** Every send, oldest first (§6.10: re-sending is allowed and logged), as inspection reports keep them. */
    sends: jsonb('sends').$type<ReportSendRecord[]>().notNull().default([]),
    sentAt: timestamptz('sent_at'),
    checkedOutBy: ref('checked_out_by').references(() => users.id),
    checkedOutAt: timestamptz('checked_out_at'),
    checkoutExpiresAt: timestamptz('checkout_expires_at'),
    /** enum SuperviseReportStatus */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('supervise_reports_no_uq').on(t.reportNo),
    uniqueIndex('supervise_reports_live_container_uq')
      .on(t.shippingId, t.containerNo)
      .where(sql`status <> 90 and valid = 1 and shipping_id is not null and container_no is not null`),
    index('supervise_reports_shipping_idx').on(t.shippingId),
    index('supervise_reports_booking_idx').on(t.bookingId),
    index('supervise_reports_plan_idx').on(t.planId),
    index('supervise_reports_client_idx').on(t.clientId, t.id),
    index('supervise_reports_department_idx').on(t.departmentId, t.id),
    index('supervise_reports_factory_idx').on(t.factoryId, t.loadingDate),
    index('supervise_reports_inspector_idx').on(t.inspectorId),
    index('supervise_reports_approved_by_idx').on(t.approvedBy),
    index('supervise_reports_checked_out_idx').on(t.checkedOutBy),
    index('supervise_reports_status_idx').on(t.status, t.loadingDate, t.id),
    sortIndex('supervise_reports_date_sort_idx', t.loadingDate, t.id),
    sortIndex('supervise_reports_no_sort_idx', t.reportNo, t.id),
  ],
);

/** The order products loaded: planned and loaded cartons, loaded quantity. */
export const superviseReportProducts = pgTable(
  'supervise_report_products',
  {
    id: idColumn(),
    reportId: ref('report_id')
      .notNull()
      .references(() => superviseReports.id),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    plannedCartons: integer('planned_cartons'),
    loadedCartons: integer('loaded_cartons'),
    loadedQuantity: integer('loaded_quantity'),
    sort: integer('sort').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    index('supervise_report_products_report_idx').on(t.reportId, t.sort).where(sql`valid = 1`),
    index('supervise_report_products_product_idx').on(t.orderProductId),
  ],
);

/** The checkpoints, preloaded from the master list: result, remark, photos (file ids). */
export const superviseReportCheckpoints = pgTable(
  'supervise_report_checkpoints',
  {
    id: idColumn(),
    reportId: ref('report_id')
      .notNull()
      .references(() => superviseReports.id),
    superviseCheckpointId: ref('supervise_checkpoint_id')
      .notNull()
      .references(() => superviseCheckpoints.id),
    /** enum InspectionTestResult */
    result: smallint('result').notNull().default(0),
    remark: text('remark'),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    index('supervise_report_checkpoints_report_idx').on(t.reportId, t.sort).where(sql`valid = 1`),
    index('supervise_report_checkpoints_checkpoint_idx').on(t.superviseCheckpointId),
  ],
);
