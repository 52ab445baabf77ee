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
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';

export type OriginalSampleRow = OutputOf<typeof searchOriginalSamples>['list'][number];
export type OriginalSampleDetail = OutputOf<typeof getOriginalSample>;
export type CreateOriginalSampleInput = InputOf<typeof createOriginalSample>;
export type UpdateOriginalSampleInput = InputOf<typeof updateOriginalSample>;
export type PartsUpdate = InputOf<typeof updateOriginalSampleMaterials>;
export type PartsInput = PartsUpdate['parts'];

/** The change log names an original sample by its table (apps/server ORIGINAL_SAMPLE_ENTITY). */
export const ORIGINAL_SAMPLE_ENTITY = 'original_samples';

/** The original-sample list's sort keys (issue 12; contract searchOriginalSamples `sorting`). */
export const ORIGINAL_SAMPLE_SORTS = ['itemNo', 'name'] as const;

const area = areaApi({
  search: searchOriginalSamples,
  get: getOriginalSample,
  sorts: ORIGINAL_SAMPLE_SORTS,
  entity: ORIGINAL_SAMPLE_ENTITY,
});

export const originalSamplesSearchKey = area.searchKey;

/** The list's page request (spec §3 original-sample filters: itemNo, name, complete (default true), page). */
export const requestOriginalSamples = area.request();

/** `originalsample/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportOriginalSamples = area.exportWith(exportOriginalSamplesOp);

export const useOriginalSample = area.useRecord;
export const useInvalidateOriginalSample = area.useInvalidate;

// The forms and the parts card show their refusals themselves.
export const useCreateOriginalSample = () => area.useWrite(createOriginalSample, { silent: true });
export const useUpdateOriginalSample = (options: { silent?: boolean } = {}) =>
  area.useWrite(updateOriginalSample, options);

/** `originalsample/material/update`: replaces the parts and each part's materials. */
export const useSaveParts = () => area.useWrite(updateOriginalSampleMaterials, { silent: true });

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

export const fetchOriginalSampleChangeLog = area.fetchChangeLog;
