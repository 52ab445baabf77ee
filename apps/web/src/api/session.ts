import { check, logout } from '@qcdesk/contract/identity';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { readStorage, writeStorage } from '../lib/storage';
import { wipeOfflineStore } from '../offline/wipe';
import { ApiError } from './api-error';
import { api } from './client';
import { isNetworkError, outcomeFromError, type Session, type SessionOutcome } from './guard';
import { queryClient } from './query-client';
import { type SignInTokens, tokens } from './session-tokens';
import { operationKey } from './use-operation';

export const sessionKey = operationKey(check, {});

/**
 * Spec §2 asks for a session check before every guarded route. Navigations that follow each other
 * within this window (a redirect chain, the shell mounting after its loader) share one answer.
 */
export const SESSION_RECHECK_MS = 1_000;

const fetchSession = () => api.call(check, {}, { silent: true, sessionLost: false });

/**
 * Offline (issue 31): the session kept with a report prepared for offline work, the query cache
 * filled from the same snapshot. The offline code loads only then, never on the sign-in route.
 */
async function offlineSession(): Promise<SessionOutcome | null> {
  const { restoreSnapshot } = await import('../offline/boot');
  const session = await restoreSnapshot<Session>(queryClient, sessionKey).catch(() => undefined);
  return session ? { kind: 'session', session } : null;
}

/** The session check of the route guard: one call (with its one refresh retry), read as an outcome. */
export async function loadSession(): Promise<SessionOutcome> {
  const hadTokens = tokens.hasAny();
  // Nothing to check with: no call, and no "not signed in" message for someone who never was.
  if (!hadTokens) {
    queryClient.removeQueries({ queryKey: sessionKey });
    return { kind: 'signedOut' };
  }
  // Known offline: the check would wait for the network (TanStack pauses it), so the kept session answers.
  if (!onlineManager.isOnline() || globalThis.navigator?.onLine === false) {
    const kept = queryClient.getQueryData<Session>(sessionKey);
    if (kept) return { kind: 'session', session: kept };
    const offline = await offlineSession();
    if (offline) return offline;
  }
  try {
    const session = await queryClient.fetchQuery({
      queryKey: sessionKey,
      queryFn: fetchSession,
      staleTime: SESSION_RECHECK_MS,
    });
    return { kind: 'session', session };
  } catch (error) {
    queryClient.removeQueries({ queryKey: sessionKey });
    if (!(error instanceof ApiError)) throw error;
    if (isNetworkError(error)) return (await offlineSession()) ?? outcomeFromError(error, hadTokens);
    const outcome = outcomeFromError(error, hadTokens);
    // A refused session (revoked, expired): what it kept offline goes with it.
    if (outcome.kind === 'signedOut') wipeOfflineStore();
    return outcome;
  }
}

/**
 * The signed-in user for the shell and pages. The guard has already fetched it on guarded routes;
 * on the others (help, not-found) it is fetched quietly when there are tokens.
 */
export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: fetchSession,
    enabled: tokens.hasAny(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSession(): Session | undefined {
  const query = useSessionQuery();
  return query.isError ? undefined : query.data;
}

/**
 * Whether the browser holds a session, for what pages offer (sign in, or home): tokens the server has
 * not refused. While the check is on its way, or when the server cannot be reached (the network-error
 * page), that is still the signed-in user, who should not be asked to sign in again.
 */
export function useSignedIn(): boolean {
  const query = useSessionQuery();
  if (!tokens.hasAny()) return false;
  if (!query.isError) return true;
  return query.error instanceof ApiError && isNetworkError(query.error);
}

/** A new session from any sign-in mode: the tokens are kept and nothing of an earlier user stays. */
export function startSession(session: SignInTokens, remember: boolean): void {
  tokens.save(session, remember);
  queryClient.clear();
}

/** Logout (spec §4): the server ends the session, the tokens go, and nothing of the user stays. */
export async function endSession(): Promise<void> {
  const refreshToken = tokens.refresh() ?? undefined;
  if (tokens.hasAny()) {
    await api
      .call(logout, refreshToken ? { refreshToken } : {}, {
        silent: true,
        refresh: false,
        sessionLost: false,
      })
      .catch(() => undefined);
  }
  // Before the tokens: the store's key is named after this environment's refresh token.
  wipeOfflineStore();
  tokens.clear();
  writeStorage('sessionStorage', tokens.impersonatorKey(), null);
  queryClient.clear();
}

interface StashedSession {
  bearerToken: string;
  refreshToken: string;
  remember: boolean;
}

/** Impersonation: the administrator's own tokens wait in this tab while they act as someone else. */
export function beginImpersonation(session: SignInTokens): void {
  const bearerToken = tokens.bearer();
  const refreshToken = tokens.refresh();
  if (bearerToken && refreshToken) {
    const stash: StashedSession = { bearerToken, refreshToken, remember: tokens.remembered() };
    writeStorage('sessionStorage', tokens.impersonatorKey(), JSON.stringify(stash));
  }
  // Never remembered: an impersonation ends with the browser session at the latest.
  tokens.save(session, false);
  queryClient.clear();
}

export function canEndImpersonation(): boolean {
  return readStorage('sessionStorage', tokens.impersonatorKey()) !== null;
}

/** Ends the impersonated session and takes the administrator's own tokens back. */
export async function endImpersonation(): Promise<void> {
  const raw = readStorage('sessionStorage', tokens.impersonatorKey());
  const refreshToken = tokens.refresh() ?? undefined;
  await api
    .call(logout, refreshToken ? { refreshToken } : {}, { silent: true, refresh: false, sessionLost: false })
    .catch(() => undefined);
  writeStorage('sessionStorage', tokens.impersonatorKey(), null);
  tokens.clear();
  if (raw) {
    try {
      const stash = JSON.parse(raw) as StashedSession;
      tokens.save(stash, stash.remember);
    } catch {
      // A damaged stash only means signing in again.
    }
  }
  queryClient.clear();
}
