import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import {
  createCommonStandard,
  createCountryRequirement,
  exportCommonStandards,
  exportCountryRequirements,
  getCommonStandard,
  getCommonStandardTests,
  getCountryRequirement,
  getCountryRequirementTests,
  searchCommonStandards,
  searchCountryRequirements,
  updateCommonStandard,
  updateCommonStandardTests,
  updateCountryRequirement,
  updateCountryRequirementTests,
} from '@qcdesk/contract/standard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';
import type { PageRequest } from '../../components/data-table';

/** Common standards (`standard/…`) and country standards (`countryrequire/…`), DOMAIN.md §2.8. */
export type StandardKind = 'common' | 'country';

const operations = {
  common: {
    search: searchCommonStandards,
    get: getCommonStandard,
    create: createCommonStandard,
    update: updateCommonStandard,
    tests: getCommonStandardTests,
    updateTests: updateCommonStandardTests,
  },
  country: {
    search: searchCountryRequirements,
    get: getCountryRequirement,
    create: createCountryRequirement,
    update: updateCountryRequirement,
    tests: getCountryRequirementTests,
    updateTests: updateCountryRequirementTests,
  },
} as const;

/** The change log names each kind by its table (apps/server standard module). */
export const STANDARD_ENTITIES: Record<StandardKind, string> = {
  common: 'common_standards',
  country: 'country_requirements',
};

/** Where each kind's screens live (routes StandardCommon(+Detail), StandardCountry(+Detail)). */
export const standardPath = (kind: StandardKind) => `standard/${kind}`;

export type StandardRow = OutputOf<typeof searchCommonStandards>['list'][number] &
  Partial<Pick<OutputOf<typeof searchCountryRequirements>['list'][number], 'country'>>;
export type StandardDetail = OutputOf<typeof getCommonStandard> &
  Partial<Pick<OutputOf<typeof getCountryRequirement>, 'country'>>;
export type StandardTests = OutputOf<typeof getCommonStandardTests>;
export type CreateStandardInput = InputOf<typeof createCommonStandard> & { countryId?: string };
export type UpdateStandardInput = InputOf<typeof updateCommonStandard> & { countryId?: string };
export type StandardTestsInput = InputOf<typeof updateCommonStandardTests>;

/** What creating each kind takes: the form's rules are read from it. */
export const standardCreateInput = (kind: StandardKind) => operations[kind].create.input;

const testsKey = (kind: StandardKind) => operationKey(operations[kind].tests);

/** The standard lists' sort keys, common and country alike (issue 12; contract `sorting`). */
export const STANDARD_SORTS = ['name', 'updatedAt'] as const;

// A write refreshes the kind's list, its record, its tests and its change log.
const areas = {
  common: areaApi({
    search: searchCommonStandards,
    get: getCommonStandard,
    sorts: STANDARD_SORTS,
    entity: STANDARD_ENTITIES.common,
    alsoInvalidates: [testsKey('common')],
  }),
  country: areaApi({
    search: searchCountryRequirements,
    get: getCountryRequirement,
    sorts: STANDARD_SORTS,
    entity: STANDARD_ENTITIES.country,
    alsoInvalidates: [testsKey('country')],
  }),
};

export const standardsSearchKey = (kind: StandardKind) => areas[kind].searchKey;

/** The list's page request (spec §3 standard requirement filter: name; country standards also by country). */
export const standardsRequest = (kind: StandardKind) => areas[kind].request() as PageRequest<StandardRow>;

/** `standard/export` or `countryrequire/export`: the list's filters to XLSX, mailed. */
export const standardsExport = (kind: StandardKind) =>
  kind === 'common'
    ? areas.common.exportWith(exportCommonStandards)
    : areas.country.exportWith(exportCountryRequirements);

/** One standard with `modify`. */
export const useStandard = (kind: StandardKind, id: string | undefined) => areas[kind].useRecord(id);

/** The test items the standard requires, with `modify`. */
export function useStandardTests(kind: StandardKind, id: string) {
  return useQuery({
    queryKey: [...testsKey(kind), id],
    queryFn: () =>
      kind === 'common'
        ? api.callResult(getCommonStandardTests, { id })
        : api.callResult(getCountryRequirementTests, { id }),
  });
}

export const useInvalidateStandard = (kind: StandardKind) => areas[kind].useInvalidate();

export const useCreateStandard = (kind: StandardKind) =>
  areas[kind].useWrite(operations[kind].create, { silent: true });

export const useUpdateStandard = (kind: StandardKind, options: { silent?: boolean } = {}) =>
  areas[kind].useWrite(operations[kind].update, options);

/** `…/test/update`: replaces the test items the standard requires (rows match on test item). */
export const useSaveStandardTests = (kind: StandardKind) =>
  areas[kind].useWrite(operations[kind].updateTests, { silent: true });

// One change-log call serves both kinds: the entity is in its input (STANDARD_ENTITIES).
export const fetchStandardChangeLog = areas.common.fetchChangeLog;
