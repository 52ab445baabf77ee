import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { photoFlag } from './files';
import { defineOperation } from './operation';
import {
  dateOut,
  dateRangeOk,
  dateTimeOut,
  decimalOut,
  email,
  idIn,
  idOut,
  optStr,
  refOut,
  searchPageOf,
  searchPaging,
  sorting,
  str,
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';

// Inspection reports (验货报告, DOMAIN.md §2.6, §4.4, §6.2, §6.3, §6.6, §6.9, §6.10, §7.3; issue 27):
// the lead inspector's report of a task with its exact ISO 2859-1 sample, findings and photos, the
// verdict the server computes, and a two-level audit. The sampling plan read (`aql/plan`) and the
// switching rules (`aql/severity`) are this area's too: the report is what they serve.

/** DOMAIN.md §3.2 InspectionReportStatus. */
export const INSPECTION_REPORT_STATUS = {
  draft: 10,
  submitted: 20,
  levelTwo: 25,
  approved: 30,
  sent: 40,
  confirmed: 50,
  rejected: 80,
  cancelled: 90,
} as const;

/** DOMAIN.md §3.1 InspectionTestResult. */
export const INSPECTION_TEST_RESULT = { notDone: 0, pass: 1, fail: 2, notApplicable: 3, info: 4 } as const;

/** ISO 2859-1 inspection levels (the `aql` list's rows). */
export const SAMPLING_LEVELS = ['S1', 'S2', 'S3', 'S4', 'I', 'II', 'III'] as const;
export const SEVERITIES = ['normal', 'tightened', 'reduced'] as const;
export const FORCE_UNITS = ['N', 'KGF', 'LBF'] as const;
export const WEIGHT_UNITS = ['KG', 'LB'] as const;
export const SWITCHING_DECISIONS = ['approveReduced', 'resume', 'reinstateNormal'] as const;
/** The sortable columns of inspection/report/search. */
export const INSPECTION_REPORT_SORTS = ['reportNo', 'inspectionDate'] as const;

export const REPORT_DEFECTS_MAX = 200;
export const REPORT_PHOTOS_MAX = 60;

const count = z.number().int().min(0).max(9_999_999);
const enumCode = (name: Parameters<typeof enumSchema>[0]) => enumSchema(name).transform((v) => Number(v));
const dec = (max: number) => z.number().min(0).max(max);
/** An AQL as the table prints it or as a number ("2.5", 4, "0.65"); checked against the table by the server. */
export const aqlIn = z.union([z.number().min(0).max(1000), z.string().regex(/^\d{1,4}(\.\d{1,3})?$/)]);

export const classPlan = z.object({
  letter: z.string(),
  n: z.number().int(),
  ac: z.number().int(),
  re: z.number().int(),
});

export const samplingPlan = z.object({
  /** The Table 1 letter of the lot. */
  letter: z.string(),
  /** Units drawn: the largest class n, capped at the lot. */
  drawn: z.number().int(),
  hundredPercent: z.boolean(),
  severity: z.enum(SEVERITIES),
  critical: classPlan,
  major: classPlan,
  minor: classPlan,
});

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

export const reportProductIn = z.object({
  orderProductId: idIn,
  presentedQuantity: count,
  packedQuantity: count.default(0),
});

export const defectIn = z.object({
  defectId: idIn,
  /** enum DefectClass 1 critical, 2 major, 3 minor */
  defectClass: enumCode('DefectClass'),
  qty: z.number().int().min(1).max(9_999_999),
  /** R when the report has more than one product. */
  orderProductId: idIn.optional(),
  photoIds: z.array(idIn).max(20).default([]),
  remark: optStr(500),
});

export const cartonDataIn = z.object({
  cartonQty: count,
  pcsPerCarton: count,
  innerPack: count.optional(),
  openedCartons: count,
  shippingMark: z.boolean(),
});

export const cartonSizeIn = z.object({
  specL: dec(99_999),
  specW: dec(99_999),
  specH: dec(99_999),
  actL: dec(99_999),
  actW: dec(99_999),
  actH: dec(99_999),
  /** enum SizeUnit */
  unit: enumCode('SizeUnit').default(1),
});

export const weightsIn = z.object({
  grossSpec: dec(999_999),
  grossActual: dec(999_999),
  netSpec: dec(999_999).optional(),
  netActual: dec(999_999).optional(),
  unit: z.enum(WEIGHT_UNITS),
});

export const pullTestIn = z.object({
  partId: idIn.optional(),
  /** enum TensionType */
  tensionType: enumCode('TensionType'),
  force: z.number().min(0).max(99_999),
  forceUnit: z.enum(FORCE_UNITS),
  holdSeconds: z.number().int().min(0).max(3600).default(10),
  sampleQty: count.optional(),
  /** enum InspectionTestResult */
  result: enumCode('InspectionTestResult').default(0),
});

export const safetyTestIn = z.object({
  inspectionTestId: idIn,
  sampleQty: count.optional(),
  value: optStr(100),
  /** enum InspectionTestResult */
  result: enumCode('InspectionTestResult').default(0),
  remark: optStr(500),
});

export const sectionIn = z.object({
  /** enum InspectionResultType */
  sectionType: enumCode('InspectionResultType'),
  /** enum InspectionResult (0 not judged) */
  result: enumCode('InspectionResult').default(0),
  remarkIds: z.array(idIn).max(20).default([]),
  remark: optStr(2000),
});

export const reportProduct = z.object({
  orderProductId: idOut,
  productNo: z.string(),
  itemNo: z.string(),
  name: z.string(),
  applyQuantity: z.number().int(),
  presentedQuantity: z.number().int(),
  packedQuantity: z.number().int(),
  critical: z.number().int(),
  major: z.number().int(),
  minor: z.number().int(),
  /** enum InspectionResult (0: the report's result) */
  result: z.number().int(),
  remark: z.string().nullable(),
});

export const reportPhoto = z.object({
  fileId: idOut,
  name: z.string(),
  /** Signed URLs of the photo and its thumbnail (null when not signed, e.g. in an export). */
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Integrity flag codes for the auditor (NO_EXIF, DATE_MISMATCH, NEAR_DUPLICATE, DUPLICATE_ELSEWHERE, FAR_FROM_FACTORY). */
  flags: z.array(z.string()),
  /** The flags with their facts (the other files, the distance, the capture date, the km). */
  flagDetails: z.array(photoFlag),
});

export const reportDefect = z.object({
  defect: refOut,
  defectClass: z.number().int(),
  qty: z.number().int(),
  orderProductId: idOut.nullable(),
  photos: z.array(reportPhoto),
  remark: z.string().nullable(),
});

/** The spec §8 text while a report PDF is made (a job with progress). */
export const REPORT_GENERATING = {
  zh: '正在生成报告，请稍候',
  en: 'Generating the report, please wait',
} as const;

/** Over this size the send mails the share link only, without the PDF attached (issue 28). */
export const REPORT_ATTACH_MAX_BYTES = 20 * 1024 * 1024;
/** Days a sent report's share link opens (DOMAIN.md §6.10). */
export const REPORT_SHARE_DAYS = 30;

/** The final PDF of an approved report: its file, or the job making it (`job/progress`). */
export const reportPdfState = z.object({
  /** The stored PDF of the current revision (null while it is made, or before approval). */
  file: z
    .object({
      fileId: idOut,
      name: z.string(),
      /** A signed download URL (null when not signed). */
      url: z.string().nullable(),
      size: z.number().int(),
      pages: z.number().int(),
      revision: z.number().int(),
      madeAt: dateTimeOut,
    })
    .nullable(),
  /** The job making the PDF of the current revision; null when none runs. */
  job: z.object({ jobId: idOut, state: z.enum(['queued', 'running', 'done', 'failed']) }).nullable(),
});

export const reportSendRecipient = z.object({
  email: z.string(),
  name: z.string().nullable(),
  /** Why they get it: the client's report e-mails, the client's sales, the factory contact, or added by the sender. */
  role: z.enum(['client', 'sales', 'factory', 'other']),
  /** The language of their mail. */
  lang: z.enum(['zh', 'en']),
});

export const reportSend = z.object({
  at: dateTimeOut,
  by: userLabel,
  to: z.array(z.string()),
  /** The revision sent; `revised` when it is above 0 (a resend after a reopen). */
  revision: z.number().int(),
  revised: z.boolean(),
  /** The PDF was over REPORT_ATTACH_MAX_BYTES: the mail carried the link only. */
  linkOnly: z.boolean(),
  /** The share link `/s/{code}` and when it expires (its password went in the mail, never stored in clear). */
  share: z.object({ code: z.string(), url: z.string(), expiresAt: dateTimeOut, password: z.boolean() }),
});

export const inspectionReportRow = z.object({
  id: idOut,
  reportNo: z.string(),
  interim: z.boolean(),
  task: z.object({ id: idOut, taskNo: z.string() }),
  applyId: idOut.nullable(),
  order: z.object({ id: idOut, orderNo: z.string() }),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
  factory: refOut,
  inspectionType: refOut.extend({ serviceCode: z.string() }),
  /** enum ProductType */
  productType: z.number().int(),
  inspector: userLabel,
  assistants: z.array(userLabel),
  inspectionDate: dateOut,
  quantity: z.number().int(),
  sampleSize: z.number().int(),
  critical: z.number().int(),
  major: z.number().int(),
  minor: z.number().int(),
  /** enum InspectionResult */
  preResult: z.number().int().nullable(),
  result: z.number().int(),
  /** × 100 */
  score: z.number().int(),
  assistScore: z.number().int(),
  revision: z.number().int(),
  checkout: z.object({ by: userLabel, expiresAt: dateTimeOut }).nullable(),
  /** enum InspectionReportStatus */
  status: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const inspectionReportDetail = inspectionReportRow.extend({
  sampling: z.object({
    level: z.string(),
    majorAql: z.string(),
    minorAql: z.string(),
    plan: samplingPlan.nullable(),
    /** The drawn sample set by hand, with its reason (sends the approval to level 2). */
    override: z.object({ sampleSize: z.number().int(), reason: z.string() }).nullable(),
  }),
  products: z.array(reportProduct),
  defects: z.array(reportDefect),
  cartonData: cartonDataIn.nullable(),
  cartonSize: z
    .object({
      specL: decimalOut,
      specW: decimalOut,
      specH: decimalOut,
      actL: decimalOut,
      actW: decimalOut,
      actH: decimalOut,
      unit: z.number().int(),
    })
    .nullable(),
  weights: z
    .object({
      grossSpec: decimalOut,
      grossActual: decimalOut,
      netSpec: decimalOut.optional(),
      netActual: decimalOut.optional(),
      unit: z.string(),
    })
    .nullable(),
  pullTests: z.array(
    z.object({
      part: refOut.nullable(),
      tensionType: z.number().int(),
      force: decimalOut,
      forceUnit: z.string(),
      holdSeconds: z.number().int(),
      sampleQty: z.number().int().nullable(),
      result: z.number().int(),
    }),
  ),
  safetyTests: z.array(
    z.object({
      inspectionTest: refOut.extend({ safety: z.boolean() }),
      sampleQty: z.number().int().nullable(),
      value: z.string().nullable(),
      result: z.number().int(),
      remark: z.string().nullable(),
    }),
  ),
  /** The client's required safety tests (§7.3: each needs a result before submit). */
  requiredSafetyTests: z.array(refOut),
  sections: z.array(
    z.object({
      sectionType: z.number().int(),
      result: z.number().int(),
      remarkIds: z.array(idOut),
      remark: z.string().nullable(),
    }),
  ),
  photos: z.array(reportPhoto),
  /** The factory representative's sign-off on site: name and drawn signature (an image file). */
  signOff: z
    .object({
      name: z.string(),
      signature: z.object({ fileId: idOut, name: z.string(), url: z.string().nullable() }),
      at: dateTimeOut,
    })
    .nullable(),
  /** Samples drawn on site for testing, the draft test order they made, and their dispatch. */
  labSamples: z
    .object({
      samples: z.array(
        z.object({
          orderProductId: idOut,
          productNo: z.string(),
          quantity: z.number().int(),
          sealNo: z.string(),
        }),
      ),
      testOrder: z.object({ id: idOut, testOrderNo: z.string(), status: z.number().int() }).nullable(),
      express: refOut.nullable(),
      trackingNo: z.string().nullable(),
      sentAt: dateTimeOut.nullable(),
    })
    .nullable(),
  /** The verdict of the counts and tests now (§6.3), and why. */
  computed: z.object({ result: z.number().int(), reasons: z.array(z.string()) }),
  resultRemark: z.string().nullable(),
  /** The auditor's reason for a result better than computed or than the pre-result. */
  resultReason: z.string().nullable(),
  /** What takes (or took) the approval to level 2. */
  levelTwoTriggers: z.array(z.string()),
  auditL1: z.object({ by: userLabel, at: dateTimeOut }).nullable(),
  auditL2: z.object({ by: userLabel, at: dateTimeOut }).nullable(),
  rejectReason: z.string().nullable(),
  /** The transitions and writes the caller may take now. */
  actions: z.array(z.string()),
  /** The client-ready PDF (issue 28): the final one made at approval, or the job making it. */
  pdf: reportPdfState,
  /** Every send of the report, newest first (who, when, to whom; `revised` after a reopen). */
  sends: z.array(reportSend),
  /** enum InspectionResult: from the client's instruction (50). */
  confirmedResult: z.number().int().nullable(),
  createdAt: dateTimeOut,
});

export type InspectionReportRow = z.output<typeof inspectionReportRow>;
export type InspectionReportDetail = z.output<typeof inspectionReportDetail>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchInspectionReports = defineOperation({
  path: 'inspection/report/search',
  method: 'POST',
  permission: 'insp.report.search',
  summary:
    'Inspection reports (spec §3): order no ending, product no and factory containing, inspection-date range, result, status, `work` (default true: the caller’s to-do of DOMAIN.md §6.8), `interim` (default false: final reports; true: the interim list); in scope; newest first unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      factory: optStr(100),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      result: enumCode('InspectionResult').optional(),
      status: enumCode('InspectionReportStatus').optional(),
      work: z.boolean().default(true),
      interim: z.boolean().default(false),
      ...searchPaging,
      ...sorting(INSPECTION_REPORT_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(inspectionReportRow),
});

export const listInspectionReports = defineOperation({
  path: 'inspection/report/list',
  method: 'POST',
  permission: 'insp.report.search',
  summary:
    'The reports of a task or an order product, or the auto-complete (report no containing): in scope, newest first.',
  input: z.object({
    keyword: optStr(30),
    taskId: idIn.optional(),
    orderProductId: idIn.optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({
    list: z.array(
      inspectionReportRow.pick({
        id: true,
        reportNo: true,
        interim: true,
        status: true,
        result: true,
        inspectionDate: true,
      }),
    ),
  }),
});

export const getInspectionReport = defineOperation({
  path: 'inspection/report/details',
  method: 'GET',
  permission: 'insp.report.search',
  summary:
    'One report with its sample plan, products, findings, photos (with their integrity flags), the computed verdict and the actions the caller may take.',
  input: z.object({ id: idIn }),
  output: inspectionReportDetail,
});

export const getReportResult = defineOperation({
  path: 'inspection/report/result/details',
  method: 'GET',
  permission: 'insp.report.search',
  summary:
    'The result part of a report: the computed verdict and its reasons, the pre-result, the result, the product lines, the level-2 triggers.',
  input: z.object({ id: idIn }),
  output: inspectionReportDetail.pick({
    id: true,
    version: true,
    computed: true,
    preResult: true,
    result: true,
    resultRemark: true,
    resultReason: true,
    products: true,
    levelTwoTriggers: true,
  }),
});

export const safetyTestRow = z.object({
  id: idOut,
  report: z.object({ id: idOut, reportNo: z.string(), interim: z.boolean(), status: z.number().int() }),
  inspectionDate: dateOut,
  order: z.object({ id: idOut, orderNo: z.string() }),
  products: z.array(z.object({ id: idOut, productNo: z.string(), name: z.string() })),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
  department: refOut,
  factory: refOut,
  inspectionTest: refOut.extend({ safety: z.boolean() }),
  sampleQty: z.number().int().nullable(),
  value: z.string().nullable(),
  /** enum InspectionTestResult */
  result: z.number().int(),
  remark: z.string().nullable(),
});

export const searchSafetyTests = defineOperation({
  path: 'safetest/inspection/search',
  method: 'POST',
  permission: 'safetest.search',
  summary:
    'Safety-test inspections (spec §3 "Safe test"): the safety tests recorded on inspection reports (not cancelled), with the report’s products; order no ending, product no and factory containing, client, department, report inspection-date range, result (InspectionTestResult); in scope; newest first.',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      factory: optStr(100),
      client: idIn.optional(),
      department: idIn.optional(),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      result: enumCode('InspectionTestResult').optional(),
      ...searchPaging,
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(safetyTestRow),
});

// ---------------------------------------------------------------------------------------------
// Writes (the checkout holder's, DOMAIN.md §6.10)
// ---------------------------------------------------------------------------------------------

const idVersion = { id: idIn, version };

export const createInspectionReport = defineOperation({
  path: 'inspection/report/create',
  method: 'POST',
  permission: 'insp.report.edit',
  summary:
    'The lead inspector’s report of a task (10, 20): numbered by §6.9, its products from the task’s items, the client’s sampling level and AQLs with the current severity snapshotted, checked out to the creator; the task goes to 20 and its application to 40. A task holds at most one live final report (E_DUPLICATE).',
  input: z.object({ taskId: idIn, inspectionDate: businessDate.optional() }),
  output: inspectionReportDetail,
});

export const checkoutInspectionReport = defineOperation({
  path: 'inspection/report/checkout',
  method: 'POST',
  permission: 'insp.report.edit',
  summary:
    'Take the report’s edit lock (10, 80; lead or assistant) for `checkout.ttlHours` (8), renewed by each save; E_CHECKED_OUT while another user holds a live one.',
  input: z.object({ id: idIn }),
  output: inspectionReportDetail,
});

export const releaseInspectionReport = defineOperation({
  path: 'inspection/report/release',
  method: 'POST',
  permission: 'insp.report.edit',
  alsoPermitted: ['insp.report.admin'],
  summary: 'Give the lock back (its holder), or force it free (`force`, insp.report.admin).',
  input: z.object({ id: idIn, force: z.boolean().default(false) }),
  output: inspectionReportDetail,
});

export const updateInspectionReport = defineOperation({
  path: 'inspection/report/update',
  method: 'POST',
  permission: 'insp.report.edit',
  summary:
    'Save parts of the report under the caller’s checkout (E_NOT_CHECKED_OUT): inspection date, defects (their counts follow per product and class), cartons, carton size, weights, pull tests, safety tests, sections, photos. A given part replaces the stored one; the same photo twice in one report is E_DUPLICATE. Renews the checkout.',
  input: z.object({
    ...idVersion,
    inspectionDate: businessDate.optional(),
    defects: z.array(defectIn).max(REPORT_DEFECTS_MAX).optional(),
    cartonData: cartonDataIn.nullable().optional(),
    cartonSize: cartonSizeIn.nullable().optional(),
    weights: weightsIn.nullable().optional(),
    pullTests: z.array(pullTestIn).max(50).optional(),
    safetyTests: z.array(safetyTestIn).max(100).optional(),
    sections: z.array(sectionIn).max(8).optional(),
    photoIds: z.array(idIn).max(REPORT_PHOTOS_MAX).optional(),
    /** The factory representative's sign-off (null clears it). */
    signOff: z
      .object({ name: str(60), signatureFileId: idIn })
      .nullable()
      .optional(),
  }),
  output: inspectionReportDetail,
});

export const drawReportSamples = defineOperation({
  path: 'inspection/report/sample/create',
  method: 'POST',
  permission: 'insp.report.edit',
  summary:
    'Record the samples drawn on site for testing (product of the report, quantity, seal no) under the checkout: makes a draft test order (10) of those products for the lab (default: the client’s lab), with the products’ open order-risk items; the report and the test order link each other. Once per report (E_DUPLICATE).',
  input: z.object({
    ...idVersion,
    labId: idIn.optional(),
    samples: z
      .array(z.object({ orderProductId: idIn, quantity: z.number().int().min(1).max(9999), sealNo: str(40) }))
      .min(1)
      .max(50),
  }),
  output: inspectionReportDetail,
});

export const sendReportSamples = defineOperation({
  path: 'inspection/report/sample/send',
  method: 'POST',
  permission: 'insp.report.edit',
  summary: 'The drawn samples are sent: courier (the `express` list) and tracking no (any status but 90).',
  input: z.object({ ...idVersion, expressId: idIn, trackingNo: str(60) }),
  output: inspectionReportDetail,
});

export const updateReportQuantity = defineOperation({
  path: 'inspection/report/quantity/update',
  method: 'POST',
  permission: 'insp.report.edit',
  summary:
    'The presented and packed quantity per product (presented ≤ applied, E_QTY_EXCEEDS): the lot and its sample plan are recomputed. `sampleSize` overrides the units drawn (≤ the lot) with `sampleOverrideReason` (R); null removes the override.',
  input: z
    .object({
      ...idVersion,
      products: z.array(reportProductIn).min(1).max(200),
      sampleSize: z.number().int().min(1).max(9_999_999).nullable().optional(),
      sampleOverrideReason: optStr(500),
    })
    .refine((v) => !v.sampleSize || v.sampleOverrideReason !== undefined, {
      path: ['sampleOverrideReason'],
      params: { reason: 'E_REASON_REQUIRED' },
    }),
  output: inspectionReportDetail,
});

const resultIn = {
  ...idVersion,
  /** enum InspectionResult 1–6 */
  preResult: enumCode('InspectionResult').optional(),
  resultRemark: optStr(2000),
  products: z
    .array(z.object({ orderProductId: idIn, result: enumCode('InspectionResult'), remark: optStr(500) }))
    .max(200)
    .optional(),
};

export const createReportResult = defineOperation({
  path: 'inspection/report/result/create',
  method: 'POST',
  permission: 'insp.report.edit',
  summary:
    'Record the report’s result the first time (E_DUPLICATE once there is one): the pre-result (the computed verdict or worse, E_RESULT_BETTER; rework for a computed fail), its remark (R for 2–6), product lines (a differing product result needs a remark).',
  input: z.object(resultIn),
  output: inspectionReportDetail,
});

export const updateReportResult = defineOperation({
  path: 'inspection/report/result/update',
  method: 'POST',
  permission: 'insp.report.edit',
  summary: 'Change the recorded result: the rules of result/create.',
  input: z.object(resultIn),
  output: inspectionReportDetail,
});

export const setReportPreResult = defineOperation({
  path: 'inspection/report/result/preresult',
  method: 'POST',
  permission: 'insp.report.edit',
  summary: 'Only the pre-result (and its remark): the rules of result/create.',
  input: z.object({ ...idVersion, preResult: enumCode('InspectionResult'), resultRemark: optStr(2000) }),
  output: inspectionReportDetail,
});

// ---------------------------------------------------------------------------------------------
// Transitions (DOMAIN.md §4.4)
// ---------------------------------------------------------------------------------------------

const reasonIn = z.object({ ...idVersion, reason: optStr(1000) });

const transitionOp = (action: string, permission: string, summary: string, alsoPermitted?: string[]) =>
  defineOperation({
    path: `inspection/report/${action}`,
    method: 'POST',
    permission,
    ...(alsoPermitted ? { alsoPermitted } : {}),
    summary,
    input: reasonIn,
    output: inspectionReportDetail,
  });

export const submitInspectionReport = transitionOp(
  'submit',
  'insp.report.edit',
  'Submit (10, 80 → 20; the lead): the completeness check of §7.3 (E_INCOMPLETE {field}: the first part missing); a final report moves its task to 30.',
);
export const interimInspectionReport = transitionOp(
  'interim',
  'insp.report.edit',
  'Issue as interim (10 → 20, interim for good): renumbered `{base}-I{n}`; needs an inspection type that allows interims (E_STATUS) and no approved final report on the task; §7.3 as for submit.',
);
export const rejectInspectionReport = transitionOp(
  'reject',
  'insp.report.audit',
  'Send back (20 → 80 insp.report.audit; 25 → 80 insp.report.admin) with a reason (R); mails the inspector; a final report moves its task back to 20.',
  ['insp.report.admin'],
);
export const reopenInspectionReport = transitionOp(
  'reopen',
  'insp.report.admin',
  'Reopen an approved, sent or confirmed report (30, 40, 50 → 80) with a reason (R): revision + 1; the task and application keep their status; the next approval re-books the scores.',
);
export const cancelInspectionReport = transitionOp(
  'cancel',
  'insp.report.admin',
  'Cancel (10, 80 → 90) with a reason (R); the report no is never reused: the task takes a new base number if this report held it.',
);

export const approveInspectionReport = defineOperation({
  path: 'inspection/report/approve',
  method: 'POST',
  permission: 'insp.report.audit',
  alsoPermitted: ['insp.report.admin'],
  summary:
    'Approve: level 1 (20, insp.report.audit) fixes the result (`result`, default the pre-result; better than computed or than the pre-result needs `reason`, E_REASON_REQUIRED) and goes to 30, or to 25 when a level-2 trigger holds (result 2–4, a critical defect, a better result, a sample override); level 2 (25 → 30, insp.report.admin). Never by the report’s inspector or assistants (E_SELF_AUDIT). At 30 the scores are booked and a final report closes its task and application.',
  input: z.object({
    ...idVersion,
    result: enumCode('InspectionResult').optional(),
    reason: optStr(1000),
    resultRemark: optStr(2000),
  }),
  output: inspectionReportDetail,
});

// ---------------------------------------------------------------------------------------------
// The client-ready report (issue 28): the bilingual PDF and the send
// ---------------------------------------------------------------------------------------------

export const getReportPdf = defineOperation({
  path: 'inspection/report/pdf',
  method: 'POST',
  permission: 'insp.report.search',
  alsoPermitted: ['insp.instruction.create'],
  summary:
    'The report as the bilingual PDF. `preview: true` makes a watermarked preview now (any status but 90; not stored) and answers its bytes (base64). Without it answers the final PDF of the current revision made at approval (30, 40, 50: its signed link), or the job still making it (`job/progress`; "正在生成报告，请稍候 / Generating the report, please wait"); before approval `final` is null.',
  input: z.object({ id: idIn, preview: z.boolean().default(false) }),
  output: z.object({
    preview: z
      .object({
        name: z.string(),
        contentType: z.literal('application/pdf'),
        /** The PDF, base64. */
        base64: z.string(),
        size: z.number().int(),
        pages: z.number().int(),
      })
      .nullable(),
    final: reportPdfState,
  }),
});

export const getReportSendRecipients = defineOperation({
  path: 'inspection/report/send/recipients',
  method: 'GET',
  permission: 'insp.report.send',
  summary:
    'What a send would do now (the send dialog): the recipients (the client’s report e-mails, the client’s sales, the factory contact; each address once), whether the link gets a password (the client’s `sharePassword`), whether it is a revised send (revision > 0), and whether the PDF goes as a link only (over 20 MB).',
  input: z.object({ id: idIn }),
  output: z.object({
    recipients: z.array(reportSendRecipient),
    password: z.boolean(),
    revised: z.boolean(),
    /** The final PDF's size, null while it is made. */
    size: z.number().int().nullable(),
    linkOnly: z.boolean(),
  }),
});

export const sendInspectionReport = defineOperation({
  path: 'inspection/report/send',
  method: 'POST',
  permission: 'insp.report.send',
  summary:
    'Send an approved report (30 → 40; a resend in 40 or 50 stays, E_REPORT_NOT_APPROVED before approval): mails the final PDF (made first if its job has not run) and a share link (`/s/{code}`, 30 days, a random 6-character password in the mail when the client’s `sharePassword`) to `to` (default: the recipients of send/recipients; each address once), in each recipient’s language; over 20 MB the mail carries the link only. The send is recorded on the report (who, when, to whom, revision; "revised" after a reopen) and in its change log.',
  input: z.object({
    ...idVersion,
    to: z.array(email).min(1).max(30).optional(),
  }),
  output: inspectionReportDetail,
});

// ---------------------------------------------------------------------------------------------
// Sampling: the plan read and the switching rules
// ---------------------------------------------------------------------------------------------

export const severityState = z.object({
  severity: z.enum(SEVERITIES),
  discontinued: z.boolean(),
  score: z.number().int(),
  reason: z.string(),
});

export const getAqlPlan = defineOperation({
  path: 'aql/plan',
  method: 'POST',
  permission: 'signed-in',
  summary:
    'The single sampling plan of a lot (ANSI/ASQ Z1.4 = ISO 2859-1): the Table 1 letter, units drawn (capped at the lot: 100 %), and per class letter, n, Ac/Re. AQLs must be columns of the table (E_FORMAT). Severity defaults to the current one of client × factory × inspection type, else normal.',
  input: z.object({
    lot: z.number().int().min(1).max(99_999_999),
    level: z.enum(SAMPLING_LEVELS),
    major: aqlIn,
    minor: aqlIn,
    severity: z.enum(SEVERITIES).optional(),
    clientId: idIn.optional(),
    factoryId: idIn.optional(),
    inspectionTypeId: idIn.optional(),
  }),
  output: samplingPlan.extend({ severityReason: z.string(), discontinued: z.boolean() }),
});

const supplierIn = { clientId: idIn, factoryId: idIn, inspectionTypeId: idIn };

export const getAqlSeverity = defineOperation({
  path: 'aql/severity',
  method: 'POST',
  permission: 'insp.report.search',
  summary:
    'The switching state of client × factory × inspection type (normal, tightened, reduced, discontinued; the switching score) and its history: the lots that count and the QC managers’ decisions, oldest first.',
  input: z.object(supplierIn),
  output: severityState.extend({
    reducedEligible: z.boolean(),
    history: z.array(
      severityState.extend({
        at: z.string(),
        ref: z.string(),
        kind: z.enum(['lot', 'decision']),
        accepted: z.boolean(),
      }),
    ),
  }),
});

export const updateAqlSeverity = defineOperation({
  path: 'aql/severity/update',
  method: 'POST',
  permission: 'insp.report.admin',
  summary:
    'A QC manager’s decision: `approveReduced` (normal with a switching score ≥ 30: production steady), `resume` (a discontinued supplier restarts on tightened), `reinstateNormal` (reduced → normal: irregular production). A decision that does not apply now is E_STATUS. Reason R.',
  input: z.object({ ...supplierIn, decision: z.enum(SWITCHING_DECISIONS), reason: optStr(500) }),
  output: getAqlSeverity.output,
});

export const factorySeverities = defineOperation({
  path: 'aql/severity/client',
  method: 'POST',
  permission: 'insp.report.search',
  alsoPermitted: ['client.search'],
  summary:
    'The current severity of each factory × inspection type a client’s reports count lots for (the client screen).',
  input: z.object({ clientId: idIn }),
  output: z.object({
    list: z.array(severityState.extend({ factory: refOut, inspectionType: refOut, lots: z.number().int() })),
  }),
});

/** The keys only this area raises. */
export const texts = defineTexts({
  errors: {
    E_RESULT_BETTER: {
      zh: '结果不能优于AQL判定结果',
      en: 'The result cannot be better than the AQL verdict',
    },
    E_INCOMPLETE: { zh: '报告不完整：{field}', en: 'The report is incomplete: {field}' },
    E_NOT_LEAD: { zh: '只有主验货员可以操作', en: 'Only the lead inspector can do this' },
    E_REPORT_NOT_APPROVED: {
      zh: '报告审核通过后才能发送',
      en: 'The report can be sent only once it is approved',
    },
    E_REPORT_NOT_SENT: {
      zh: '报告发送后才能下达验货指示',
      en: 'An instruction can be given only on a report that has been sent',
    },
    E_NO_RECIPIENTS: { zh: '没有收件人', en: 'There is nobody to send the report to' },
    E_PDF_FAILED: {
      zh: '报告PDF生成失败，请稍后重试',
      en: 'The report PDF could not be made, please try again later',
    },
    E_DISCONTINUED: {
      zh: '该工厂已暂停检验，需质量经理恢复',
      en: 'Inspection of this factory is discontinued until a QC manager resumes it',
    },
  },
  fields: {
    reportNo: { zh: '报告编号', en: 'Report no' },
    inspectionDate: { zh: '验货日期', en: 'Inspection date' },
    presentedQuantity: { zh: '验货数量', en: 'Presented quantity' },
    packedQuantity: { zh: '已包装数量', en: 'Packed quantity' },
    sampleSize: { zh: '抽样数量', en: 'Sample size' },
    sampleOverrideReason: { zh: '抽样数调整原因', en: 'Sample size override reason' },
    defects: { zh: '缺陷', en: 'Defects' },
    defectPhotos: { zh: '缺陷照片', en: 'Defect photos' },
    cartonData: { zh: '箱数据', en: 'Carton data' },
    cartonSize: { zh: '箱规', en: 'Carton size' },
    weights: { zh: '重量', en: 'Weights' },
    pullTests: { zh: '拉力测试', en: 'Pull tests' },
    safetyTests: { zh: '安全测试', en: 'Safety tests' },
    sections: { zh: '检验项目结论', en: 'Sections' },
    photoIds: { zh: '照片', en: 'Photos' },
    preResult: { zh: '预判结果', en: 'Pre-result' },
    resultRemark: { zh: '结果说明', en: 'Result remark' },
    resultReason: { zh: '改判原因', en: 'Reason for the result' },
    checkedOutBy: { zh: '签出人', en: 'Checked out by' },
    interim: { zh: '中期报告', en: 'Interim' },
    revision: { zh: '修订版本', en: 'Revision' },
    score: { zh: '得分', en: 'Score' },
    signOff: { zh: '工厂签字', en: 'Factory sign-off' },
    labSamples: { zh: '送检样品', en: 'Lab samples' },
    sealNo: { zh: '封条号', en: 'Seal no' },
    trackingNo: { zh: '快递单号', en: 'Tracking no' },
    assistScore: { zh: '协助得分', en: 'Assist score' },
    to: { zh: '收件人', en: 'Recipients' },
    sends: { zh: '发送记录', en: 'Sends' },
    confirmedResult: { zh: '确认结果', en: 'Confirmed result' },
    // The change log's fields and the properties of its child rows (issue 27: no raw keys).
    taskId: { zh: '验货任务', en: 'Inspection task' },
    applyId: { zh: '验货申请', en: 'Inspection application' },
    inspectorId: { zh: '验货员', en: 'Inspector' },
    auditL1By: { zh: '一级审核人', en: 'Approved (level 1) by' },
    auditL2By: { zh: '二级审核人', en: 'Approved (level 2) by' },
    computedResult: { zh: 'AQL判定结果', en: 'Computed verdict' },
    plan: { zh: '抽样方案', en: 'Sampling plan' },
    drawn: { zh: '抽样数', en: 'Units drawn' },
    hundredPercent: { zh: '全检', en: '100 %' },
    severity: { zh: '严格度', en: 'Severity' },
    critical: { zh: '致命', en: 'Critical' },
    major: { zh: '严重', en: 'Major' },
    minor: { zh: '轻微', en: 'Minor' },
    n: { zh: '样本量', en: 'n' },
    ac: { zh: '接收数', en: 'Ac' },
    re: { zh: '拒收数', en: 'Re' },
    defectId: { zh: '缺陷', en: 'Defect' },
    defectClass: { zh: '缺陷等级', en: 'Class' },
    qty: { zh: '数量', en: 'Quantity' },
    cartonQty: { zh: '箱数', en: 'Cartons' },
    pcsPerCarton: { zh: '每箱件数', en: 'Pieces per carton' },
    innerPack: { zh: '内包装', en: 'Inner pack' },
    openedCartons: { zh: '开箱数', en: 'Cartons opened' },
    shippingMark: { zh: '唛头正确', en: 'Shipping mark correct' },
    specL: { zh: '长（标准）', en: 'Length (spec)' },
    specW: { zh: '宽（标准）', en: 'Width (spec)' },
    specH: { zh: '高（标准）', en: 'Height (spec)' },
    actL: { zh: '长（实测）', en: 'Length (actual)' },
    actW: { zh: '宽（实测）', en: 'Width (actual)' },
    actH: { zh: '高（实测）', en: 'Height (actual)' },
    unit: { zh: '单位', en: 'Unit' },
    grossSpec: { zh: '毛重（标准）', en: 'Gross (spec)' },
    grossActual: { zh: '毛重（实测）', en: 'Gross (actual)' },
    netSpec: { zh: '净重（标准）', en: 'Net (spec)' },
    netActual: { zh: '净重（实测）', en: 'Net (actual)' },
    force: { zh: '力值', en: 'Force' },
    remarkIds: { zh: '常用结论', en: 'Standard remarks' },
    samples: { zh: '样品', en: 'Samples' },
    sentAt: { zh: '寄出时间', en: 'Sent at' },
    expressId: { zh: '快递公司', en: 'Courier' },
    at: { zh: '时间', en: 'At' },
  },
});
