import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { uploadedFile } from './files';
import { defineListExport } from './list-export';
import { defineOperation } from './operation';
import {
  dateOut,
  dateRangeOk,
  dateTimeOut,
  flag,
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

// Test reports (测试报告, DOMAIN.md §2.5, §4.10; spec §3 "Test report"): the lab's report of a
// submitted test order (created in 10 by the submit) or a factory- or client-provided report
// (`create`), its items with results, the lab's number, date and files; verified by someone other
// than who entered the results, published (order risk, production samples, product tracking),
// retested (a draft retest test order) or invalidated. The previous-report view walks the chain.

/** DOMAIN.md §3.2 TestReportStatus. */
export const TEST_REPORT_STATUS = {
  pending: 10,
  issued: 20,
  verified: 30,
  published: 40,
  retested: 80,
  invalid: 90,
} as const;

/** TestResult codes (DOMAIN.md §3.1); 0 = not out. */
export const TEST_RESULTS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Results that allow a retest (improve, fail). */
export const TR_RETEST_RESULTS = [2, 3] as const;
/** TestReportSearchResult 10 out, 11 not passed, 12 retested. */
export const TR_SEARCH = { out: 10, notPassed: 11, retested: 12 } as const;
/** Files per report. */
export const TR_FILES_MAX = 20;

/**
 * What a report's result file may be: the lab's report as issued, a PDF (issue 23: a PNG was
 * accepted). Photos of the samples belong in the PDF the lab signs, not beside it.
 */
export const TR_FILE_EXTENSIONS = ['pdf'] as const;
/** The sortable columns of testreport/search (each served by an index). */
export const TEST_REPORT_SORTS = ['reportNo', 'reportDate'] as const;

const enumCode = (name: 'TestReportSearchResult' | 'TestReportStatus' | 'TestReportType') =>
  enumSchema(name).transform((v) => Number(v));

const oneOf = (codes: readonly number[]) =>
  z
    .number()
    .int()
    .refine((v) => codes.includes(v), { params: { reason: 'E_FORMAT' } });

const clientLabel = z.object({ id: idOut, code: z.string(), name: z.string() });

export const testReportProduct = z.object({
  id: idOut,
  productNo: z.string(),
  sku: z.string().nullable(),
  itemNo: z.string(),
  orderId: idOut,
  orderNo: z.string(),
  factory: refOut,
});

export const testReportRow = z.object({
  id: idOut,
  /** Null until the lab issues it: the UI shows the localized "pending" label. */
  reportNo: z.string().nullable(),
  /** enum TestReportType */
  reportType: z.number().int(),
  lab: refOut,
  testType: refOut,
  /** enum TestOrderStatus in `status`: a submitted (20) order is received by the result entry. */
  testOrder: z.object({ id: idOut, testOrderNo: z.string(), status: z.number().int() }).nullable(),
  products: z.array(testReportProduct),
  client: clientLabel,
  department: refOut,
  description: z.string().nullable(),
  reportDate: dateOut.nullable(),
  validUntil: dateOut.nullable(),
  /** enum TestResult: the worst item result (DOMAIN.md §6.4). */
  result: z.number().int(),
  /** enum TestReportStatus */
  status: z.number().int(),
  previousReportId: idOut.nullable(),
  retestNo: z.number().int(),
  resultBy: userLabel.nullable(),
  resultAt: dateTimeOut.nullable(),
  verifiedBy: userLabel.nullable(),
  publishedAt: dateTimeOut.nullable(),
  valid: z.number().int(),
  version: z.number().int(),
  createdAt: dateTimeOut,
  updatedAt: dateTimeOut,
});

export const testReportItem = z.object({
  id: idOut,
  product: z.object({ id: idOut, productNo: z.string() }),
  testItem: refOut,
  /** enum TestResult */
  result: z.number().int(),
  value: z.string().nullable(),
  limit: z.string().nullable(),
  remark: z.string().nullable(),
});

/** A report of the chain as the previous-report view shows it. */
export const testReportRound = testReportRow.extend({
  items: z.array(testReportItem),
  files: z.array(uploadedFile),
  reason: z.string().nullable(),
});

export const testReportDetail = testReportRound.extend({
  /** The transitions the caller may take now (result, verify, reject, publish, retest, invalidate, edit). */
  actions: z.array(z.string()),
  /** The draft retest test order a retest created (status 80). */
  retestOrder: z.object({ id: idOut, testOrderNo: z.string() }).nullable(),
  createdBy: userLabel.nullable(),
});

export type TestReportRow = z.output<typeof testReportRow>;
export type TestReportDetail = z.output<typeof testReportDetail>;
export type TestReportRound = z.output<typeof testReportRound>;
export type TestReportItem = z.output<typeof testReportItem>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchTestReports = defineOperation({
  path: 'testreport/search',
  method: 'POST',
  permission: 'testreport.search',
  summary:
    'Test reports (spec §3): report no containing, order no ending, product no / SKU / description / factory containing, client, department, lab, report date range (created date while pending), result (TestReportSearchResult: 10 out, 11 not passed, 12 retested), report type, test type, status; in scope; newest first unless sorted.',
  input: z
    .object({
      reportNo: optStr(60),
      orderNo: optStr(32),
      productNo: optStr(40),
      sku: optStr(40),
      desc: optStr(100),
      factory: optStr(100),
      client: idIn.optional(),
      department: idIn.optional(),
      lab: idIn.optional(),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      /** enum TestReportSearchResult (DOMAIN.md §2.11). */
      result: enumCode('TestReportSearchResult').optional(),
      /** enum TestReportType */
      type: enumCode('TestReportType').optional(),
      testType: idIn.optional(),
      status: enumCode('TestReportStatus').optional(),
      ...searchPaging,
      ...sorting(TEST_REPORT_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(testReportRow),
});

export const exportTestReports = defineListExport(searchTestReports, {
  path: 'testreport/export',
  permission: 'testreport.export',
  summary:
    'The test reports of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const listTestReports = defineOperation({
  path: 'testreport/list',
  method: 'POST',
  permission: 'testreport.search',
  summary:
    'The test reports of an order product or a test order, or the auto-complete (report no containing): in scope, valid, newest first.',
  input: z.object({
    keyword: optStr(60),
    orderProductId: idIn.optional(),
    testOrderId: idIn.optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({
    list: z.array(
      testReportRow.pick({
        id: true,
        reportNo: true,
        status: true,
        result: true,
        retestNo: true,
        reportDate: true,
      }),
    ),
  }),
});

export const getTestReport = defineOperation({
  path: 'testreport/details',
  method: 'GET',
  permission: 'testreport.search',
  summary:
    'One test report with its items, files and actions, and its previous reports (the retest chain back along previousReportId, newest first).',
  input: z.object({ id: idIn }),
  output: testReportDetail.extend({ previousReports: z.array(testReportRound) }),
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

const itemKey = z.object({ orderProductId: idIn, testItemId: idIn });

export const createTestReport = defineOperation({
  path: 'testreport/create',
  method: 'POST',
  permission: 'testreport.edit',
  summary:
    'Register a factory- or client-provided report (no test order) in 10: its type, lab, test type, description and items (order product × test item; the products must share one client and department, E_CART_CLIENT_DEPT).',
  input: z.object({
    /** enum TestReportType */
    reportType: oneOf([1, 2, 3, 4]),
    labId: idIn,
    testTypeId: idIn,
    description: optStr(2000),
    items: z.array(itemKey).min(1).max(500),
  }),
  output: testReportDetail,
});

export const updateTestReport = defineOperation({
  path: 'testreport/update',
  method: 'POST',
  permission: 'testreport.edit',
  summary:
    'Change a pending report (10): type, lab, test type, description, valid-until; `valid` 0 deletes it, 1 restores it.',
  input: z.object({
    id: idIn,
    version,
    reportType: oneOf([1, 2, 3, 4]).optional(),
    labId: idIn.optional(),
    testTypeId: idIn.optional(),
    description: optStr(2000),
    validUntil: businessDate.optional(),
    valid: flag.optional(),
  }),
  output: testReportDetail,
});

const itemResult = z.object({
  itemId: idIn,
  /** enum TestResult 0–6 */
  result: oneOf(TEST_RESULTS),
  value: optStr(200),
  limit: optStr(200),
  remark: optStr(500),
});

export const updateTestReportItems = defineOperation({
  path: 'testreport/item/update',
  method: 'POST',
  permission: 'testreport.edit',
  summary:
    'Record the listed items of a pending report (10): result, value, limit, remark. Unlisted items stay; the report result follows (worst of the items).',
  input: z.object({ id: idIn, version, items: z.array(itemResult).min(1).max(500) }),
  output: testReportDetail,
});

export const enterTestReportResult = defineOperation({
  path: 'testreport/result/update',
  method: 'POST',
  permission: 'testreport.result',
  summary:
    'Enter the result (10 → 20): report no (unique per lab), report date, files (at least one, E_TR_FILE_REQUIRED), the listed item results; every item must have a result (E_TR_NOT_OUT). A hand-set overall result better than the worst item is refused (E_RESULT_INCONSISTENT). Stores who entered it. Results are entered on a received test order: when the report’s test order is still submitted (20), `receiveTime` is required (E_REQUIRED) and the entry receives the order (20 → 30, test.edit; E_RANGE before its plan date, after today or after the report date).',
  input: z.object({
    id: idIn,
    version,
    reportNo: str(60),
    reportDate: businessDate,
    validUntil: businessDate.optional(),
    fileIds: z.array(idIn).max(TR_FILES_MAX).default([]),
    items: z.array(itemResult).max(500).default([]),
    /** Optional overall result (TestResult 1–6); must not be better than the items' worst. */
    result: oneOf([1, 2, 3, 4, 5, 6]).optional(),
    /** The day the lab received the samples: required while the report's test order is submitted (20). */
    receiveTime: businessDate.optional(),
  }),
  output: testReportDetail,
});

/** The columns of a lab's result file (XLSX): row 1 holds their keys or their zh / en headers. */
export const LAB_RESULT_COLUMNS = ['reportNo', 'item', 'result', 'remark'] as const;
export type LabResultColumn = (typeof LAB_RESULT_COLUMNS)[number];
export const LAB_RESULT_LABELS: Record<LabResultColumn, { zh: string; en: string }> = {
  reportNo: { zh: '报告编号', en: 'Report no' },
  item: { zh: '测试项目', en: 'Test item' },
  result: { zh: '结果', en: 'Result' },
  remark: { zh: '备注', en: 'Remark' },
};
/** Data rows a lab's result file may hold. */
export const LAB_RESULT_ROWS_MAX = 2000;

/** A row error of a lab's result file: the row, the column key, the value, its reason and texts. */
export const labResultError = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
  zh: z.string(),
  en: z.string(),
});

export const importTestReportResults = defineOperation({
  path: 'testreport/result/import',
  method: 'POST',
  permission: 'testreport.result',
  summary:
    'Read a lab’s result file (the caller’s XLSX upload, ≤ upload.maxDocMB and 2,000 rows; columns report no, item, result, remark) for a pending report (10): each row’s item (code, zh or en name) must be on the report, its result a TestResult (code, zh or en), its report no the report’s (when it has one) and one per file. Answers the item results to fill in and every row error (all rows checked, zh and en); writes nothing: testreport/result/update checks and stores them.',
  input: z.object({ id: idIn, fileId: idIn }),
  output: z.object({
    /** The file's report no (null when no row gives one). */
    reportNo: z.string().nullable(),
    items: z.array(z.object({ itemId: idOut, result: z.number().int(), remark: z.string().nullable() })),
    errors: z.array(labResultError),
  }),
});

const transitionInput = z.object({ id: idIn, version });
const reasonInput = z.object({ id: idIn, version, reason: optStr(500) });

export const verifyTestReport = defineOperation({
  path: 'testreport/verify',
  method: 'POST',
  permission: 'testreport.verify',
  summary: 'Verify an issued report (20 → 30), not by the user who entered its results (E_TR_SELF_VERIFY).',
  input: transitionInput,
  output: testReportDetail,
});

export const rejectTestReport = defineOperation({
  path: 'testreport/reject',
  method: 'POST',
  permission: 'testreport.verify',
  summary: 'Retract an issued report back to pending (20 → 10) with a reason.',
  input: reasonInput,
  output: testReportDetail,
});

export const publishTestReport = defineOperation({
  path: 'testreport/publish',
  method: 'POST',
  permission: 'testreport.verify',
  summary:
    'Publish a verified report (30 → 40; it needs a file, E_TR_FILE_REQUIRED): the order-risk items it tests take its results (a risk in 20 with every item resulted → 30), the production samples of its products their worst published result, the products’ TESTED milestone its date; a fail or improve mails sales and QC.',
  input: transitionInput,
  output: testReportDetail,
});

export const retestTestReport = defineOperation({
  path: 'testreport/retest',
  method: 'POST',
  permission: 'testreport.retest',
  summary:
    'Retest a verified or published report with result improve or fail (30/40 → 80, reason; E_TR_RETEST otherwise): a draft retest test order for its items with result 2 or 3, to its test order’s lab with that order’s contact, currency and prices, or, for a report without a test order (factory- or client-provided), to the report’s own lab and test type.',
  input: reasonInput,
  output: testReportDetail,
});

export const invalidateTestReport = defineOperation({
  path: 'testreport/invalidate',
  method: 'POST',
  permission: 'testreport.verify',
  summary: 'Invalidate a verified or published report (30/40 → 90) with a reason.',
  input: reasonInput,
  output: testReportDetail,
});

/** The error keys only this area raises (texts.ts); the shared ones are in messages.ts. */
export const texts = defineTexts({
  errors: {
    E_RESULT_INCONSISTENT: {
      zh: '总结果与测试项目结果不一致',
      en: 'The overall result contradicts the item results',
    },
    E_TR_NOT_OUT: {
      zh: '还有{n}个测试项目未出结果',
      en: '{n} test {n|item has|items have} no result yet',
    },
    E_TR_FILE_REQUIRED: { zh: '请上传报告文件', en: 'Upload the report file first' },
    E_TR_FILE_TYPE: { zh: '报告文件须为PDF文件', en: 'Report files must be PDF files' },
    E_TR_SELF_VERIFY: {
      zh: '不能审核自己录入结果的报告',
      en: 'You cannot verify a report whose results you entered',
    },
    E_TR_RETEST: {
      zh: '只有结果为需改进或不合格的报告才能复测',
      en: 'Only a report with the result improve or fail can be retested',
    },
    E_TR_OTHER_REPORT: {
      zh: '报告编号与本报告不符，一个文件只能是一份报告的结果',
      en: 'The report no is not this report’s: a file holds the results of one report',
    },
  },
});
