import type { MessageParams, Reason } from '@qcdesk/contract';

/**
 * A refusal the user should read: answered sealed, `success:false`, with `reason` and the message of
 * DOMAIN.md §7.4 in the request language. `status` is the HTTP status (200 for business refusals).
 */
export interface AppErrorOptions {
  field?: string;
  status?: number;
  code?: number;
  /**
   * Commit what the operation wrote before refusing (a failed sign-in still counts against the
   * account); without it the operation's transaction rolls back.
   */
  keepWrites?: boolean;
  /** Data that travels with the refusal (-1002 at sign-in carries the session for verification). */
  data?: unknown;
}

export class AppError extends Error {
  constructor(
    readonly reason: Reason,
    readonly params: MessageParams = {},
    readonly options: AppErrorOptions = {},
  ) {
    super(reason);
    this.name = 'AppError';
  }
}

export const fail = (reason: Reason, params?: MessageParams, field?: string): AppError =>
  new AppError(reason, params, field ? { field } : {});

export const notFound = (): AppError => new AppError('E_NOT_FOUND');
export const versionConflict = (): AppError => new AppError('E_VERSION');
