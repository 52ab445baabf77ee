import { z } from 'zod';
import { SESSION_CODES } from './constants';
import type { Reason } from './messages';

/** The unwrapped result every operation answers (PROTOCOL.md "Response"). */
export const resultSchema = z.object({
  success: z.boolean(),
  error: z.string(),
  code: z.number().int(),
  reason: z.string().optional(),
  data: z.unknown(),
  modify: z.boolean().optional(),
  author: z.boolean().optional(),
  checkOut: z.boolean().optional(),
  /** The field a validation error is about, so forms can mark it. */
  field: z.string().optional(),
});

export type Result<T = unknown> = Omit<z.infer<typeof resultSchema>, 'data' | 'reason'> & {
  data: T;
  reason?: Reason;
};

/** Detail flags of DOMAIN.md §5.4, computed by the server in one place. */
export interface RecordFlags {
  modify: boolean;
  author: boolean;
  checkOut: boolean;
}

/**
 * `code` of a business refusal: the HTTP status the refusal stands for. The transport status stays
 * 200 so users read the message (PROTOCOL.md); clients branch on `reason`. See docs/adr/0003.
 */
export function codeForReason(reason: Reason): number {
  switch (reason) {
    case 'SUCCESS':
      return 0;
    case 'E_PERMISSION':
    case 'E_SCOPE':
    case 'E_IMPERSONATE_ADMIN':
    case 'E_IMPERSONATING':
      return 403;
    case 'E_MUST_CHANGE_PASSWORD':
      return SESSION_CODES.mustChangePassword;
    case 'E_MUST_VERIFY':
      return SESSION_CODES.mustVerify;
    case 'E_ACCOUNT_LOCKED':
      return SESSION_CODES.locked;
    case 'E_LOCKED_OUT':
    case 'E_SLOW_DOWN':
    case 'E_TOO_MANY_REQUESTS':
      return 429;
    case 'E_NOT_FOUND':
    case 'E_NO_OPERATION':
      return 404;
    case 'E_VERSION':
    case 'E_STATUS':
    case 'E_NO_REPORT':
    case 'E_DUPLICATE':
    case 'E_IN_USE':
    case 'E_CHECKED_OUT':
    case 'E_NOT_CHECKED_OUT':
      return 409;
    case 'UNAUTHORIZED':
    case 'TOKEN_EXPIRED':
      return 401;
    case 'INTERNAL':
      return 500;
    case 'E_STALE':
      return 4002;
    case 'INVALID_ENCRYPTED':
      return 4001;
    default:
      return 400;
  }
}
