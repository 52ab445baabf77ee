import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { INSPECTION_RESULT } from './inspection-apply';
import { reportSend, reportSendRecipient } from './inspection-report';
import { defineOperation } from './operation';
import {
  dateOut,
  dateRangeOk,
  dateTimeOut,
  email,
  idIn,
  idOut,
  optStr,
  refOut,
  searchPageOf,
  searchPaging,
  sorting,
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';

// Supervise (loading) reports (监装报告, DOMAIN.md §2.7, §4.5, §6.6, §6.10; spec §3 "Supervise
// report", §7 supervisereport): the inspector's record of a container loaded at a factory — the
// container (ISO 6346 number and check digit), its seal, the cartons and quantities loaded per
// order product and the checkpoints of the master list `supervisecheckpoint`, each with its result,
// remark and photos. Made from a shipping (its orders' products) or by a CLC booking's assignment;
// one live report (status ≠ 90) per shipping and container.

/** DOMAIN.md §3.2 SuperviseReportStatus. */
export const SUPERVISE_REPORT_STATUS = {
  preSupervise: 10,
  loading: 20,
  submitted: 30,
  approved: 40,
  sent: 50,
  rejected: 80,
  cancelled: 90,
} as const;

/** DOMAIN.md §3.2 InspectionTestResult as a checkpoint uses it: 0 not checked yet. */
export const CHECKPOINT_RESULT = { none: 0, pass: 1, fail: 2, notApplicable: 3 } as const;

/** The sortable columns of supervisereport/search (each served by an index). */
export const SUPERVISE_REPORT_SORTS = ['reportNo', 'loadingDate'] as const;

/** At most this many product lines, checkpoints and photos per checkpoint. */
export const SUPERVISE_PRODUCTS_MAX = 200;
export const SUPERVISE_CHECKPOINTS_MAX = 100;
export const SUPERVISE_PHOTOS_MAX = 20;

const statusCode = enumSchema('SuperviseReportStatus').transform((v) => Number(v));

export const superviseProduct = z.object({
  id: idOut,
  orderProductId: idOut,
  orderNo: z.string(),
  clientPo: z.string().nullable(),
  productNo: z.string(),
  itemNo: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  plannedCartons: z.number().int().nullable(),
  loadedCartons: z.number().int().nullable(),
  loadedQuantity: z.number().int().nullable(),
});

export const superviseCheckpoint = z.object({
  id: idOut,
  checkpoint: refOut,
  mandatory: z.boolean(),
  photoRequired: z.boolean(),
  /** enum InspectionTestResult (0 not checked yet) */
  result: z.number().int(),
  remark: z.string().nullable(),
  photoIds: z.array(z.string()),
});

export const superviseReportRow = z.object({
  id: idOut,
  reportNo: z.string(),
  shipping: z.object({ id: idOut, shippingNo: z.string() }).nullable(),
  booking: z.object({ id: idOut, bookingNo: z.string() }).nullable(),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
  factory: refOut,
  loadingDate: dateOut,
  inspector: userLabel,
  containerType: z.string().nullable(),
  containerNo: z.string().nullable(),
  sealNo: z.string().nullable(),
  orderNos: z.array(z.string()),
  /** enum InspectionResult */
  result: z.number().int(),
  /** enum SuperviseReportStatus */
  status: z.number().int(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const superviseReportDetail = superviseReportRow.extend({
  assistants: z.array(userLabel),
  products: z.array(superviseProduct),
  checkpoints: z.array(superviseCheckpoint),
  arrivalTime: dateTimeOut.nullable(),
  startTime: dateTimeOut.nullable(),
  finishTime: dateTimeOut.nullable(),
  remark: z.string().nullable(),
  reasonText: z.string().nullable(),
  submittedAt: dateTimeOut.nullable(),
  approvedBy: userLabel.nullable(),
  approvedAt: dateTimeOut.nullable(),
  checkedOutBy: userLabel.nullable(),
  checkoutExpiresAt: dateTimeOut.nullable(),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
  /** What the caller may do now: checkout, update, release, forceRelease, submit, approve, reject, send, cancel. */
  actions: z.array(z.string()),
  /** Every send of the report, newest first (who, when, to whom, the share link). */
  sends: z.array(reportSend),
});

export type SuperviseReportRow = z.output<typeof superviseReportRow>;
export type SuperviseReportDetail = z.output<typeof superviseReportDetail>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchSuperviseReports = defineOperation({
  path: 'supervisereport/search',
  method: 'POST',
  permission: 'supervise.search',
  summary:
    'Supervise reports (spec §3): order no ending, product no containing, factory containing, client PO ending, loading-date range, status; `pre` lists the pre-supervise ones (10); in scope (inspectors their own, CLIENT users only sent ones); newest first unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      factory: optStr(100),
      po: optStr(40),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      status: statusCode.optional(),
      pre: z.boolean().default(false),
      ...searchPaging,
      ...sorting(SUPERVISE_REPORT_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(superviseReportRow),
});

export const listSuperviseReports = defineOperation({
  path: 'supervisereport/list',
  method: 'POST',
  permission: 'supervise.search',
  summary:
    'The supervise-report auto-complete: reports in scope, not cancelled, whose report no ends with the keyword (optionally of one shipping); newest first.',
  input: z.object({
    keyword: optStr(16),
    shippingId: idIn.optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({
    list: z.array(
      superviseReportRow.pick({
        id: true,
        reportNo: true,
        loadingDate: true,
        containerNo: true,
        status: true,
      }),
    ),
  }),
});

export const getSuperviseReport = defineOperation({
  path: 'supervisereport/details',
  method: 'GET',
  permission: 'supervise.search',
  summary: 'One supervise report with its products, checkpoints and the actions the caller may take.',
  input: z.object({ id: idIn }),
  output: superviseReportDetail,
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const createSuperviseReport = defineOperation({
  path: 'supervisereport/create',
  method: 'POST',
  permission: 'supervise.edit',
  summary:
    'A pre-supervise report (10, `CLC`+yyMMdd+4) from a shipping: the products of its orders made at the factory (default: the factory of its first product), the checkpoints of the active master list. E_SR_LIVE when a live report of the shipping already names the container.',
  input: z.object({
    shippingId: idIn,
    factoryId: idIn.optional(),
    loadingDate: businessDate,
    inspectorId: idIn,
    assistantIds: z.array(idIn).max(5).default([]),
    containerType: optStr(10),
    containerNo: optStr(20),
    remark: optStr(500),
  }),
  output: superviseReportDetail,
});

export const checkoutSuperviseReport = defineOperation({
  path: 'supervisereport/checkout',
  method: 'POST',
  permission: 'supervise.edit',
  summary:
    'Take the report’s edit lock (10 → 20 with the arrival time; 20, 80 → 20) for `checkout.ttlHours`; only its inspector or an assistant; E_CHECKED_OUT while another user holds a live one.',
  input: z.object({ id: idIn }),
  output: superviseReportDetail,
});

export const releaseSuperviseReport = defineOperation({
  path: 'supervisereport/release',
  method: 'POST',
  permission: 'supervise.edit',
  alsoPermitted: ['insp.report.admin'],
  summary: 'Give the lock back; insp.report.admin may force another’s (`force`).',
  input: z.object({ id: idIn, force: z.boolean().default(false) }),
  output: superviseReportDetail,
});

export const superviseProductIn = z.object({
  id: idIn,
  plannedCartons: z.number().int().min(0).max(9_999_999).nullable().optional(),
  loadedCartons: z.number().int().min(0).max(9_999_999).nullable().optional(),
  loadedQuantity: z.number().int().min(0).max(99_999_999).nullable().optional(),
});

export const superviseCheckpointIn = z.object({
  id: idIn,
  /** enum InspectionTestResult */
  result: z.number().int().min(0).max(3).optional(),
  remark: z.string().trim().max(500).nullable().optional(),
  photoIds: z.array(idIn).max(SUPERVISE_PHOTOS_MAX).optional(),
});

export const updateSuperviseReport = defineOperation({
  path: 'supervisereport/update',
  method: 'POST',
  permission: 'supervise.edit',
  summary:
    'Save under the caller’s checkout (E_NOT_CHECKED_OUT): container type and no, seal no, the times, remark, and the given product lines’ cartons and quantities and checkpoints’ result, remark and photos (by line id). Renews the checkout.',
  input: z.object({
    id: idIn,
    version,
    containerType: z.string().trim().max(10).nullable().optional(),
    containerNo: z.string().trim().max(20).nullable().optional(),
    sealNo: z.string().trim().max(30).nullable().optional(),
    arrivalTime: z.iso.datetime({ offset: true }).nullable().optional(),
    startTime: z.iso.datetime({ offset: true }).nullable().optional(),
    finishTime: z.iso.datetime({ offset: true }).nullable().optional(),
    remark: z.string().trim().max(500).nullable().optional(),
    products: z.array(superviseProductIn).max(SUPERVISE_PRODUCTS_MAX).optional(),
    checkpoints: z.array(superviseCheckpointIn).max(SUPERVISE_CHECKPOINTS_MAX).optional(),
  }),
  output: superviseReportDetail,
});

export const submitSuperviseReport = defineOperation({
  path: 'supervisereport/submit',
  method: 'POST',
  permission: 'supervise.edit',
  summary:
    'Submit (20 → 30) by the holder: the container no checked against ISO 6346 with its check digit (E_CONTAINER_NO), the seal no, the loaded cartons of every product, every mandatory checkpoint checked (E_SR_CHECKPOINT) and photos where required (E_SR_PHOTO); releases the checkout.',
  input: z.object({ id: idIn, version }),
  output: superviseReportDetail,
});

/** DOMAIN.md §2.7: the results a supervise report may carry (InspectionResult 1, 2, 4, 5, 6). */
export const SUPERVISE_RESULTS = [
  INSPECTION_RESULT.pass,
  INSPECTION_RESULT.conditionalPass,
  INSPECTION_RESULT.fail,
  INSPECTION_RESULT.noReport,
  INSPECTION_RESULT.giveUp,
] as const;

export const approveSuperviseReport = defineOperation({
  path: 'supervisereport/approve',
  method: 'POST',
  permission: 'supervise.audit',
  summary:
    'Approve (30 → 40) by supervise.audit, never by the report’s inspector or assistants (E_SELF_AUDIT): the result (default 1), the scores booked as a final report of type CLC (§6.6), the shipping → loaded (20), a CLC booking → performed (40).',
  input: z.object({
    id: idIn,
    version,
    result: z
      .number()
      .int()
      .refine((v) => (SUPERVISE_RESULTS as readonly number[]).includes(v), { params: { reason: 'E_FORMAT' } })
      .default(INSPECTION_RESULT.pass),
  }),
  output: superviseReportDetail,
});

const reasonIn = z.object({ id: idIn, version, reason: optStr(500) });

export const rejectSuperviseReport = defineOperation({
  path: 'supervisereport/reject',
  method: 'POST',
  permission: 'supervise.audit',
  summary: 'Reject (30 → 80) with a reason (E_REASON_REQUIRED); the team checks it out again to correct it.',
  input: reasonIn,
  output: superviseReportDetail,
});

export const cancelSuperviseReport = defineOperation({
  path: 'supervisereport/cancel',
  method: 'POST',
  permission: 'supervise.audit',
  summary:
    'Cancel (10, 20, 80 → 90) with a reason; ends the checkout and frees the container for another report.',
  input: reasonIn,
  output: superviseReportDetail,
});

// ---------------------------------------------------------------------------------------------
// The client-ready loading report (issue 29): the bilingual PDF and the send (§4.5, §6.10)
// ---------------------------------------------------------------------------------------------

export const getSuperviseReportPdf = defineOperation({
  path: 'supervisereport/pdf',
  method: 'POST',
  permission: 'supervise.search',
  summary:
    'The loading report as the bilingual PDF of the report engine (the inspection report’s blocks: label/value grid, verdict, products, checkpoints with their results, the checkpoint photos from their print-size copies, the signatures), made now and answered as base64; watermarked "预览 PREVIEW" before approval (any status but 90, E_STATUS).',
  input: z.object({ id: idIn }),
  output: z.object({
    name: z.string(),
    contentType: z.literal('application/pdf'),
    /** The PDF, base64. */
    base64: z.string(),
    size: z.number().int(),
    pages: z.number().int(),
    /** Whether it carries the preview watermark (before approval). */
    preview: z.boolean(),
  }),
});

export const getSuperviseSendRecipients = defineOperation({
  path: 'supervisereport/send/recipients',
  method: 'GET',
  permission: 'insp.report.send',
  summary:
    'What a send would do now (the send dialog), as for inspection reports: the client’s report e-mails, its sales and the factory contact (each address once), and whether the share link gets a password (the client’s `sharePassword`).',
  input: z.object({ id: idIn }),
  output: z.object({ recipients: z.array(reportSendRecipient), password: z.boolean() }),
});

export const sendSuperviseReport = defineOperation({
  path: 'supervisereport/send',
  method: 'POST',
  permission: 'insp.report.send',
  summary:
    'Send an approved loading report (40 → 50; a resend in 50 stays and is logged; E_REPORT_NOT_APPROVED before approval) as an inspection report is sent: the final PDF stored and attached (the link only over 20 MB) with a share link (`/s/{code}`, 30 days, a random 6-character password in the mail when the client’s `sharePassword`) to `to` (default: send/recipients), each in their language.',
  input: z.object({ id: idIn, version, to: z.array(email).min(1).max(30).optional() }),
  output: superviseReportDetail,
});

/** The keys only this area raises. */
export const texts = defineTexts({
  errors: {
    E_CONTAINER_NO: {
      zh: '集装箱号“{value}”不符合ISO 6346（格式或校验位错误）',
      en: 'The container no "{value}" is not a valid ISO 6346 number (format or check digit)',
    },
    E_SR_LIVE: {
      zh: '该出货的集装箱{value}已有监装报告{reportNo}',
      en: 'Container {value} of this shipping already has the supervise report {reportNo}',
    },
    E_SR_CHECKPOINT: {
      zh: '必检项“{name}”尚未检查',
      en: 'The mandatory checkpoint "{name}" has not been checked',
    },
    E_SR_PHOTO: {
      zh: '检查项“{name}”需要照片',
      en: 'The checkpoint "{name}" needs a photo',
    },
    E_SR_INSPECTOR: {
      zh: '只有该报告的验货员可以签出',
      en: 'Only the report’s inspectors may check it out',
    },
    E_SR_NO_PRODUCTS: {
      zh: '该出货在此工厂没有订单产品',
      en: 'The shipping has no order products of this factory',
    },
  },
  fields: {
    loadingDate: { zh: '装柜日期', en: 'Loading date' },
    arrivalTime: { zh: '到达时间', en: 'Arrival time' },
    finishTime: { zh: '完成时间', en: 'Finish time' },
    plannedCartons: { zh: '计划箱数', en: 'Planned cartons' },
    loadedCartons: { zh: '已装箱数', en: 'Loaded cartons' },
    loadedQuantity: { zh: '已装数量', en: 'Loaded quantity' },
    superviseCheckpointId: { zh: '检查点', en: 'Checkpoint' },
    checkpoints: { zh: '检查点', en: 'Checkpoints' },
    inspectorId: { zh: '验货员', en: 'Inspector' },
    bookingId: { zh: '预约', en: 'Booking' },
    approvedBy: { zh: '审核人', en: 'Approved by' },
    approvedAt: { zh: '审核时间', en: 'Approved at' },
  },
});
