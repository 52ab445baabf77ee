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

// First samples (首样, DOMAIN.md §2.3, §4.8; spec §3 "First sample"): the first pieces a factory
// makes of an order product, checked item by item (the `samplecheckitem` list) by QC, then judged
// by an auditor (批准量产 / 有条件批准 / 退回重做). A conditionally approved or rejected sample is
// followed by a new round (`create` with `previousId`); the result-details screen shows every round.

/** DOMAIN.md §3.2 FirstSampleStatus. */
export const FIRST_SAMPLE_STATUS = { registered: 10, checked: 20, audited: 30, cancelled: 90 } as const;
/** FsCheckResult codes (0 = unchecked). */
export const FS_CHECK_RESULT = { unchecked: 0, ok: 1, ng: 2, na: 3 } as const;
/** FsAuditResult codes an audit may give (0 = pending is never given). */
export const FS_AUDIT_RESULTS = [1, 2, 3] as const;
/** Results that need a corrective action and allow a next round (DOMAIN.md §4.8, §7.3). */
export const FS_RESULTS_WITH_CORRECTIVE = [2, 3] as const;
/** FsSearchResult 10: checked, not audited yet (status 20). */
export const FS_SEARCH_CHECKED = 10;
/** Photos per check item. */
export const FS_PHOTOS_MAX = 20;

/** The sortable columns of firstsample/search (each served by an index). */
export const FIRST_SAMPLE_SORTS = ['sampleNo', 'itemNo', 'receivedDate', 'auditedAt'] as const;

const enumCode = (name: 'FsSearchResult' | 'FirstSampleStatus' | 'FsCheckResult') =>
  enumSchema(name).transform((v) => Number(v));

const oneOf = (codes: readonly number[]) =>
  z
    .number()
    .int()
    .refine((v) => codes.includes(v), { params: { reason: 'E_FORMAT' } });

const clientLabel = z.object({ id: idOut, code: z.string(), name: z.string() });

