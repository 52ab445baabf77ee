import { z } from 'zod';
import { enumSchema } from './enumerations';
import { uploadedFile } from './files';
import { defineListExport } from './list-export';
import { defineOperation } from './operation';
import {
  clearable,
  codeIn,
  dateTimeOut,
  decimalOut,
  englishEmail,
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

// Clients and their requirements (DOMAIN.md §2.2, spec §7 "Clients"). Paths as spec §7 writes them.

/** DOMAIN.md §2.2: the AQL values a client may choose; 0 is zero tolerance (Ac 0 / Re 1). */
export const AQL_VALUES = [0, 0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1, 1.5, 2.5, 4, 6.5] as const;

/** DOMAIN.md §1.2 and §2.2: what a new client starts with. */
export const CLIENT_DEFAULTS = {
  samplingLevel: 'II',
  majorAql: 2.5,
  minorAql: 4,
  advanceDays: 2,
  productTypes: [1, 2, 3],
} as const;

export const ADVANCE_DAYS_MAX = 30;
export const REPORT_EMAILS_MAX = 10;

/** DOMAIN.md §2.2 client code: `[A-Z0-9_-]`, upper-cased; generated (`CL` + number) when absent. */
export const CLIENT_CODE_PATTERN = /^[A-Z0-9_-]{1,32}$/;

const aql = z.number().refine((v) => (AQL_VALUES as readonly number[]).includes(v), {
  params: { reason: 'E_RANGE' },
});
const advanceDays = z.number().int().min(0).max(ADVANCE_DAYS_MAX);
const clientCode = z
  .string()
  .trim()
  .max(32)
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || CLIENT_CODE_PATTERN.test(v), { params: { reason: 'E_FORMAT' } })
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** DOMAIN.md §7.2: minorAql ≥ majorAql (E_RANGE on minorAql). */
export const aqlOrderOk = (v: { majorAql?: number | undefined; minorAql?: number | undefined }) =>
  v.majorAql === undefined || v.minorAql === undefined || v.minorAql >= v.majorAql;
const aqlOrder = { path: ['minorAql'], params: { reason: 'E_RANGE' } };

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

