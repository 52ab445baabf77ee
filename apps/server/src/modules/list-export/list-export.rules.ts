import type { Language } from '@qcdesk/contract';
import { type JobState, jobStoppedText } from '@qcdesk/contract/list-export';
import type { FieldChange, JobStatus } from '../../db/schema/platform';
import type { Principal } from '../../platform/auth';

// The pure parts of a list export: what the queued job carries (the parsed filters and the
// requester, as JSON), what the change log records, and how far the job is.

export const LIST_EXPORT_JOB = 'list.export';

/** Rows read and written per round: small enough to keep memory flat, large enough to be quick. */
export const EXPORT_BATCH = 500;

/** The share of the progress bar the rows take; storing and mailing the file is the rest. */
const ROWS_SHARE = 95;

/**
 * Parsed filters hold bigints (ids) and perhaps dates, which JSON cannot; they travel tagged and are
 * read back exactly, so the job runs the very filters the call validated.
 */
export function toTaggedJson(value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(toTaggedJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, toTaggedJson(v)]),
    );
  }
  return value;
}

export function fromTaggedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromTaggedJson);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$bigint === 'string') return BigInt(record.$bigint);
    if (typeof record.$date === 'string') return new Date(record.$date);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fromTaggedJson(v)]));
  }
  return value;
}

/** Filters as the change log shows them: ids as strings, absent filters left out. */
export function plainFilters(filters: unknown): Record<string, unknown> {
  const plain = (value: unknown): unknown => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(plain);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, plain(v)]),
      );
    }
    return value;
  };
  return plain(filters ?? {}) as Record<string, unknown>;
}

/** DOMAIN.md §6.11 "export (filters)": which list, with which filters, how many rows. */
export function exportChanges(entity: string, filters: unknown, rows: number): FieldChange[] {
  return [
    { field: 'entity', from: null, to: entity },
    { field: 'filters', from: null, to: plainFilters(filters) },
    { field: 'rows', from: null, to: rows },
  ];
}

/** The requester as the job carries them: who they were when they asked (permissions, scope). */
export interface RequesterSnapshot {
  userId: string;
  username: string;
  displayName: string;
  permissions: string[];
  roleCode: string | null;
  departmentId: string | null;
  clientId: string | null;
  impersonatorId: string | null;
}

export function snapshotOf(user: Principal): RequesterSnapshot {
  const id = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());
  return {
    userId: user.userId.toString(),
    username: user.username,
    displayName: user.displayName,
    permissions: [...user.permissions],
    roleCode: user.roleCode ?? null,
    departmentId: id(user.departmentId),
    clientId: id(user.clientId),
    impersonatorId: id(user.impersonatorId),
  };
}

export function principalOf(snapshot: RequesterSnapshot): Principal {
  const id = (v: string | null) => (v === null ? undefined : BigInt(v));
  return {
    userId: BigInt(snapshot.userId),
    username: snapshot.username,
    displayName: snapshot.displayName,
    permissions: new Set(snapshot.permissions),
    roleCode: snapshot.roleCode ?? undefined,
    departmentId: id(snapshot.departmentId),
    clientId: snapshot.clientId === null ? null : BigInt(snapshot.clientId),
    impersonatorId: id(snapshot.impersonatorId),
  };
}

/** What the export job carries. */
export interface ExportPayload {
  /** The export operation's path: which declaration. */
  export: string;
  /** The parsed filters, tagged (`toTaggedJson`). */
  filters: unknown;
  user: RequesterSnapshot;
  /** The requester's language when they asked: headers, file name and mail are in it. */
  lang: Language;
}

/** How far the job is once `written` of `total` rows are in the file. */
export function rowsPercent(written: number, total: number): number {
  if (total <= 0) return ROWS_SHARE;
  return Math.min(ROWS_SHARE, Math.floor((written / total) * ROWS_SHARE));
}

interface JobRowForProgress {
  status: JobStatus;
  progress: number | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

/**
 * `job/progress`'s answer from the job row; a job without progress reads 0 until it is done. A dead
 * job (its worker stopped on the last attempt) reads as failed, with the reason in `lang`.
 */
export function progressOf(
  job: JobRowForProgress,
  lang: Language,
): { state: JobState; percent: number; error: string | null } {
  if (job.status === 'done') return { state: 'done', percent: 100, error: null };
  const percent = Math.max(0, Math.min(99, job.progress ?? 0));
  if (job.status === 'dead')
    return { state: 'failed', percent, error: jobStoppedText(lang, job.attempts, job.maxAttempts) };
  return { state: job.status, percent, error: job.status === 'failed' ? job.lastError : null };
}

/** The file's name: the list's name and the business date, `客户-2026-11-24.xlsx`. */
export function exportFileName(title: string, date: string): string {
  return `${title.replace(/[\\/:*?"<>|]/g, ' ')}-${date}.xlsx`;
}
