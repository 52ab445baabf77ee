import { changeLog } from '@qcdesk/contract/config';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import {
  createOriginalSample,
  exportOriginalSamples as exportOriginalSamplesOp,
  getOriginalSample,
  originalSampleCart,
  searchOriginalSamples,
  updateOriginalSample,
  updateOriginalSampleMaterials,
} from '@qcdesk/contract/original-sample';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type OriginalSampleRow = OutputOf<typeof searchOriginalSamples>['list'][number];
export type OriginalSampleDetail = OutputOf<typeof getOriginalSample>;
export type CreateOriginalSampleInput = InputOf<typeof createOriginalSample>;
export type UpdateOriginalSampleInput = InputOf<typeof updateOriginalSample>;
export type PartsUpdate = InputOf<typeof updateOriginalSampleMaterials>;
export type PartsInput = PartsUpdate['parts'];
type OriginalSampleSearchInput = InputOf<typeof searchOriginalSamples>;

/** The change log names an original sample by its table (apps/server ORIGINAL_SAMPLE_ENTITY). */
export const ORIGINAL_SAMPLE_ENTITY = 'original_samples';

export const originalSamplesSearchKey = operationKey(searchOriginalSamples);
const originalSampleKey = operationKey(getOriginalSample);

/** The original-sample list's sort keys (issue 12; contract searchOriginalSamples `sorting`). */
export const ORIGINAL_SAMPLE_SORTS = ['itemNo', 'name'] as const;

/** The list's page request (spec §3 original-sample filters: itemNo, name, complete (default true), page). */
export const requestOriginalSamples: PageRequest<OriginalSampleRow> = async ({
  filters,
  page,
  pageSize,
  count,
  ...sort
}) => {
  const answer = await api.call(searchOriginalSamples, {
    ...(filters as OriginalSampleSearchInput),
    page,
    pageSize,
    count,
    // sort: the server drops these until the contract's searchOriginalSamples has `...sorting([...])`.
    ...sortInput(sort, ORIGINAL_SAMPLE_SORTS),
  });
  return { ...answer, total: answer.total ?? 0 };
};

/** `originalsample/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportOriginalSamples = (filters: Filters) =>
  api.call(exportOriginalSamplesOp, filters as InputOf<typeof exportOriginalSamplesOp>);

export function useOriginalSample(id: string | undefined) {
  return useQuery({
    queryKey: [...originalSampleKey, id],
    queryFn: () => api.callResult(getOriginalSample, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateOriginalSample() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: originalSamplesSearchKey });
    void client.invalidateQueries({ queryKey: originalSampleKey });
    void client.invalidateQueries({ queryKey: ['changelog', ORIGINAL_SAMPLE_ENTITY] });
  };
}

export function useCreateOriginalSample() {
  const invalidate = useInvalidateOriginalSample();
  return useOperationMutation(createOriginalSample, { silent: true, onSuccess: invalidate });
}

export function useUpdateOriginalSample(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateOriginalSample();
  return useOperationMutation(updateOriginalSample, { ...options, onSuccess: invalidate });
}

/** `originalsample/material/update`: replaces the parts and each part's materials. */
export function useSaveParts() {
  const invalidate = useInvalidateOriginalSample();
  return useOperationMutation(updateOriginalSampleMaterials, { silent: true, onSuccess: invalidate });
}

/**
 * DOMAIN.md §6.1: the cart lives in the browser and the server re-validates it; the entries still
 * valid and in scope, in order (deleted or out-of-scope samples drop out).
 */
export function useValidCart(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: [...operationKey(originalSampleCart), ids],
    queryFn: () => api.call(originalSampleCart, { ids: [...ids] }, { silent: true }),
    enabled: enabled && ids.length > 0,
  });
}

export const fetchOriginalSampleChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);
