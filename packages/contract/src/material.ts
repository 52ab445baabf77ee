import { z } from 'zod';
import { defineListExport } from './list-export';
import { defineOperation } from './operation';
import {
  clearable,
  dateOut,
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

// Materials (DOMAIN.md §2.3, spec §7 "Materials"). Paths as spec §7 writes them.

/** DOMAIN.md §2.3: UPC `[A-Za-z0-9-]`, ≤ 32, unique (case-insensitive). */
export const UPC_PATTERN = /^[A-Za-z0-9-]{1,32}$/;

const upc = str(32).refine((v) => UPC_PATTERN.test(v), { params: { reason: 'E_FORMAT' } });

/** A material as other rows show it (material tests, original-sample parts). */
export const materialLabel = z.object({ id: idOut, upc: z.string(), name: z.string() });

export const materialRow = z.object({
  id: idOut,
  upc: z.string(),
  name: z.string(),
  technicalName: z.string().nullable(),
  /** Customs declaration name (报关品名). */
  customName: z.string().nullable(),
  riskLevel: refOut,
  materialType: refOut,
  supplier: refOut.nullable(),
  /** Material tests in status 20/30 whose validity range contains today (DOMAIN.md §2.3). */
  validTests: z.number().int(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

/** A material test as the material's detail lists it. */
export const materialTestSummary = z.object({
  id: idOut,
  testNo: z.string(),
  startDate: dateOut,
  endDate: dateOut,
  /** enum TestResult */
  result: z.number().int(),
  /** enum MaterialTestStatus */
  status: z.number().int(),
});

export const materialDetail = materialRow.extend({
  /** The newest material tests of the material (at most 20). */
  tests: z.array(materialTestSummary),
  /** Original samples whose parts use the material (at most 20). */
  originalSamples: z.array(z.object({ id: idOut, itemNo: z.string(), name: z.string() })),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

export type MaterialRow = z.output<typeof materialRow>;
export type MaterialDetail = z.output<typeof materialDetail>;

export const getMaterial = defineOperation({
  path: 'material',
  method: 'GET',
  permission: 'material.search',
  summary: 'One material with its newest tests and the original samples using it.',
  input: z.object({ id: idIn }),
  output: materialDetail,
});

export const searchMaterials = defineOperation({
  path: 'material/search',
  method: 'POST',
  permission: 'material.search',
  summary:
    'Materials by UPC (ends with), name (contains, over name, technical and customs name), type and q0 (true: no valid test, needs testing), newest first. Also the material auto-complete.',
  input: z.object({
    upc: optStr(32),
    name: optStr(100),
    /** Material type id. */
    type: idIn.optional(),
    /** true: materials with no valid test (needs testing); false: with one; absent: all. */
    q0: z.boolean().optional(),
    riskLevel: idIn.optional(),
    supplier: idIn.optional(),
    /** Deleted materials instead of valid ones (material.edit only, to undelete them). */
    deleted: z.boolean().default(false),
    ...searchPaging,
    ...sorting(['upc', 'name', 'updatedAt']),
  }),
  output: searchPageOf(materialRow),
});

export const exportMaterials = defineListExport(searchMaterials, {
  path: 'material/export',
  summary:
    'The materials of the search’s filters as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const createMaterial = defineOperation({
  path: 'material/create',
  method: 'POST',
  permission: 'material.edit',
  summary: 'Create a material. Answers the detail.',
  input: z.object({
    upc,
    name: str(100),
    technicalName: optStr(200),
    customName: optStr(200),
    riskLevelId: idIn,
    materialTypeId: idIn,
    supplierId: idIn.optional(),
  }),
  output: materialDetail,
});

export const updateMaterial = defineOperation({
  path: 'material/update',
  method: 'POST',
  permission: 'material.edit',
  summary: 'Change a material; valid 0/1 deletes and undeletes it. Answers the detail.',
  input: z.object({
    id: idIn,
    version,
    upc: upc.optional(),
    name: str(100).optional(),
    technicalName: clearable(200),
    customName: clearable(200),
    riskLevelId: idIn.optional(),
    materialTypeId: idIn.optional(),
    supplierId: idIn.nullable().optional(),
    valid: flag.optional(),
  }),
  output: materialDetail,
});