export const firstSampleRow = z.object({
  id: idOut,
  sampleNo: z.string(),
  itemNo: z.string(),
  round: z.number().int(),
  previousId: idOut.nullable(),
  /** The order product the sample is made for. */
  product: z.object({
    id: idOut,
    productNo: z.string(),
    name: z.string(),
    orderId: idOut,
    orderNo: z.string(),
  }),
  factory: refOut,
  client: clientLabel,
  department: refOut,
  receivedDate: dateOut,
  /** enum FirstSampleStatus */
  status: z.number().int(),
  /** enum FsCheckResult: 0 until the check is completed, then 1 (all OK/N/A) or 2 (any NG). */
  checkResult: z.number().int(),
  checkedBy: userLabel.nullable(),
  checkedAt: dateTimeOut.nullable(),
  /** enum FsAuditResult (the spec's "result"). */
  result: z.number().int(),
  auditedBy: userLabel.nullable(),
  auditedAt: dateTimeOut.nullable(),
  corrective: z.string().nullable(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const firstSampleCheck = z.object({
  checkItem: refOut.extend({
    method: z.string().nullable(),
    criterion: z.string().nullable(),
    /** The English texts of the master data (issue 25), null where it has none. */
    methodEn: z.string().nullable(),
    criterionEn: z.string().nullable(),
  }),
  /** enum FsCheckResult */
  checkResult: z.number().int(),
  remark: z.string().nullable(),
  photos: z.array(uploadedFile),
});

export const firstSampleDetail = firstSampleRow.extend({
  remark: z.string().nullable(),
  checkItems: z.array(firstSampleCheck),
  /** The transitions the caller may take now (check, audit, reject, cancel, nextRound). */
  actions: z.array(z.string()),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

/** One round as the result-details screen shows it. */
export const firstSampleRound = firstSampleDetail.omit({ actions: true });

export type FirstSampleRow = z.output<typeof firstSampleRow>;
export type FirstSampleDetail = z.output<typeof firstSampleDetail>;
export type FirstSampleRound = z.output<typeof firstSampleRound>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchFirstSamples = defineOperation({
  path: 'firstsample/search',
  method: 'POST',
  permission: 'firstsample.search',
  summary:
    'First samples (spec §3): order no ending, product no containing, item no ending, factory containing (code or names), client, department, received date range, result (FsSearchResult: 10 = checked, not audited), status; in scope; newest first unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      itemNo: optStr(40),
      factory: optStr(100),
      client: idIn.optional(),
      department: idIn.optional(),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      /** enum FsSearchResult (DOMAIN.md §2.11). */
      result: enumCode('FsSearchResult').optional(),
      status: enumCode('FirstSampleStatus').optional(),
      ...searchPaging,
      ...sorting(FIRST_SAMPLE_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(firstSampleRow),
});

export const exportFirstSamples = defineListExport(searchFirstSamples, {
  path: 'firstsample/export',
  summary:
    'The first samples of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const listFirstSamples = defineOperation({
  path: 'firstsample/list',
  method: 'POST',
  permission: 'firstsample.search',
  summary:
    'The first-sample auto-complete and the first samples of an order product: samples in scope, not cancelled, whose sample no or item no ends with the keyword; newest first.',
  input: z.object({
    keyword: optStr(40),
    orderProductId: idIn.optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({
    list: z.array(
      firstSampleRow.pick({
        id: true,
        sampleNo: true,
        itemNo: true,
        round: true,
        status: true,
        result: true,
      }),
    ),
  }),
});

export const getFirstSample = defineOperation({
  path: 'firstsample/details',
  method: 'GET',
  permission: 'firstsample.search',
  summary:
    'One first sample with its check items (result, remark, photos) and every round of its chain (the result-details screen), oldest first.',
  input: z.object({ id: idIn }),
  output: firstSampleDetail.extend({ rounds: z.array(firstSampleRound) }),
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const createFirstSample = defineOperation({
  path: 'firstsample/create',
  method: 'POST',
  permission: 'firstsample.edit',
  summary:
    'Register a first sample (status 10) of an order product with its check items (default: every active sample check item). With `previousId`, the next round of a sample whose result is 2 or 3 (E_FS_ROUND otherwise): round + 1, the same product and, by default, the same check items.',
  input: z.object({
    /** Required unless `previousId` is given (the previous round's product). */
    orderProductId: idIn.optional(),
    previousId: idIn.optional(),
    /** Default: the order product's item no. */
    itemNo: optStr(40),
    /** Default today (Asia/Shanghai). */
    receivedDate: businessDate.optional(),
    remark: optStr(500),
    /** Ids of `samplecheckitem` rows. */
    checkItemIds: z.array(idIn).max(100).optional(),
  }),
  output: firstSampleDetail,
});

export const updateFirstSample = defineOperation({
  path: 'firstsample/update',
  method: 'POST',
  permission: 'firstsample.edit',
  summary:
    'Change a first sample in 10 or 20 (item no, received date, remark); its check-item list only in 10 (new items unchecked, removed items with their results and photos). Answers the detail.',
  input: z.object({
    id: idIn,
    version,
    itemNo: optStr(40),
    receivedDate: businessDate.optional(),
    remark: optStr(500),
    checkItemIds: z.array(idIn).min(1).max(100).optional(),
  }),
  output: firstSampleDetail,
});

export const updateFirstSampleCheckItems = defineOperation({
  path: 'firstsample/checkitem/update',
  method: 'POST',
  permission: 'firstsample.check',
  summary:
    'Record the results of check items of a registered sample (10): each listed item gets its result, remark and photos (ids of the caller’s uploaded image files, E_PHOTO_TYPE for others). Unlisted items are left as they are.',
  input: z.object({
    id: idIn,
    version,
    items: z
      .array(
        z.object({
          checkItemId: idIn,
          /** enum FsCheckResult 0–3. */
          checkResult: oneOf([0, 1, 2, 3]),
          remark: optStr(500),
          photoFileIds: z.array(idIn).max(FS_PHOTOS_MAX).default([]),
        }),
      )
      .min(1)
      .max(100),
  }),
  output: firstSampleDetail,
});

export const completeFirstSampleCheck = defineOperation({
  path: 'firstsample/check/update',
  method: 'POST',
  permission: 'firstsample.check',
  summary:
    'Complete the check (10 → 20): every item must have a result (E_FS_UNCHECKED); the check result is NG when any item is NG, else OK.',
  input: z.object({ id: idIn, version }),
  output: firstSampleDetail,
});

export const auditFirstSample = defineOperation({
  path: 'firstsample/result',
  method: 'POST',
  permission: 'firstsample.audit',
  summary:
    'Judge a checked sample (20 → 30) with result 1–3, by someone other than the checker (E_SELF_AUDIT); results 2–3 need a corrective action (E_CORRECTIVE_REQUIRED). Mails the factory contacts and the client’s sales.',
  input: z.object({
    id: idIn,
    version,
    /** FsAuditResult 1–3. */
    result: oneOf(FS_AUDIT_RESULTS),
    corrective: optStr(2000),
  }),
  output: firstSampleDetail,
});

export const rejectFirstSampleCheck = defineOperation({
  path: 'firstsample/reject',
  method: 'POST',
  permission: 'firstsample.audit',
  summary: 'Send a checked sample back to its checker (20 → 10) with a reason; the item results stay.',
  input: z.object({ id: idIn, version, reason: optStr(500) }),
  output: firstSampleDetail,
});

export const cancelFirstSample = defineOperation({
  path: 'firstsample/cancel',
  method: 'POST',
  permission: 'firstsample.edit',
  summary: 'Cancel a first sample in 10 or 20 (→ 90).',
  input: z.object({ id: idIn, version, reason: optStr(500) }),
  output: firstSampleDetail,
});

/** The error keys only this area raises (texts.ts); the shared ones are in messages.ts. */
export const texts = defineTexts({
  errors: {
    E_CORRECTIVE_REQUIRED: { zh: '请填写整改措施', en: 'A corrective action is required' },
    E_FS_ROUND: {
      zh: '只有有条件批准或退回重做的最新一轮首样才能开始新一轮',
      en: 'A new round can only follow the latest round, and only when it was conditionally approved or rejected',
    },
    E_FS_UNCHECKED: {
      zh: '还有{n}个检查项未检查',
      en: '{n} check {n|item is|items are} not checked yet',
    },
    E_PHOTO_TYPE: {
      zh: '照片须为已上传的图片文件（jpg、jpeg、png、bmp）',
      en: 'Photos must be uploaded image files (jpg, jpeg, png, bmp)',
    },
  },
});
