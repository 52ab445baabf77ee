import { z } from 'zod';
import { defineListExport } from './list-export';
import { defineOperation } from './operation';
import {
  clearable,
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

// Common standards and country standards (country requirements), DOMAIN.md §2.8: named lists of
// the test items a product must pass, with the published norms (config list `standard`) they
// follow. Operations `standard/…` and `countryrequire/…` (spec §7, ARCHITECTURE.md).

export const standardTestInput = z.object({ testItemId: idIn, mandatory: z.boolean().default(true) });

export const standardTestRow = z.object({ id: idOut, testItem: refOut, mandatory: z.boolean() });

/** The test items a standard requires; `version` is the standard's. */
export const standardTests = z.object({
  id: idOut,
  version: z.number().int(),
  tests: z.array(standardTestRow),
});

export type StandardTestRow = z.output<typeof standardTestRow>;
export type StandardTests = z.output<typeof standardTests>;

const commonFields = {
  productScope: z.string().nullable(),
  testCount: z.number().int(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
};

const detailFields = {
  description: z.string().nullable(),
  /** Published norms (config list `standard`). */
  standards: z.array(refOut),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
};

// ---------------------------------------------------------------------------------------------
// Common standards
// ---------------------------------------------------------------------------------------------

export const commonStandardRow = z.object({ id: idOut, name: z.string(), ...commonFields });
export const commonStandardDetail = commonStandardRow.extend(detailFields);
export type CommonStandardRow = z.output<typeof commonStandardRow>;
export type CommonStandardDetail = z.output<typeof commonStandardDetail>;

const searchInput = {
  name: optStr(200),
  /** Deleted standards instead of valid ones (standard.edit only, to undelete them). */
  deleted: z.boolean().default(false),
  ...searchPaging,
  ...sorting(['name', 'updatedAt']),
};

export const searchCommonStandards = defineOperation({
  path: 'standard/search',
  method: 'POST',
  permission: 'standard.search',
  summary: 'Common standards by name (contains), by name.',
  input: z.object(searchInput),
  output: searchPageOf(commonStandardRow),
});

export const exportCommonStandards = defineListExport(searchCommonStandards, {
  path: 'standard/export',
  summary:
    'The common standards of the search’s filters as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const getCommonStandard = defineOperation({
  path: 'standard/details',
  method: 'GET',
  permission: 'standard.search',
  summary: 'One common standard with its published norms.',
  input: z.object({ id: idIn }),
  output: commonStandardDetail,
});

const writable = {
  productScope: optStr(500),
  description: optStr(4000),
  standardIds: z.array(idIn).max(100).default([]),
};

export const createCommonStandard = defineOperation({
  path: 'standard/create',
  method: 'POST',
  permission: 'standard.edit',
  summary: 'Create a common standard (name unique). Answers the detail.',
  input: z.object({ name: str(200), ...writable }),
  output: commonStandardDetail,
});

const updatable = {
  id: idIn,
  version,
  productScope: clearable(500),
  description: clearable(4000),
  standardIds: z.array(idIn).max(100).optional(),
  valid: flag.optional(),
};

export const updateCommonStandard = defineOperation({
  path: 'standard/update',
  method: 'POST',
  permission: 'standard.edit',
  summary: 'Change a common standard; valid 0/1 deletes and undeletes it. Answers the detail.',
  input: z.object({ ...updatable, name: str(200).optional() }),
  output: commonStandardDetail,
});

export const getCommonStandardTests = defineOperation({
  path: 'standard/test',
  method: 'GET',
  permission: 'standard.search',
  summary: 'The test items a common standard requires.',
  input: z.object({ id: idIn }),
  output: standardTests,
});

export const updateCommonStandardTests = defineOperation({
  path: 'standard/test/update',
  method: 'POST',
  permission: 'standard.edit',
  summary: 'Replace the test items a common standard requires (rows match on test item). Answers the list.',
  input: z.object({ id: idIn, version, tests: z.array(standardTestInput).max(500) }),
  output: standardTests,
});

// ---------------------------------------------------------------------------------------------
// Country standards (country requirements)
// ---------------------------------------------------------------------------------------------

export const countryRequirementRow = z.object({
  id: idOut,
  country: refOut,
  name: z.string(),
  ...commonFields,
});
export const countryRequirementDetail = countryRequirementRow.extend(detailFields);
export type CountryRequirementRow = z.output<typeof countryRequirementRow>;
export type CountryRequirementDetail = z.output<typeof countryRequirementDetail>;

export const searchCountryRequirements = defineOperation({
  path: 'countryrequire/search',
  method: 'POST',
  permission: 'standard.search',
  summary: 'Country standards by name (contains) and country, by country and name.',
  input: z.object({ ...searchInput, country: idIn.optional() }),
  output: searchPageOf(countryRequirementRow),
});

export const exportCountryRequirements = defineListExport(searchCountryRequirements, {
  path: 'countryrequire/export',
  summary:
    'The country standards of the search’s filters as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const getCountryRequirement = defineOperation({
  path: 'countryrequire/details',
  method: 'GET',
  permission: 'standard.search',
  summary: 'One country standard with its published norms.',
  input: z.object({ id: idIn }),
  output: countryRequirementDetail,
});

export const createCountryRequirement = defineOperation({
  path: 'countryrequire/create',
  method: 'POST',
  permission: 'standard.edit',
  summary: 'Create a country standard (name unique per country). Answers the detail.',
  input: z.object({ countryId: idIn, name: str(200), ...writable }),
  output: countryRequirementDetail,
});

export const updateCountryRequirement = defineOperation({
  path: 'countryrequire/update',
  method: 'POST',
  permission: 'standard.edit',
  summary: 'Change a country standard; valid 0/1 deletes and undeletes it. Answers the detail.',
  input: z.object({ ...updatable, countryId: idIn.optional(), name: str(200).optional() }),
  output: countryRequirementDetail,
});

export const getCountryRequirementTests = defineOperation({
  path: 'countryrequire/test',
  method: 'GET',
  permission: 'standard.search',
  summary: 'The test items a country standard requires.',
  input: z.object({ id: idIn }),
  output: standardTests,
});

export const updateCountryRequirementTests = defineOperation({
  path: 'countryrequire/test/update',
  method: 'POST',
  permission: 'standard.edit',
  summary: 'Replace the test items a country standard requires (rows match on test item). Answers the list.',
  input: z.object({ id: idIn, version, tests: z.array(standardTestInput).max(500) }),
  output: standardTests,
});
