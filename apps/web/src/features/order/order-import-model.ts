import type { Language } from '@qcdesk/contract/messages';
import { ORDER_FEED_LABELS, type OrderFeedColumn, type OrderImport } from '@qcdesk/contract/order';
import { SYSTEM_PARAMS } from '@qcdesk/contract/system-params';

// The order-file import's logic without React (issue 14, the `orderfile` screen): which files the
// picker takes, how far a job is, and the row errors as the result table shows them.

/** The upload limit the screen states and checks (upload.maxDocMB's default; the server re-checks its value). */
export const ORDER_FILE_MAX_MB = SYSTEM_PARAMS['upload.maxDocMB'].default;

export type ImportStatus = OrderImport['status'];

/** A job in one of these states changes no more. */
export const isFinished = (status: ImportStatus | undefined) =>
  status === 'done' || status === 'refused' || status === 'failed';

/** Why a picked file is not taken, before any upload: not XLSX, or over the limit. */
export function orderFileProblem(
  file: { name: string; size: number },
  maxMb: number = ORDER_FILE_MAX_MB,
): 'notXlsx' | 'tooBig' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'notXlsx';
  if (file.size > maxMb * 1024 * 1024) return 'tooBig';
  return null;
}

/**
 * The progress bar's percent. The job reports its phase and rows: while it reads and checks the
 * file (every 500 rows) the total is not known yet, so reading fills 5–85 % as rows come in
 * (half-way at 2,000 rows); orders whose lines are apart in the file are checked again in a
 * second read against the total (85–89 %); writing (one transaction) sits at 90.
 */
export function importPercent(job: Pick<OrderImport, 'status' | 'rowsRead' | 'rowsTotal'>): number {
  switch (job.status) {
    case 'queued':
      return 2;
    case 'reading': {
      const read = job.rowsRead;
      if (job.rowsTotal === null) return Math.round(5 + (80 * read) / (read + 2000));
      return Math.round(85 + (4 * Math.min(read, job.rowsTotal)) / Math.max(job.rowsTotal, 1));
    }
    case 'writing':
      return 90;
    default:
      return 100;
  }
}

/** One row error as the table shows it: the column by its header, the message in the language. */
export interface ImportErrorRow {
  key: string;
  row: number;
  column: string;
  value: string;
  message: string;
}

const FILE_LABEL = { zh: '文件', en: 'File' } as const;

/** The header of a column key in the language ('file' for a file that is not a workbook). */
export function columnLabel(column: string, language: Language): string {
  if (column === 'file') return FILE_LABEL[language];
  const label = ORDER_FEED_LABELS[column as OrderFeedColumn];
  return label ? label[language] : column;
}

/** The import's row errors for the table, by row then column order of the file. */
export function importErrorRows(errors: OrderImport['errors'], language: Language): ImportErrorRow[] {
  return errors.map((e, index) => ({
    key: `${e.row}:${e.column}:${index}`,
    row: e.row,
    column: columnLabel(e.column, language),
    value: e.value,
    message: language === 'zh' ? e.zh : e.en,
  }));
}
