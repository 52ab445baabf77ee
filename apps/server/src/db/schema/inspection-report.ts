import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { defects, factories, inspectionTests, inspectionTypes } from './config';
import { departments, users } from './identity';
import { inspectionApplies } from './inspection-apply';
import { inspectionTasks } from './inspection-task';
import { orderProducts, orders } from './order';

// Inspection reports (验货报告, DOMAIN.md §2.6, §4.4; issue 27). The lot's sampling plan is a
// snapshot (§6.2 rule 6); the small fixed parts (cartons, carton size, weights, pull tests,
// sections) are JSON on the report; products, defects and safety tests are rows, since searches and
// the safety-test list read them. Client, department, order and factory are copied from the task's
// application for one-table scope and searches.

/** One class's plan after the arrows (§6.2 step 4). */
export interface StoredClassPlan {
  letter: string;
  n: number;
  ac: number;
  re: number;
}

/** The sampling snapshot: the Table 1 letter, units drawn, each class's plan, the severity used. */
export interface StoredPlan {
  letter: string;
  drawn: number;
  hundredPercent: boolean;
  severity: 'normal' | 'tightened' | 'reduced';
  critical: StoredClassPlan;
  major: StoredClassPlan;
  minor: StoredClassPlan;
}

export interface CartonData {
  cartonQty: number;
  pcsPerCarton: number;
  innerPack?: number | undefined;
  openedCartons: number;
  shippingMark: boolean;
}

export interface CartonSize {
  specL: number;
  specW: number;
  specH: number;
  actL: number;
  actW: number;
  actH: number;
  unit: number;
}

export interface Weights {
  grossSpec: number;
  grossActual: number;
  netSpec?: number | undefined;
  netActual?: number | undefined;
  unit: 'KG' | 'LB';
}

export interface PullTest {
  partId: string | null;
  tensionType: number;
  force: number;
  forceUnit: 'N' | 'KGF' | 'LBF';
  holdSeconds: number;
  sampleQty: number | null;
  result: number;
}

export interface ReportSection {
  sectionType: number;
  result: number;
  remarkIds: string[];
  remark: string | null;
}

export interface SignOff {
  name: string;
  fileId: string;
  at: string;
}

export interface LabSamples {
  samples: { orderProductId: string; quantity: number; sealNo: string }[];
  testOrderId: string | null;
  expressId: string | null;
  trackingNo: string | null;
  sentAt: string | null;
}

/** The final PDF of a revision (issue 28), kept in the object store. */
export interface ReportPdf {
  fileId: string;
  revision: number;
  pages: number;
  size: number;
  madeAt: string;
}

/** One send of the report (issue 28): who, when, to whom, and its share link. */
export interface ReportSendRecord {
  at: string;
  by: string;
  to: string[];
  revision: number;
  linkOnly: boolean;
  shareLinkId: string;
  code: string;
  expiresAt: string;
  password: boolean;
}

