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
import { api } from '../../api/client';
import { areaApi } from '../../components/area-api';
import type { RemoteSearch } from '../../components/remote-auto-complete';
import type { Filters } from '../../components/table-columns';

export type ProductionSampleRow = OutputOf<typeof searchProductionSamples>['list'][number];
export type ProductionSampleDetail = OutputOf<typeof getProductionSample>;
export type CreateProductionSampleInput = InputOf<typeof createProductionSample>;
export type UpdateProductionSampleInput = InputOf<typeof updateProductionSample>;

/** The change log names a production sample by its table (apps/server PRODUCTION_SAMPLE_ENTITY). */
export const PRODUCTION_SAMPLE_ENTITY = 'production_samples';

const area = areaApi({
  search: searchProductionSamples,
  get: getProductionSample,
  sorts: PRODUCTION_SAMPLE_SORTS,
  entity: PRODUCTION_SAMPLE_ENTITY,
});

export const productionSamplesSearchKey = area.searchKey;

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
export const requestProductionSamples = (view: SampleView) => area.request(viewFilters(view));

/** `productionsample/export`: the view's filters to XLSX, mailed; answers the job to follow. */
export const exportProductionSamples = area.exportWith(exportProductionSamplesOp);

export const useProductionSample = area.useRecord;
export const useInvalidateProductionSample = area.useInvalidate;

// The form and the audit dialog show their refusals themselves; the cancel's is toasted too.
export const useCreateProductionSample = () => area.useWrite(createProductionSample, { silent: true });
export const useUpdateProductionSample = (options: { silent?: boolean } = {}) =>
  area.useWrite(updateProductionSample, options);

/** `audit/create` on a registered sample, `audit/update` (re-audit) on an audited one; refusals are the form's. */
export function useAuditProductionSample(reaudit: boolean) {
  const audit = area.useWrite(auditProductionSample, { silent: true });
  const again = area.useWrite(reauditProductionSample, { silent: true });
  return reaudit ? again : audit;
}

/** `productionsample/cancel`; the refusal (E_SAMPLE_IN_USE, E_STATUS, …) is toasted and shown by the page. */
export const useCancelProductionSample = () => area.useWrite(cancelProductionSample);

export const fetchProductionSampleChangeLog = area.fetchChangeLog;

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
