import type { Reason } from '@qcdesk/contract/messages';

export interface ApiErrorInit {
  /** Result code: 0 never appears here; the spec's own codes (-1001, -1002, 500), 501 for network, else the HTTP status. */
  code: number;
  message: string;
  /** HTTP status, 0 when the request never got an answer. */
  status: number;
  reason?: Reason | (string & {}) | undefined;
  field?: string | undefined;
  /** What a refusal still carries: a sign-in that needs verifying answers -1002 with its tokens. */
  data?: unknown;
}

/** A refused or failed call. Branch on `reason` or `code`, never on the text (PROTOCOL.md "Response"). */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly reason: Reason | (string & {}) | undefined;
  readonly field: string | undefined;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.reason = init.reason;
    this.field = init.field;
    this.data = init.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What a failed call says to the user: the server's message (in the UI language), or the error's own. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
