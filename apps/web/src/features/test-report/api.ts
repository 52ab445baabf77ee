import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import {
  createTestReport,
  enterTestReportResult,
  exportTestReports as exportTestReportsOp,
  getTestReport,
  importTestReportResults,
  invalidateTestReport,
  publishTestReport,
  rejectTestReport,
  retestTestReport,
  searchTestReports,
  TEST_REPORT_SORTS,
  updateTestReport,
  updateTestReportItems,
  verifyTestReport,
} from '@qcdesk/contract/test-report';
import { api } from '../../api/client';
import { areaApi } from '../../components/area-api';

export type TestReportRow = OutputOf<typeof searchTestReports>['list'][number];
export type TestReportDetail = OutputOf<typeof getTestReport>;
export type TestReportRound = TestReportDetail['previousReports'][number];
export type TestReportItem = TestReportRound['items'][number];
export type CreateTestReportInput = InputOf<typeof createTestReport>;
export type UpdateTestReportInput = InputOf<typeof updateTestReport>;

/** The change log names a test report by its table (apps/server TEST_REPORT_ENTITY). */
export const TEST_REPORT_ENTITY = 'test_reports';

const area = areaApi({
  search: searchTestReports,
  get: getTestReport,
  sorts: TEST_REPORT_SORTS,
  entity: TEST_REPORT_ENTITY,
});

export const testReportsSearchKey = area.searchKey;

/** The list's page request (spec §3 test-report filters). */
export const requestTestReports = area.request();

/** `testreport/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportTestReports = area.exportWith(exportTestReportsOp);

/** One test report with `modify`, its actions and its previous reports. */
export const useTestReport = area.useRecord;
export const useInvalidateTestReport = area.useInvalidate;

// The forms and the result dialog show their refusals themselves; the action bar's are toasted.
const silent = { silent: true };
export const useCreateTestReport = () => area.useWrite(createTestReport, silent);
export const useUpdateTestReport = () => area.useWrite(updateTestReport, silent);
export const useUpdateTestReportItems = () => area.useWrite(updateTestReportItems, silent);
export const useEnterResult = () => area.useWrite(enterTestReportResult, silent);
export type LabResults = OutputOf<typeof importTestReportResults>;
/** A lab's result file read for the result dialog (writes nothing). */
export const readLabResults = (id: string, fileId: string) =>
  api.call(importTestReportResults, { id, fileId }, { silent: true });
export const useVerifyTestReport = () => area.useWrite(verifyTestReport);
export const useRejectTestReport = () => area.useWrite(rejectTestReport);
export const usePublishTestReport = () => area.useWrite(publishTestReport);
export const useRetestTestReport = () => area.useWrite(retestTestReport);
export const useInvalidateReport = () => area.useWrite(invalidateTestReport);

export const fetchTestReportChangeLog = area.fetchChangeLog;
