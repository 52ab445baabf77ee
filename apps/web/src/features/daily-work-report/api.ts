import {
  assignOrderSearch,
  checkDailyReport,
  createDailyReport,
  DAILY_REPORT_SORTS,
  dailyScores,
  getDailyReport,
  predictScores,
  rejectDailyReport,
  searchDailyReports,
  sendDailyReport,
  submitDailyReport,
  updateDailyReport,
} from '@qcdesk/contract/daily-work-report';
import { enumerationList } from '@qcdesk/contract/enumerations';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useOperation } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';

export type DailyReportRow = OutputOf<typeof searchDailyReports>['list'][number];
export type DailyReportDetail = NonNullable<OutputOf<typeof getDailyReport>['report']>;
export type DailyReportWork = DailyReportDetail['works'][number];
export type ScoreRow = OutputOf<typeof dailyScores>['list'][number];
export type DailyReportWrite = InputOf<typeof updateDailyReport>;

/** The change log names a daily report by its table (apps/server DAILY_REPORT_ENTITY). */
export const DAILY_REPORT_ENTITY = 'daily_work_reports';

const area = areaApi({
  search: searchDailyReports,
  get: getDailyReport,
  sorts: DAILY_REPORT_SORTS,
  entity: DAILY_REPORT_ENTITY,
});

export const dailyReportsSearchKey = area.searchKey;
/** The list's page request (spec §3: inspector, year, month, status, work). */
export const requestDailyReports = area.request();
export const useInvalidateDailyReport = area.useInvalidate;
export const fetchDailyReportChangeLog = area.fetchChangeLog;

/** The report of an inspector and day (the route's pair), with its flags; `report` is null when none was written. */
export function useDailyReport(inspectorId: string, workDate: string) {
  return useQuery({
    queryKey: [...area.recordKey, inspectorId, workDate],
    queryFn: () => api.callResult(getDailyReport, { inspectorId, workDate }),
  });
}

/** The day's tasks as works, to prefill a new report. */
export const useAssignedWorks = (workDate: string, enabled: boolean) =>
  useOperation(assignOrderSearch, { workDate }, { enabled });

/** The inspectors (enumeration `Inspector`) for the filters. */
export function useInspectorOptions() {
  const lists = useOperation(enumerationList, {}, { staleTime: 5 * 60_000 });
  return lists.data?.enumerations.Inspector ?? [];
}

const silent = { silent: true };
export const useCreateDailyReport = () => area.useWrite(createDailyReport, silent);
export const useUpdateDailyReport = () => area.useWrite(updateDailyReport, silent);
export const useSubmitDailyReport = () => area.useWrite(submitDailyReport);
export const useCheckDailyReport = () => area.useWrite(checkDailyReport);
export const useRejectDailyReport = () => area.useWrite(rejectDailyReport);
export const useSendDailyReport = () => area.useWrite(sendDailyReport);

/** The scoring situation and the prediction of a month (one inspector or everybody the caller sees). */
export function useScores(input: InputOf<typeof dailyScores>) {
  const situation = useOperation(dailyScores, input);
  const predicted = useOperation(predictScores, input);
  return { situation, predicted };
}
