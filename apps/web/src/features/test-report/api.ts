import { changeLog } from '@qcdesk/contract/config';
import type { InputOf, OperationDef, OutputOf } from '@qcdesk/contract/operation';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type TestReportRow = OutputOf<typeof searchTestReports>['list'][number];
export type TestReportDetail = OutputOf<typeof getTestReport>;
export type TestReportRound = TestReportDetail['previousReports'][number];
export type TestReportItem = TestReportRound['items'][number];
export type CreateTestReportInput = InputOf<typeof createTestReport>;
export type UpdateTestReportInput = InputOf<typeof updateTestReport>;
type SearchInput = InputOf<typeof searchTestReports>;

/** The change log names a test report by its table (apps/server TEST_REPORT_ENTITY). */
export const TEST_REPORT_ENTITY = 'test_reports';

export const testReportsSearchKey = operationKey(searchTestReports);
const testReportKey = operationKey(getTestReport);

/** The list's page request (spec §3 test-report filters). */
export const requestTestReports: PageRequest<TestReportRow> = ({ filters, page, pageSize, count, ...sort }) =>
  api.call(searchTestReports, {
    ...(filters as SearchInput),
    page,
    pageSize,
    count,
    ...sortInput(sort, TEST_REPORT_SORTS),
  });

/** `testreport/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportTestReports = (filters: Filters) =>
  api.call(exportTestReportsOp, filters as InputOf<typeof exportTestReportsOp>);

/** One test report with `modify`, its actions and its previous reports. */
export function useTestReport(id: string | undefined) {
  return useQuery({
    queryKey: [...testReportKey, id],
    queryFn: () => api.callResult(getTestReport, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateTestReport() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: testReportsSearchKey });
    void client.invalidateQueries({ queryKey: testReportKey });
    void client.invalidateQueries({ queryKey: ['changelog', TEST_REPORT_ENTITY] });
  };
}

const useWrite = <Op extends OperationDef>(op: Op, silent = true) => {
  const invalidate = useInvalidateTestReport();
  return useOperationMutation(op, { silent, onSuccess: invalidate });
};

export const useCreateTestReport = () => useWrite(createTestReport);
export const useUpdateTestReport = () => useWrite(updateTestReport);
export const useUpdateTestReportItems = () => useWrite(updateTestReportItems);
export const useEnterResult = () => useWrite(enterTestReportResult);
export type LabResults = OutputOf<typeof importTestReportResults>;
/** A lab's result file read for the result dialog (writes nothing). */
export const readLabResults = (id: string, fileId: string) =>
  api.call(importTestReportResults, { id, fileId }, { silent: true });
export const useVerifyTestReport = () => useWrite(verifyTestReport);
export const useRejectTestReport = () => useWrite(rejectTestReport);
export const usePublishTestReport = () => useWrite(publishTestReport);
export const useRetestTestReport = () => useWrite(retestTestReport);
export const useInvalidateReport = () => useWrite(invalidateTestReport);

export const fetchTestReportChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);
