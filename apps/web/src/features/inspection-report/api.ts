import { createInstruction, searchInstructions } from '@qcdesk/contract/inspection-instruction';
import {
  approveInspectionReport,
  cancelInspectionReport,
  checkoutInspectionReport,
  createInspectionReport,
  createReportResult,
  drawReportSamples,
  getAqlSeverity,
  getInspectionReport,
  getReportPdf,
  getReportSendRecipients,
  INSPECTION_REPORT_SORTS,
  interimInspectionReport,
  rejectInspectionReport,
  releaseInspectionReport,
  reopenInspectionReport,
  searchInspectionReports,
  searchSafetyTests,
  sendInspectionReport,
  sendReportSamples,
  setReportPreResult,
  submitInspectionReport,
  updateInspectionReport,
  updateReportQuantity,
  updateReportResult,
} from '@qcdesk/contract/inspection-report';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { operationKey, useOperation, useOperationMutation } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';
import { useOfflineWrite } from '../../offline/use-offline';
import { inspectionReportOffline } from './report-offline';

export type InspectionReportRow = OutputOf<typeof searchInspectionReports>['list'][number];
export type InspectionReportDetail = OutputOf<typeof getInspectionReport>;
export type ReportUpdateInput = InputOf<typeof updateInspectionReport>;
export type ReportDefectLine = NonNullable<ReportUpdateInput['defects']>[number];
export type SeverityAnswer = OutputOf<typeof getAqlSeverity>;

/** The change log names a report by its table (apps/server INSPECTION_REPORT_ENTITY). */
export const INSPECTION_REPORT_ENTITY = 'inspection_reports';

const instructionsKey = operationKey(searchInstructions);

const area = areaApi({
  search: searchInspectionReports,
  get: getInspectionReport,
  sorts: INSPECTION_REPORT_SORTS,
  entity: INSPECTION_REPORT_ENTITY,
  // An instruction confirms the report: its list on the report changes with it.
  alsoInvalidates: [instructionsKey],
});

export const inspectionReportsSearchKey = area.searchKey;

export type SafetyTestRow = OutputOf<typeof searchSafetyTests>['list'][number];
const safetyTests = areaApi({
  search: searchSafetyTests,
  get: getInspectionReport,
  sorts: [],
  entity: INSPECTION_REPORT_ENTITY,
});
export const safetyTestsSearchKey = safetyTests.searchKey;
/** The safety-test inspections' page request (spec §3: order, product, factory, client, department, dates, result). */
export const requestSafetyTests = safetyTests.request();
/** The list's page request (spec §3: order, product, factory, date range, result, status, work, interim). */
export const requestInspectionReports = area.request();
export const useInspectionReport = area.useRecord;
export const useInvalidateInspectionReport = area.useInvalidate;
export const fetchInspectionReportChangeLog = area.fetchChangeLog;

// The editor shows a refused save itself (E_VERSION reloads, the rest beside the section). Its
// writes queue while the report works offline (src/offline, issue 31).
const silent = { silent: true };
export const useCreateInspectionReport = () => area.useWrite(createInspectionReport);
export const useCheckoutReport = () => area.useWrite(checkoutInspectionReport);
export const useReleaseReport = () => area.useWrite(releaseInspectionReport);
export const useUpdateReport = () =>
  useOfflineWrite(
    area.useWrite(updateInspectionReport, silent),
    updateInspectionReport,
    inspectionReportOffline,
  );
export const useUpdateReportQuantity = () =>
  useOfflineWrite(area.useWrite(updateReportQuantity, silent), updateReportQuantity, inspectionReportOffline);
export const useCreateReportResult = () =>
  useOfflineWrite(area.useWrite(createReportResult, silent), createReportResult, inspectionReportOffline);
export const useUpdateReportResult = () =>
  useOfflineWrite(area.useWrite(updateReportResult, silent), updateReportResult, inspectionReportOffline);
export const useSetPreResult = () =>
  useOfflineWrite(area.useWrite(setReportPreResult, silent), setReportPreResult, inspectionReportOffline);
export const useDrawReportSamples = () => area.useWrite(drawReportSamples, silent);
export const useSendReportSamples = () => area.useWrite(sendReportSamples, silent);
export const useSubmitReport = () => area.useWrite(submitInspectionReport);
export const useInterimReport = () => area.useWrite(interimInspectionReport);
export const useApproveReport = () => area.useWrite(approveInspectionReport, silent);
export const useRejectReport = () => area.useWrite(rejectInspectionReport);
export const useReopenReport = () => area.useWrite(reopenInspectionReport);
export const useCancelReport = () => area.useWrite(cancelInspectionReport);

/** The switching state and history of the report's supplier (client × factory × inspection type). */
export const useSupplierSeverity = (input: InputOf<typeof getAqlSeverity> | null) =>
  useOperation(getAqlSeverity, input ?? { clientId: '0', factoryId: '0', inspectionTypeId: '0' }, {
    enabled: input !== null,
  });

// The client-ready report (issue 28): the PDF, the send and the client's instruction.
export type ReportSendRecipients = OutputOf<typeof getReportSendRecipients>;
export type ReportPdfPreview = NonNullable<OutputOf<typeof getReportPdf>['preview']>;
export type InstructionRow = OutputOf<typeof searchInstructions>['list'][number];

/** The watermarked preview, made on demand (not stored): a read, asked for by a button. */
export const useReportPreview = () => useOperationMutation(getReportPdf);
export const useReportSendRecipients = (id: string, enabled: boolean) =>
  useOperation(getReportSendRecipients, { id }, { enabled });
export const useSendReport = () => area.useWrite(sendInspectionReport, silent);
export const useCreateInstruction = () => area.useWrite(createInstruction, silent);
export const useReportInstructions = (reportId: string) =>
  useOperation(searchInstructions, { reportId, page: 1, pageSize: 50, count: false });
