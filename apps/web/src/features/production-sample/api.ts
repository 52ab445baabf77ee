import { changeLog } from '@qcdesk/contract/config';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { listOriginalSamples } from '@qcdesk/contract/original-sample';
import {
  auditProductionSample,
  cancelProductionSample,
  createProductionSample,
  exportProductionSamples as exportProductionSamplesOp,
  getProductionSample,
  PRODUCTION_SAMPLE_SORTS,
  reauditProductionSample,
  searchProductionSamples,
  updateProductionSample,
} from '@qcdesk/contract/production-sample';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { RemoteSearch } from '../../components/remote-auto-complete';
import type { Filters } from '../../components/table-columns';

export type ProductionSampleRow = OutputOf<typeof searchProductionSamples>['list'][number];
export type ProductionSampleDetail = OutputOf<typeof getProductionSample>;
export type CreateProductionSampleInput = InputOf<typeof createProductionSample>;
export type UpdateProductionSampleInput = InputOf<typeof updateProductionSample>;
type SearchInput = InputOf<typeof searchProductionSamples>;

/** The change log names a production sample by its table (apps/server PRODUCTION_SAMPLE_ENTITY). */
export const PRODUCTION_SAMPLE_ENTITY = 'production_samples';

export const productionSamplesSearchKey = operationKey(searchProductionSamples);
const productionSampleKey = operationKey(getProductionSample);

/**
 * The list's views (spec §2 "production samples without an order", "audit results list"): the same
 * search with one filter fixed — orderPlaced 0, or status 20 (audited).
 */
export const SAMPLE_VIEWS = ['all', 'noOrder', 'audited'] as const;
export type SampleView = (typeof SAMPLE_VIEWS)[number];

export const viewFilters = (view: SampleView): Filters => {
  if (view === 'noOrder') return { orderPlaced: 0 };
  if (view === 'audited') return { status: 20 };
  return {};
};

/** The list's page request for one view (spec §3: itemNo, client, department, startTime, endTime, result). */
export const requestProductionSamples =
  (view: SampleView): PageRequest<ProductionSampleRow> =>
  ({ filters, page, pageSize, count, ...sort }) =>
    api.call(searchProductionSamples, {
      ...(filters as SearchInput),
      ...(viewFilters(view) as SearchInput),
      page,
      pageSize,
      count,
      ...sortInput(sort, PRODUCTION_SAMPLE_SORTS),
    });

/** `productionsample/export`: the view's filters to XLSX, mailed; answers the job to follow. */
export const exportProductionSamples = (filters: Filters) =>
  api.call(exportProductionSamplesOp, filters as InputOf<typeof exportProductionSamplesOp>);

export function useProductionSample(id: string | undefined) {
  return useQuery({
    queryKey: [...productionSampleKey, id],
    queryFn: () => api.callResult(getProductionSample, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateProductionSample() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: productionSamplesSearchKey });
    void client.invalidateQueries({ queryKey: productionSampleKey });
    void client.invalidateQueries({ queryKey: ['changelog', PRODUCTION_SAMPLE_ENTITY] });
  };
}

export function useCreateProductionSample() {
  const invalidate = useInvalidateProductionSample();
  return useOperationMutation(createProductionSample, { silent: true, onSuccess: invalidate });
}

export function useUpdateProductionSample(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateProductionSample();
  return useOperationMutation(updateProductionSample, { ...options, onSuccess: invalidate });
}

/** `audit/create` on a registered sample, `audit/update` (re-audit) on an audited one; refusals are the form's. */
export function useAuditProductionSample(reaudit: boolean) {
  const invalidate = useInvalidateProductionSample();
  const audit = useOperationMutation(auditProductionSample, { silent: true, onSuccess: invalidate });
  const again = useOperationMutation(reauditProductionSample, { silent: true, onSuccess: invalidate });
  return reaudit ? again : audit;
}

/** `productionsample/cancel`; the refusal (E_SAMPLE_IN_USE, E_STATUS, …) is shown by the caller. */
export function useCancelProductionSample() {
  const invalidate = useInvalidateProductionSample();
  return useOperationMutation(cancelProductionSample, { silent: true, onSuccess: invalidate });
}

export const fetchProductionSampleChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);

/** The form's original-sample picker: `originalsample/list` by item no or name, of the chosen client when there is one. */
export const searchOriginalSampleOptions =
  (client?: string): RemoteSearch =>
  async (term, signal) => {
    const { list } = await api.call(
      listOriginalSamples,
      { keyword: term, ...(client ? { client } : {}) },
      { signal },
    );
    return list.map((s) => ({ value: s.id, label: s.name }));
  };
