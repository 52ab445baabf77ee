import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { uploadedFile } from './files';
import { defineListExport } from './list-export';
import { materialLabel } from './material';
import { defineOperation } from './operation';
import {
  clearable,
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
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';

// Material tests (DOMAIN.md §2.3, §4.13): a test of one material with a validity range, recorded
// by lab staff and pushed by e-mail. Paths follow ARCHITECTURE.md (`materialtest/push`).

/** DOMAIN.md §3.2 MaterialTestStatus. */
export const MATERIAL_TEST_STATUS = { draft: 10, completed: 20, pushed: 30 } as const;

const endAfterStart = (v: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;
const endDateRange = { path: ['endDate'], params: { reason: 'E_DATE_RANGE' } };

export const materialTestRow = z.object({
  id: idOut,
  /** `MT` + yyMMdd + 4 digits (DOMAIN.md §6.9). */
  testNo: z.string(),
  material: materialLabel,
  lab: refOut.nullable(),
  startDate: dateOut,
  endDate: dateOut,
  /** enum TestResult */
  result: z.number().int(),
  /** enum MaterialTestStatus: 10 draft, 20 completed, 30 pushed. */
  status: z.number().int(),
  pushCount: z.number().int(),
  pushedAt: dateTimeOut.nullable(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const materialTestDetail = materialTestRow.extend({
  testItems: z.array(refOut),
  /** The report files, each with a signed download URL. */
  reportFiles: z.array(uploadedFile),
  remark: z.string().nullable(),
  /** Who the last push went to. */
  pushedTo: z.array(z.string()),
  /** Actions the caller may take now (from the state table): `push`. */
  actions: z.array(z.string()),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

export type MaterialTestRow = z.output<typeof materialTestRow>;
export type MaterialTestDetail = z.output<typeof materialTestDetail>;

export const searchMaterialTests = defineOperation({
  path: 'materialtest/search',
  method: 'POST',
  permission: 'materialtest.search',
  summary:
    'Material tests whose validity range overlaps [startTime, endTime] (DOMAIN.md §2.11), optionally of one material or status, newest first.',
  input: z
    .object({
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      materialId: idIn.optional(),
      status: enumSchema('MaterialTestStatus').optional(),
      result: enumSchema('TestResult').optional(),
      deleted: z.boolean().default(false),
      ...searchPaging,
      ...sorting(['testNo', 'startDate', 'endDate', 'pushedAt', 'updatedAt']),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(materialTestRow),
});

export const exportMaterialTests = defineListExport(searchMaterialTests, {
  path: 'materialtest/export',
  summary:
    'The material tests of the search’s filters as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const getMaterialTest = defineOperation({
  path: 'materialtest/details',
  method: 'GET',
  permission: 'materialtest.search',
  summary: 'One material test with its test items and report files (signed URLs).',
  input: z.object({ id: idIn }),
  output: materialTestDetail,
});

export const createMaterialTest = defineOperation({
  path: 'materialtest/create',
  method: 'POST',
  permission: 'materialtest.edit',
  summary:
    'Record a material test (status 10); endDate defaults to startDate + materialTest.validityMonths. With a result and a report file it is completed (20) at once.',
  input: z
    .object({
      materialId: idIn,
      labId: idIn.optional(),
      testItemIds: z.array(idIn).max(100).default([]),
      startDate: businessDate,
      endDate: businessDate.optional(),
      result: enumSchema('TestResult').default(0),
      /** Files uploaded by the caller (POST /api/file/upload). */
      reportFileIds: z.array(idIn).max(20).default([]),
      remark: optStr(1000),
    })
    .refine(endAfterStart, endDateRange),
  output: materialTestDetail,
});

export const updateMaterialTest = defineOperation({
  path: 'materialtest/update',
  method: 'POST',
  permission: 'materialtest.edit',
  summary:
    'Change a material test. A draft with a result and a report file becomes completed (20); a correction of a pushed test (30) returns it to 20, to be pushed again. valid 0/1 deletes and undeletes (10, 20).',
  input: z
    .object({
      id: idIn,
      version,
      labId: idIn.nullable().optional(),
      testItemIds: z.array(idIn).max(100).optional(),
      startDate: businessDate.optional(),
      endDate: businessDate.optional(),
      result: enumSchema('TestResult').optional(),
      reportFileIds: z.array(idIn).max(20).optional(),
      remark: clearable(1000),
      valid: flag.optional(),
    })
    .refine(endAfterStart, endDateRange),
  output: materialTestDetail,
});

export const pushMaterialTest = defineOperation({
  path: 'materialtest/push',
  method: 'POST',
  permission: 'materialtest.push',
  summary:
    'E-mail the result and report files to the supplier contacts, the report e-mails of clients whose original samples use the material, and the pusher (status 30); answers "the mail has been sent, please check". A test without a report file is refused (E_NO_REPORT).',
  input: z.object({ id: idIn, version }),
  output: materialTestDetail,
});

/** The error keys only this area raises (texts.ts); the shared ones are in messages.ts. */
export const texts = defineTexts({
  errors: {
    E_NO_REPORT: {
      zh: '没有报告文件的测试不能推送，请先上传报告文件',
      en: 'A test without a report file cannot be pushed; upload the report first',
    },
  },
});
