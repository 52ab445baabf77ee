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
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { areaApi } from '../../components/area-api';

export type FirstSampleRow = OutputOf<typeof searchFirstSamples>['list'][number];
export type FirstSampleDetail = OutputOf<typeof getFirstSample>;
export type FirstSampleRound = FirstSampleDetail['rounds'][number];
export type FirstSampleCheck = FirstSampleRound['checkItems'][number];
export type CreateFirstSampleInput = InputOf<typeof createFirstSample>;
export type UpdateFirstSampleInput = InputOf<typeof updateFirstSample>;

/** The change log names a first sample by its table (apps/server FIRST_SAMPLE_ENTITY). */
export const FIRST_SAMPLE_ENTITY = 'first_samples';

const area = areaApi({
  search: searchFirstSamples,
  get: getFirstSample,
  sorts: FIRST_SAMPLE_SORTS,
  entity: FIRST_SAMPLE_ENTITY,
});

export const firstSamplesSearchKey = area.searchKey;

/** The list's page request (spec §3 first-sample filters). */
export const requestFirstSamples = area.request();

/** `firstsample/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportFirstSamples = area.exportWith(exportFirstSamplesOp);

/** One first sample with `modify`, its actions and every round of its chain. */
export const useFirstSample = area.useRecord;
export const useInvalidateFirstSample = area.useInvalidate;

// The forms and the judge dialog show their refusals themselves; the others are toasted.
export const useCreateFirstSample = (silent = true) => area.useWrite(createFirstSample, { silent });
export const useUpdateFirstSample = (options: { silent?: boolean } = {}) =>
  area.useWrite(updateFirstSample, options);
export const useUpdateCheckItems = () => area.useWrite(updateFirstSampleCheckItems);
export const useCompleteCheck = () => area.useWrite(completeFirstSampleCheck);
export const useAuditFirstSample = () => area.useWrite(auditFirstSample, { silent: true });
export const useRejectCheck = () => area.useWrite(rejectFirstSampleCheck);
export const useCancelFirstSample = () => area.useWrite(cancelFirstSample);

export const fetchFirstSampleChangeLog = area.fetchChangeLog;
