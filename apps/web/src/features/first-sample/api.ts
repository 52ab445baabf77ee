import { changeLog } from '@qcdesk/contract/config';
import {
  auditFirstSample,
  cancelFirstSample,
  completeFirstSampleCheck,
  createFirstSample,
  exportFirstSamples as exportFirstSamplesOp,
  FIRST_SAMPLE_SORTS,
  getFirstSample,
  rejectFirstSampleCheck,
  searchFirstSamples,
  updateFirstSample,
  updateFirstSampleCheckItems,
} from '@qcdesk/contract/first-sample';
import type { InputOf, OperationDef, OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type FirstSampleRow = OutputOf<typeof searchFirstSamples>['list'][number];
export type FirstSampleDetail = OutputOf<typeof getFirstSample>;
export type FirstSampleRound = FirstSampleDetail['rounds'][number];
export type FirstSampleCheck = FirstSampleRound['checkItems'][number];
export type CreateFirstSampleInput = InputOf<typeof createFirstSample>;
export type UpdateFirstSampleInput = InputOf<typeof updateFirstSample>;
type SearchInput = InputOf<typeof searchFirstSamples>;

/** The change log names a first sample by its table (apps/server FIRST_SAMPLE_ENTITY). */
export const FIRST_SAMPLE_ENTITY = 'first_samples';

export const firstSamplesSearchKey = operationKey(searchFirstSamples);
const firstSampleKey = operationKey(getFirstSample);

/** The list's page request (spec §3 first-sample filters). */
export const requestFirstSamples: PageRequest<FirstSampleRow> = ({
  filters,
  page,
  pageSize,
  count,
  ...sort
}) =>
  api.call(searchFirstSamples, {
    ...(filters as SearchInput),
    page,
    pageSize,
    count,
    ...sortInput(sort, FIRST_SAMPLE_SORTS),
  });

/** `firstsample/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportFirstSamples = (filters: Filters) =>
  api.call(exportFirstSamplesOp, filters as InputOf<typeof exportFirstSamplesOp>);

/** One first sample with `modify`, its actions and every round of its chain. */
export function useFirstSample(id: string | undefined) {
  return useQuery({
    queryKey: [...firstSampleKey, id],
    queryFn: () => api.callResult(getFirstSample, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateFirstSample() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: firstSamplesSearchKey });
    void client.invalidateQueries({ queryKey: firstSampleKey });
    void client.invalidateQueries({ queryKey: ['changelog', FIRST_SAMPLE_ENTITY] });
  };
}

const useWrite = <Op extends OperationDef>(op: Op, silent = false) => {
  const invalidate = useInvalidateFirstSample();
  return useOperationMutation(op, { silent, onSuccess: invalidate });
};

export const useCreateFirstSample = (silent = true) => useWrite(createFirstSample, silent);
export const useUpdateFirstSample = (options: { silent?: boolean } = {}) =>
  useWrite(updateFirstSample, options.silent);
export const useUpdateCheckItems = () => useWrite(updateFirstSampleCheckItems);
export const useCompleteCheck = () => useWrite(completeFirstSampleCheck);
export const useAuditFirstSample = () => useWrite(auditFirstSample, true);
export const useRejectCheck = () => useWrite(rejectFirstSampleCheck, true);
export const useCancelFirstSample = () => useWrite(cancelFirstSample);

export const fetchFirstSampleChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);