export const clientRow = z.object({
  id: idOut,
  code: z.string(),
  name: z.string(),
  country: refOut,
  /** enum ClientType */
  type: z.number().int(),
  sales: userLabel,
  department: refOut,
  samplingLevel: refOut,
  tensionLevel: refOut.nullable(),
  majorAql: decimalOut,
  minorAql: decimalOut,
  advanceDays: z.number().int(),
  /** ActiveFlag: 0 frozen. */
  state: z.number().int(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const clientDetail = clientRow.extend({
  /** Codes with labels; a group (EU, GCC) stands for its members. */
  destinationCountries: z.array(refOut),
  inspectionRequirement: z.string().nullable(),
  safetyRequirement: z.string().nullable(),
  reportEmails: z.array(z.string()),
  sharePassword: z.boolean(),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

export type ClientRow = z.output<typeof clientRow>;
export type ClientDetail = z.output<typeof clientDetail>;

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export const getClient = defineOperation({
  path: 'client',
  method: 'GET',
  permission: 'client.search',
  summary: 'One client with its settings; modify says whether the caller may edit it (sales: own clients).',
  input: z.object({ id: idIn }),
  output: clientDetail,
});

export const searchClients = defineOperation({
  path: 'client/search',
  method: 'POST',
  permission: 'client.search',
  summary:
    'Clients by name (contains, zh or en) or code (equal), country, type and sales, in the caller’s scope, by name. Also the client auto-complete.',
  input: z.object({
    name: optStr(200),
    /** Country id. */
    country: idIn.optional(),
    type: enumSchema('ClientType').optional(),
    /** Sales user id ("my clients"). */
    sales: idIn.optional(),
    state: flag.optional(),
    /** Deleted clients instead of valid ones (client.admin only, to undelete them). */
    deleted: z.boolean().default(false),
    ...searchPaging,
    ...sorting(['code', 'name', 'updatedAt']),
  }),
  output: searchPageOf(clientRow),
});

export const exportClients = defineListExport(searchClients, {
  path: 'client/export',
  summary:
    'The clients of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

const clientFields = {
  code: clientCode,
  name: str(200),
  countryId: idIn,
  type: enumSchema('ClientType'),
  /** A user of role SALES or SALES_MGR (the UI picks by name and sends the id); sets the department. */
  salesId: idIn,
  /** Absent: the sampling level "II". */
  samplingLevelId: idIn.optional(),
  tensionLevelId: idIn.nullable().optional(),
  majorAql: aql.default(CLIENT_DEFAULTS.majorAql),
  minorAql: aql.default(CLIENT_DEFAULTS.minorAql),
  advanceDays: advanceDays.default(CLIENT_DEFAULTS.advanceDays),
  /** Country codes; groups (EU) allowed. */
  destinationCountries: z.array(codeIn).max(300).default([]),
  inspectionRequirement: optStr(4000),
  safetyRequirement: optStr(4000),
  reportEmails: z.array(englishEmail).max(REPORT_EMAILS_MAX).default([]),
  sharePassword: z.boolean().default(false),
};

export const createClient = defineOperation({
  path: 'client/create',
  method: 'POST',
  permission: 'client.edit',
  summary:
    'Create a client; a sales user may name only themselves as sales (client.admin names anyone). Answers the detail.',
  input: z.object(clientFields).refine(aqlOrderOk, aqlOrder),
  output: clientDetail,
});

export const updateClient = defineOperation({
  path: 'client/update',
  method: 'POST',
  permission: 'client.edit',
  summary:
    'Change a client (sales: own clients only); changing sales, freezing (state) and deleting (valid) need client.admin. Answers the detail.',
  input: z
    .object({
      id: idIn,
      version,
      code: clientCode,
      name: str(200).optional(),
      countryId: idIn.optional(),
      type: enumSchema('ClientType').optional(),
      salesId: idIn.optional(),
      samplingLevelId: idIn.optional(),
      tensionLevelId: idIn.nullable().optional(),
      majorAql: aql.optional(),
      minorAql: aql.optional(),
      advanceDays: advanceDays.optional(),
      destinationCountries: z.array(codeIn).max(300).optional(),
      inspectionRequirement: clearable(4000),
      safetyRequirement: clearable(4000),
      reportEmails: z.array(englishEmail).max(REPORT_EMAILS_MAX).optional(),
      sharePassword: z.boolean().optional(),
      state: flag.optional(),
      valid: flag.optional(),
    })
    .refine(aqlOrderOk, aqlOrder),
  output: clientDetail,
});

// -- Requirements: test requirements and on-site safety tests -----------------------------------

export const testRequirementInput = z.object({
  testItemId: idIn,
  /** Destination country (or group) code; null or absent: every destination. */
  countryCode: codeIn.nullable().optional(),
  /** enum ProductType[]: the products it applies to. */
  productTypes: z
    .array(enumSchema('ProductType'))
    .min(1)
    .max(3)
    .default([...CLIENT_DEFAULTS.productTypes]),
  mandatory: z.boolean().default(true),
});

export const safetyTestInput = z.object({
  inspectionTestId: idIn,
  sampleQty: z.number().int().min(1).max(99_999),
  criterion: optStr(500),
});

export const testRequirementRow = z.object({
  id: idOut,
  testItem: refOut,
  country: refOut.nullable(),
  productTypes: z.array(z.number().int()),
  mandatory: z.boolean(),
});

export const safetyTestRow = z.object({
  id: idOut,
  inspectionTest: refOut,
  sampleQty: z.number().int(),
  criterion: z.string().nullable(),
});

/** A client's requirement lists; `version` is the client's (the lists are part of the client). */
export const clientRequirements = z.object({
  clientId: idOut,
  version: z.number().int(),
  tests: z.array(testRequirementRow),
  safetyTests: z.array(safetyTestRow),
});

export type TestRequirementRow = z.output<typeof testRequirementRow>;
export type SafetyTestRow = z.output<typeof safetyTestRow>;
export type ClientRequirements = z.output<typeof clientRequirements>;

export const getClientRequirements = defineOperation({
  path: 'client/test/get',
  method: 'GET',
  permission: 'client.search',
  summary:
    'The client’s test requirements and on-site safety tests (screen client/safetest/{id}); modify says whether the caller may edit them.',
  input: z.object({ clientId: idIn }),
  output: clientRequirements,
});

export const createClientRequirements = defineOperation({
  path: 'client/test',
  method: 'POST',
  permission: 'client.edit',
  summary:
    'Add test requirements and/or safety tests to a client (E_DUPLICATE for one it already has). Answers the whole lists.',
  input: z.object({
    clientId: idIn,
    version,
    tests: z.array(testRequirementInput).max(500).default([]),
    safetyTests: z.array(safetyTestInput).max(200).default([]),
  }),
  output: clientRequirements,
});

export const updateClientRequirements = defineOperation({
  path: 'client/test/update',
  method: 'POST',
  permission: 'client.edit',
  summary:
    'Replace a client’s test requirements and/or safety tests with the lists sent (a list left out is kept). Rows match on test item + country / inspection test. Answers the whole lists.',
  input: z.object({
    clientId: idIn,
    version,
    tests: z.array(testRequirementInput).max(500).optional(),
    safetyTests: z.array(safetyTestInput).max(200).optional(),
  }),
  output: clientRequirements,
});

export const downloadClientRequirements = defineOperation({
  path: 'client/require/download',
  method: 'POST',
  permission: 'client.search',
  summary:
    'The client’s requirements (settings, test requirements, safety tests) as an XLSX workbook in the request language: a stored file with a signed download URL.',
  input: z.object({ id: idIn }),
  output: uploadedFile,
});
