import type { InputOf } from '@qcdesk/contract';
import { enumerationList } from '@qcdesk/contract/enumerations';
import {
  downloadReportForm,
  exportReportForm,
  myReportFormExports,
  type ReportFormExportRow,
} from '@qcdesk/contract/report-form';
import { api } from '../../api/client';
import { operationKey, useOperation } from '../../api/use-operation';

// The report-form screen's calls: queue a form, my exports (polled while one runs), a fresh
// signed URL of a finished file on each click.

export type ReportFormInput = InputOf<typeof exportReportForm>;

export const exportForm = (input: ReportFormInput) => api.call(exportReportForm, input);

export const myExportsKey = operationKey(myReportFormExports, {});

const unfinished = (rows: readonly ReportFormExportRow[] | undefined) =>
  rows?.some((r) => r.state === 'queued' || r.state === 'running') ?? false;

/** My exports; polled every 2 s while one of them is queued or running. */
export const useMyExports = () =>
  useOperation(
    myReportFormExports,
    {},
    { refetchInterval: (q) => (unfinished(q.state.data?.list) ? 2000 : false) },
  );

/** Opens one of my files through a URL signed now (signed URLs live 600 s). */
export async function openExport(id: string): Promise<void> {
  const { url } = await api.call(downloadReportForm, { id });
  window.location.assign(url);
}

/** The enumerations (departments in my scope, inspectors), cached for the session. */
export const useLists = () =>
  useOperation(
    enumerationList,
    {},
    { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
  );
