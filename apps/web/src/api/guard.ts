import { SESSION_CODES } from '@qcdesk/contract/constants';
import type { check } from '@qcdesk/contract/identity';
import type { Language } from '@qcdesk/contract/messages';
import type { OutputOf } from '@qcdesk/contract/operation';
import { ALWAYS_PERMITTED_ROUTES, PUBLIC_ROUTES } from '@qcdesk/contract/roles';
import type { ApiError } from './api-error';
import { NETWORK_ERROR_CODE } from './client';

export type Session = OutputOf<typeof check>;

/**
 * Routes of the shell that every signed-in user may open although the contract's route table does
 * not list them: their own settings (user/setting is open to every session, DOMAIN.md §5.2).
 */
export const SIGNED_IN_ROUTES = ['Settings'] as const;

/** What the session check came to, before any route is considered. */
export type SessionOutcome =
  | { kind: 'session'; session: Session }
  /** No session (never signed in, signed out, refresh refused); `message` when one should show. */
  | { kind: 'signedOut'; message?: string }
  | { kind: 'mustChangePassword'; message?: string }
  | { kind: 'mustVerify'; message?: string }
  /** Spec §8 code 500: the message shows and the user goes to Login. */
  | { kind: 'refused'; message: string }
  | { kind: 'network'; message?: string };

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; message?: string };

/** An error of a call that never reached the server (offline, server down). */
export const isNetworkError = (error: ApiError): boolean =>
  error.code === NETWORK_ERROR_CODE || error.status === 0;

/** The outcome of a failed `check` call (spec §8 session check codes). */
export function outcomeFromError(error: ApiError, hadTokens: boolean): SessionOutcome {
  if (error.code === SESSION_CODES.mustChangePassword)
    return { kind: 'mustChangePassword', message: error.message };
  if (error.code === SESSION_CODES.mustVerify) return { kind: 'mustVerify', message: error.message };
  if (isNetworkError(error)) return { kind: 'network', message: error.message };
  if (error.code === SESSION_CODES.locked) return { kind: 'refused', message: error.message };
  // 401 after the one refresh, or a session gone for good (400): back to Login, saying why only when
  // there was a session to lose.
  return hadTokens ? { kind: 'signedOut', message: error.message } : { kind: 'signedOut' };
}

const withRedirect = (path: string, fullPath: string) => `${path}?redirect=${encodeURIComponent(fullPath)}`;

export function isPublicRoute(name: string): boolean {
  return (PUBLIC_ROUTES as readonly string[]).includes(name);
}

/** Whether a signed-in session may open the route (spec §2, DOMAIN.md §5.2). */
export function routePermitted(session: Pick<Session, 'routes'>, name: string): boolean {
  return (
    session.routes.includes(name) ||
    (ALWAYS_PERMITTED_ROUTES as readonly string[]).includes(name) ||
    (SIGNED_IN_ROUTES as readonly string[]).includes(name)
  );
}

/**
 * Spec §2 route guard: public routes (and Invalidate) pass; every other route needs a session, else
 * Login with `redirect` = the full path; -1001 goes to ChanePassword and -1002 to VerifyAccount
 * (spec §8), each carrying the same redirect; a session must hold the route in its permitted-route
 * list, else Invalidate (with `from` = the full path). An unreachable server goes to the network-error page.
 */
export function decideNavigation(
  outcome: SessionOutcome,
  routeName: string,
  target: { language: Language; fullPath: string },
): GuardDecision {
  if (isPublicRoute(routeName)) return { kind: 'allow' };
  const base = `/${target.language}`;
  const message = outcome.kind === 'session' ? undefined : outcome.message;
  const redirect = (path: string): GuardDecision => ({
    kind: 'redirect',
    to: withRedirect(`${base}/${path}`, target.fullPath),
    ...(message ? { message } : {}),
  });
  switch (outcome.kind) {
    case 'session':
      // The refused address travels along (`from`), so the no-permission page can say which it was.
      return routePermitted(outcome.session, routeName)
        ? { kind: 'allow' }
        : { kind: 'redirect', to: `${base}/invalidate?from=${encodeURIComponent(target.fullPath)}` };
    case 'mustChangePassword':
      return { kind: 'redirect', to: withRedirect(`${base}/password`, target.fullPath) };
    case 'mustVerify':
      return { kind: 'redirect', to: withRedirect(`${base}/verify`, target.fullPath) };
    case 'network':
      return { kind: 'redirect', to: withRedirect(`${base}/network-error`, target.fullPath) };
    case 'refused':
    case 'signedOut':
      return redirect('login');
  }
}

/**
 * A `redirect` query is only ever followed to a path of this app: an absolute URL or a
 * protocol-relative one (`//evil.example`) would make Login an open redirect.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** Whether the session holds a permission string (the roles list, DOMAIN.md §2.1). */
export function hasPermission(session: Pick<Session, 'roles'> | undefined, permission: string): boolean {
  return session?.roles.includes(permission) ?? false;
}
