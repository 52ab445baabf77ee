import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import {
  approveSuperviseReport,
  cancelSuperviseReport,
  checkoutSuperviseReport,
  getSuperviseReport,
  getSuperviseReportPdf,
  getSuperviseSendRecipients,
  rejectSuperviseReport,
  releaseSuperviseReport,
  SUPERVISE_REPORT_SORTS,
  searchSuperviseReports,
  sendSuperviseReport,
  submitSuperviseReport,
  updateSuperviseReport,
} from '@qcdesk/contract/supervise-report';
import { useOperation, useOperationMutation } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';
import { useOfflineWrite } from '../../offline/use-offline';
import { superviseReportOffline } from './supervise-offline';

export type SuperviseReportRow = OutputOf<typeof searchSuperviseReports>['list'][number];
export type SuperviseReportDetail = OutputOf<typeof getSuperviseReport>;
export type SuperviseUpdateInput = InputOf<typeof updateSuperviseReport>;

/** The change log names a report by its table (apps/server SUPERVISE_REPORT_ENTITY). */
export const SUPERVISE_REPORT_ENTITY = 'supervise_reports';

const area = areaApi({
  search: searchSuperviseReports,
  get: getSuperviseReport,
  sorts: SUPERVISE_REPORT_SORTS,
  entity: SUPERVISE_REPORT_ENTITY,
});

export const superviseReportsSearchKey = area.searchKey;

/** The list's page request (spec §3: order no, product no, factory, client PO, loading dates, status). */
export const requestSuperviseReports = area.request();
/** The `pre-supervisereport` list: the pre-supervise reports (10). */
export const requestPreSuperviseReports = area.request({ pre: true });

export const useSuperviseReport = area.useRecord;
export const useInvalidateSuperviseReport = area.useInvalidate;
export const fetchSuperviseReportChangeLog = area.fetchChangeLog;

// The editor shows a refused save beside its fields; the action bar's refusals are toasted. Its
// save queues while the report works offline (src/offline, issue 31).
export const useUpdateSuperviseReport = () =>
  useOfflineWrite(
    area.useWrite(updateSuperviseReport, { silent: true }),
    updateSuperviseReport,
    superviseReportOffline,
  );
export const useCheckoutSuperviseReport = () => area.useWrite(checkoutSuperviseReport);
export const useReleaseSuperviseReport = () => area.useWrite(releaseSuperviseReport);
export const useSubmitSuperviseReport = () => area.useWrite(submitSuperviseReport, { silent: true });
export const useApproveSuperviseReport = () => area.useWrite(approveSuperviseReport);
export const useRejectSuperviseReport = () => area.useWrite(rejectSuperviseReport);
export const useCancelSuperviseReport = () => area.useWrite(cancelSuperviseReport);

// The client-ready loading report (issue 29): its PDF made on demand (watermarked before approval)
// and the send; the send dialog says a refusal itself.
export const useSuperviseReportPdf = () => useOperationMutation(getSuperviseReportPdf);
export const useSuperviseSendRecipients = (id: string) => useOperation(getSuperviseSendRecipients, { id });
export const useSendSuperviseReport = () => area.useWrite(sendSuperviseReport, { silent: true });

/** A report's page: `supervisereport/{id}` (spec §2). */
export const supervisePath = (language: string, id: string) => `/${language}/supervisereport/${id}`;
