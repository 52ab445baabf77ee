import { ApiError } from './api-error';
import type { TokenStore } from './session-tokens';

/** What a refresh came to: a new bearer token, no refresh token to try, or a refusal. */
export type RefreshOutcome = { ok: true } | { ok: false; error?: ApiError };

export interface TokenRefresherDeps {
  tokens: TokenStore;
  /** The access-token operation: trades a refresh token for a new pair (it rotates). */
  exchange(refreshToken: string): Promise<{ accessToken: string; refreshToken: string }>;
  /**
   * Runs `work` while no other tab refreshes: two tabs presenting the same refresh token would look
   * like a stolen token and end the session. Web Locks where the browser has them.
   */
  exclusive?<T>(work: () => Promise<T>): Promise<T>;
  /** The message when the server refused without one of its own ("token expired"). */
  expiredMessage(): string;
}

export const REFRESH_LOCK = 'qcdesk.token-refresh';

/** Web Locks across the tabs of this origin, or none where the browser lacks them. */
export function webLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  return locks.request(REFRESH_LOCK, work);
}

/**
 * Spec §4 and §8: an expired access token is traded for a new one once, then the call is repeated.
 * A refusal clears the refresh token (the session is over) and carries the server's text or "token
 * expired"; a network failure leaves the tokens alone, since the session may well still be good.
 */
export function createTokenRefresher(deps: TokenRefresherDeps) {
  const exclusive = deps.exclusive ?? ((work) => work());
  let inFlight: Promise<RefreshOutcome> | null = null;

  const exchange = (staleBearer: string | null) =>
    exclusive(async (): Promise<RefreshOutcome> => {
      // Another call or tab may have refreshed while this one waited for the lock.
      const bearer = deps.tokens.bearer();
      if (bearer !== null && bearer !== staleBearer) return { ok: true };
      const refreshToken = deps.tokens.refresh();
      if (!refreshToken) return { ok: false };
      try {
        const next = await deps.exchange(refreshToken);
        deps.tokens.rotate(next.accessToken, next.refreshToken);
        return { ok: true };
      } catch (cause) {
        const error =
          cause instanceof ApiError
            ? cause
            : new ApiError({ code: 400, status: 400, message: deps.expiredMessage() });
        if (error.status === 0) return { ok: false, error };
        deps.tokens.clear();
        return {
          ok: false,
          error: new ApiError({
            code: error.code,
            status: error.status,
            reason: error.reason ?? 'REFRESH_EXPIRED',
            message: error.message || deps.expiredMessage(),
          }),
        };
      }
    });

  return {
    /**
     * Refreshes once for every caller that saw `staleBearer` refused; concurrent callers share the
     * one exchange.
     */
    refresh(staleBearer: string | null): Promise<RefreshOutcome> {
      if (!inFlight) {
        inFlight = exchange(staleBearer).finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
  };
}

export type TokenRefresher = ReturnType<typeof createTokenRefresher>;
