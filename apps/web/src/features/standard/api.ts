import { changeLog } from '@qcdesk/contract/config';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

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

export const standardsSearchKey = (kind: StandardKind) => operationKey(operations[kind].search);
const standardKey = (kind: StandardKind) => operationKey(operations[kind].get);
const testsKey = (kind: StandardKind) => operationKey(operations[kind].tests);

/** The standard lists' sort keys, common and country alike (issue 12; contract `sorting`). */
export const STANDARD_SORTS = ['name', 'updatedAt'] as const;

/** The list's page request (spec §3 standard requirement filter: name; country standards also by country). */
export function standardsRequest(kind: StandardKind): PageRequest<StandardRow> {
  return async ({ filters, page, pageSize, count, ...sort }) => {
    const input = {
      ...(filters as InputOf<typeof searchCountryRequirements>),
      page,
      pageSize,
      count,
      // sort: the server drops these until the contract's standard searches have `...sorting([...])`.
      ...sortInput(sort, STANDARD_SORTS),
    };
    const answer: OutputOf<typeof searchCommonStandards> =
      kind === 'common'
        ? await api.call(searchCommonStandards, input)
        : await api.call(searchCountryRequirements, input);
    return { ...answer, total: answer.total ?? 0 };
  };
}

/** `standard/export` or `countryrequire/export`: the list's filters to XLSX, mailed. */
export function standardsExport(kind: StandardKind) {
  return (filters: Filters) =>
    kind === 'common'
      ? api.call(exportCommonStandards, filters as InputOf<typeof exportCommonStandards>)
      : api.call(exportCountryRequirements, filters as InputOf<typeof exportCountryRequirements>);
}

/** One standard with `modify`. */
export function useStandard(kind: StandardKind, id: string | undefined) {
  return useQuery({
    queryKey: [...standardKey(kind), id],
    queryFn: async () =>
      kind === 'common'
        ? api.callResult(getCommonStandard, { id: id ?? '' })
        : api.callResult(getCountryRequirement, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

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

export function useInvalidateStandard(kind: StandardKind) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: standardsSearchKey(kind) });
    void client.invalidateQueries({ queryKey: standardKey(kind) });
    void client.invalidateQueries({ queryKey: testsKey(kind) });
    void client.invalidateQueries({ queryKey: ['changelog', STANDARD_ENTITIES[kind]] });
  };
}

export function useCreateStandard(kind: StandardKind) {
  const invalidate = useInvalidateStandard(kind);
  return useOperationMutation(operations[kind].create, { silent: true, onSuccess: invalidate });
}

export function useUpdateStandard(kind: StandardKind, options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateStandard(kind);
  return useOperationMutation(operations[kind].update, { ...options, onSuccess: invalidate });
}

/** `…/test/update`: replaces the test items the standard requires (rows match on test item). */
export function useSaveStandardTests(kind: StandardKind) {
  const invalidate = useInvalidateStandard(kind);
  return useOperationMutation(operations[kind].updateTests, { silent: true, onSuccess: invalidate });
}

export const fetchStandardChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);
