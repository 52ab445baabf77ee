import { SESSION_CODES } from '@qcdesk/contract/constants';
import { isApiError } from '../../api/api-error';
import type { SignInTokens } from '../../api/session-tokens';

export interface UnverifiedSignIn {
  tokens: SignInTokens;
  displayName: string;
}

/**
 * Spec §8: a sign-in of an account that must still be verified answers -1002 with the session and
 * the display name, so the verification step can follow with that session.
 */
export function unverifiedSignIn(error: unknown): UnverifiedSignIn | null {
  if (!isApiError(error) || error.code !== SESSION_CODES.mustVerify) return null;
  const data = error.data as Partial<SignInTokens & { displayName: string }> | null | undefined;
  if (!data || typeof data.bearerToken !== 'string' || typeof data.refreshToken !== 'string') return null;
  return {
    tokens: { bearerToken: data.bearerToken, refreshToken: data.refreshToken },
    displayName: typeof data.displayName === 'string' ? data.displayName : '',
  };
}
