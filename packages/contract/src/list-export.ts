import { z } from 'zod';
import { type Access, defineOperation, type OperationDef } from './operation';
import { idIn, idOut } from './schemas';

// List exports (issue 12): every business list exports its current filter to XLSX the same way. The
// call is queued and answers the spec §8 success text "邮件已发送，请查收 / The mail has been sent,
// please check" with the job's id; the file follows by mail as a download link, and `job/progress`
// tells the requester how far the job is. An area adds its export with one line beside its search:
//   export const exportOrders = defineListExport(searchOrders, { path: 'order/export', summary: '…' });

/** Beyond this many rows an export is refused (E_EXPORT_TOO_MANY): the user narrows the filter. */
export const EXPORT_MAX_ROWS = 100_000;

/** The fields of a search that choose the page, not the rows: an export leaves them out. */
/** Paging and sort: an export walks every matching row by id (keyset), whatever the list's order. */
const PAGE_FIELDS = ['page', 'pageSize', 'count', 'sort', 'order'] as const;
type PageField = (typeof PAGE_FIELDS)[number];

/** The filters of a search: its input without paging, with the same rules (refinements kept). */
export type FiltersSchema<S extends z.ZodObject> = z.ZodType<
  Omit<z.output<S>, PageField>,
  Omit<z.input<S>, PageField>
>;

/** The parsed filters of a search (what its WHERE reads): its input without the paging fields. */
export type FiltersOf<Op extends OperationDef> = Omit<z.output<Op['input']>, PageField>;

export function filtersOf<S extends z.ZodObject>(search: S): FiltersSchema<S> {
  const shape: Record<string, z.ZodType> = { ...search.shape };
  for (const field of PAGE_FIELDS) delete shape[field];
  // `omit` refuses a schema with refinements (a date range); a clone with the smaller shape keeps them.
  return search.clone({ ...search._zod.def, shape }) as unknown as FiltersSchema<S>;
}

/** What an export call answers (with the MAIL_SENT text): the queued job, for `job/progress`. */
export const exportStarted = z.object({ jobId: idOut });

export type ExportStarted = z.output<typeof exportStarted>;

export interface ListExportOptions {
  path: string;
  /**
   * The area's export permission where DOMAIN.md §5.2 has one (`testreport.export`); the server then
   * also asks for the search's read permission. Without it the search's permission gates the export.
   */
  permission?: Access;
  summary: string;
}

/** The export operation of a list: the search's filters in, the queued job out. */
export function defineListExport<S extends z.ZodObject>(
  search: OperationDef<S>,
  options: ListExportOptions,
): OperationDef<FiltersSchema<S>, typeof exportStarted> {
  return defineOperation({
    path: options.path,
    method: 'POST',
    permission: options.permission ?? search.permission,
    summary: options.summary,
    input: filtersOf(search.input),
    output: exportStarted,
  });
}

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobProgressRow = z.object({
  id: idOut,
  /** queued (also while waiting to retry), running, done, failed (for good). */
  state: z.enum(JOB_STATES),
  /** 0–100; 100 once done. */
  percent: z.number().int().min(0).max(100),
  /**
   * Why a failed job gave up: the job's own error, or, when its worker stopped while running the last
   * attempt, `JOB_STOPPED` in the caller's language; null unless failed.
   */
  error: z.string().nullable(),
});

/** The reason of a job whose worker stopped (crash, kill, out of memory) while running its last attempt. */
export const JOB_STOPPED = {
  zh: '执行时工作进程已停止（第 {attempt} 次，共 {maxAttempts} 次）',
  en: 'The worker stopped while running it (attempt {attempt} of {maxAttempts})',
} as const;

export function jobStoppedText(lang: keyof typeof JOB_STOPPED, attempt: number, maxAttempts: number): string {
  return JOB_STOPPED[lang]
    .replace('{attempt}', String(attempt))
    .replace('{maxAttempts}', String(maxAttempts));
}

export type JobProgress = z.output<typeof jobProgressRow>;

export const jobProgress = defineOperation({
  path: 'job/progress',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'State and percent of a job the caller queued (a list export); another user’s job is refused (E_SCOPE).',
  input: z.object({ id: idIn }),
  output: jobProgressRow,
});