export const inspectionReports = pgTable(
  'inspection_reports',
  {
    id: idColumn(),
    /** §6.9: the task's base number, `{base}-I{n}` once interim. */
    reportNo: text('report_no').notNull(),
    taskId: ref('task_id')
      .notNull()
      .references(() => inspectionTasks.id),
    applyId: ref('apply_id').references(() => inspectionApplies.id),
    interim: boolean('interim').notNull().default(false),
    inspectionTypeId: ref('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    /** enum ProductType */
    productType: smallint('product_type').notNull().default(2),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    inspectorId: ref('inspector_id')
      .notNull()
      .references(() => users.id),
    assistantIds: bigint('assistant_ids', { mode: 'bigint' }).array().notNull().default(sql`'{}'::bigint[]`),
    inspectionDate: date('inspection_date', { mode: 'string' }).notNull(),
    /** The lot: Σ presented quantity. */
    quantity: integer('quantity').notNull().default(0),
    samplingLevel: text('sampling_level').notNull(),
    majorAql: text('major_aql').notNull(),
    minorAql: text('minor_aql').notNull(),
    /** The severity the report was created on (switching rules, fixed at creation). */
    severity: text('severity').$type<StoredPlan['severity']>().notNull().default('normal'),
    /** Null for types without AQL and while the lot is 0. */
    plan: jsonb('plan').$type<StoredPlan>(),
    /** Units drawn: the plan's, or the override. */
    sampleSize: integer('sample_size').notNull().default(0),
    sampleOverrideReason: text('sample_override_reason'),
    critical: integer('critical').notNull().default(0),
    major: integer('major').notNull().default(0),
    minor: integer('minor').notNull().default(0),
    cartonData: jsonb('carton_data').$type<CartonData>(),
    cartonSize: jsonb('carton_size').$type<CartonSize>(),
    weights: jsonb('weights').$type<Weights>(),
    pullTests: jsonb('pull_tests').$type<PullTest[]>().notNull().default([]),
    sections: jsonb('sections').$type<ReportSection[]>().notNull().default([]),
    /** General photos (file ids); defect photos are on their defect rows. */
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    signOff: jsonb('sign_off').$type<SignOff>(),
    labSamples: jsonb('lab_samples').$type<LabSamples>(),
    /** enum InspectionResult: the inspector's. */
    preResult: smallint('pre_result'),
    /** enum InspectionResult: final, after audit. */
    result: smallint('result').notNull().default(0),
    /** The verdict of the counts and tests at submit (§6.3). */
    computedResult: smallint('computed_result'),
    resultRemark: text('result_remark'),
    resultReason: text('result_reason'),
    /** × 100 (§6.6), booked on approval. */
    score: integer('score').notNull().default(0),
    assistScore: integer('assist_score').notNull().default(0),
    checkedOutBy: ref('checked_out_by').references(() => users.id),
    checkedOutAt: timestamptz('checked_out_at'),
    checkoutExpiresAt: timestamptz('checkout_expires_at'),
    auditL1By: ref('audit_l1_by').references(() => users.id),
    auditL1At: timestamptz('audit_l1_at'),
    auditL2By: ref('audit_l2_by').references(() => users.id),
    auditL2At: timestamptz('audit_l2_at'),
    rejectReason: text('reject_reason'),
    revision: integer('revision').notNull().default(0),
    /** The final PDF of the latest approved revision, and the job making the next one. */
    pdf: jsonb('pdf').$type<ReportPdf>(),
    pdfJobId: bigint('pdf_job_id', { mode: 'bigint' }),
    /** Every send, oldest first (§6.10: re-sending is allowed and logged). */
    sends: jsonb('sends').$type<ReportSendRecord[]>().notNull().default([]),
    sentAt: timestamptz('sent_at'),
    /** enum InspectionResult: from the instruction (50). */
    confirmedResult: smallint('confirmed_result'),
    /** enum InspectionReportStatus */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_reports_no_uq').on(t.reportNo),
    index('inspection_reports_task_idx').on(t.taskId),
    index('inspection_reports_apply_idx').on(t.applyId),
    index('inspection_reports_order_idx').on(t.orderId, t.id),
    index('inspection_reports_client_idx').on(t.clientId, t.id),
    index('inspection_reports_department_idx').on(t.departmentId, t.id),
    index('inspection_reports_factory_idx').on(t.factoryId, t.inspectionDate),
    index('inspection_reports_inspector_idx').on(t.inspectorId, t.status),
    index('inspection_reports_assistants_idx').using('gin', t.assistantIds),
    index('inspection_reports_status_idx').on(t.status, t.inspectionDate, t.id),
    // The switching rules' lots of client × factory × type, in inspection-date order.
    index('inspection_reports_lots_idx').on(t.clientId, t.factoryId, t.inspectionTypeId, t.inspectionDate),
    sortIndex('inspection_reports_date_sort_idx', t.inspectionDate, t.id),
    sortIndex('inspection_reports_no_sort_idx', t.reportNo, t.id),
  ],
);

/** The report's products: the lot per product and its defect counts (Σ of its defect lines). */
export const inspectionReportProducts = pgTable(
  'inspection_report_products',
  {
    id: idColumn(),
    reportId: ref('report_id')
      .notNull()
      .references(() => inspectionReports.id),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    applyQuantity: integer('apply_quantity').notNull().default(0),
    presentedQuantity: integer('presented_quantity').notNull().default(0),
    packedQuantity: integer('packed_quantity').notNull().default(0),
    critical: integer('critical').notNull().default(0),
    major: integer('major').notNull().default(0),
    minor: integer('minor').notNull().default(0),
    /** enum InspectionResult; 0: the report's. */
    result: smallint('result').notNull().default(0),
    remark: text('remark'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_report_products_uq').on(t.reportId, t.orderProductId).where(sql`valid = 1`),
    index('inspection_report_products_product_idx').on(t.orderProductId),
  ],
);

export const inspectionReportDefects = pgTable(
  'inspection_report_defects',
  {
    id: idColumn(),
    reportId: ref('report_id')
      .notNull()
      .references(() => inspectionReports.id),
    /** The line's place in the report's list (the editor's order). */
    line: integer('line').notNull(),
    defectId: ref('defect_id')
      .notNull()
      .references(() => defects.id),
    /** enum DefectClass */
    defectClass: smallint('defect_class').notNull(),
    qty: integer('qty').notNull(),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    remark: text('remark'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_report_defects_uq').on(t.reportId, t.line).where(sql`valid = 1`),
    index('inspection_report_defects_defect_idx').on(t.defectId),
  ],
);

/** Safety tests recorded on reports (the `safetest/inspection` list reads them per product). */
export const inspectionReportSafetyTests = pgTable(
  'inspection_report_safety_tests',
  {
    id: idColumn(),
    reportId: ref('report_id')
      .notNull()
      .references(() => inspectionReports.id),
    inspectionTestId: ref('inspection_test_id')
      .notNull()
      .references(() => inspectionTests.id),
    sampleQty: integer('sample_qty'),
    value: text('value'),
    /** enum InspectionTestResult */
    result: smallint('result').notNull().default(0),
    remark: text('remark'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_report_safety_tests_uq').on(t.reportId, t.inspectionTestId).where(sql`valid = 1`),
    index('inspection_report_safety_tests_test_idx').on(t.inspectionTestId),
  ],
);

/** The QC managers' switching decisions per client × factory × inspection type (aql/severity/update). */
export const aqlSeverityDecisions = pgTable(
  'aql_severity_decisions',
  {
    id: idColumn(),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    inspectionTypeId: ref('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    decision: text('decision').$type<'approveReduced' | 'resume' | 'reinstateNormal'>().notNull(),
    reason: text('reason'),
    ...auditBlock(),
  },
  (t) => [index('aql_severity_decisions_idx').on(t.clientId, t.factoryId, t.inspectionTypeId, t.createdAt)],
);

/** DOMAIN.md §2.6 InspectionInstruction: the client's answer to a sent report (immutable). */
export const inspectionInstructions = pgTable(
  'inspection_instructions',
  {
    id: idColumn(),
    reportId: ref('report_id')
      .notNull()
      .references(() => inspectionReports.id),
    /** Copied from the report for the scope of the list. */
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    /** enum InstructionType */
    type: smallint('type').notNull(),
    /** enum InspectionResult */
    confirmedResult: smallint('confirmed_result').notNull(),
    content: text('content'),
    /** The report's revision the instruction answers. */
    revision: integer('revision').notNull().default(0),
    issuedBy: ref('issued_by')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamptz('issued_at').notNull(),
    /** The draft re-inspection application a type-2 instruction made. */
    reinspectionApplyId: ref('reinspection_apply_id').references(() => inspectionApplies.id),
    ...auditBlock(),
  },
  (t) => [
    index('inspection_instructions_report_idx').on(t.reportId, t.id),
    index('inspection_instructions_client_idx').on(t.clientId, t.id),
    index('inspection_instructions_department_idx').on(t.departmentId, t.id),
  ],
);
