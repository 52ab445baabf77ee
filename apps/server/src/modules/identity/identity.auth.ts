import type { Authenticator } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { PrincipalCache } from '../../platform/principal-cache';
import type { AccessTokens } from '../../platform/tokens';
import { loadPrincipal } from './session.service';

/**
 * The Authenticator of the app: a bearer token that is missing, forged or expired means "not
 * signed in" (401, the client refreshes once); a valid one whose session was revoked or whose
 * user is locked or deleted means the session is gone for good (400).
 */
export function identityAuthenticator(
  db: Db,
  tokens: AccessTokens,
  principals: PrincipalCache,
): Authenticator {
  return async (token) => {
    if (!token) return null;
    const verified = tokens.verify(token);
    if (!verified.ok) return null;
    const { claims } = verified;
    const cached = principals.get(claims.sid);
    if (cached && cached.userId === claims.uid) return cached;
    const principal = await loadPrincipal(db, claims);
    principals.set(claims.sid, principal);
    return principal;
  };
}
