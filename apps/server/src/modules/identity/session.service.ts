import {
  accessFor,
  type Language,
  POSITION_QC,
  REMEMBER_ME_DAYS,
  rolePrefix,
  SESSION_CODES,
} from '@qcdesk/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { oneTimeTokens, refreshTokens, type SignInMethod, sessions, users } from '../../db/schema/identity';
import type { Principal } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { PrincipalCache } from '../../platform/principal-cache';
import { type AccessClaims, type AccessTokens, randomToken, sha256Hex } from '../../platform/tokens';
import { heldModuleSet, heldModules, principalRow, refreshTokenRow, sessionInfoRow } from './session.queries';

/** What the identity services need beyond the database. */
export interface IdentityDeps {
  config: Config;
  tokens: AccessTokens;
  principals: PrincipalCache;
}

/** Facts about the request a sign-in records and the abuse limits count by. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  lang: Language;
}

export interface SessionTokens {
  bearerToken: string;
  refreshToken: string;
  displayName: string;
  expiresIn: number;
}

export interface IssueArgs {
  userId: bigint;
  displayName: string;
  impersonatorId?: bigint | null | undefined;
  method: SignInMethod;
  remember: boolean;
  meta: RequestMeta;
}

/** Opens a session: a refresh-token family and its first refresh token, plus a bearer token. */
export async function issueSession(db: Db, deps: IdentityDeps, args: IssueArgs): Promise<SessionTokens> {
  const hours = args.remember ? REMEMBER_ME_DAYS * 24 : deps.config.SESSION_HOURS;
  const [session] = await db
    .insert(sessions)
    .values({
      userId: args.userId,
      impersonatorId: args.impersonatorId ?? null,
      method: args.method,
      remember: args.remember,
      expiresAt: new Date(Date.now() + hours * 3_600_000),
      ip: args.meta.ip,
      userAgent: args.meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ sessionId: session!.id, tokenHash: sha256Hex(refreshToken) });
  const { token, expiresIn } = deps.tokens.sign({
    uid: args.userId,
    sid: session!.id,
    imp: args.impersonatorId ?? undefined,
  });
  return { bearerToken: token, refreshToken, displayName: args.displayName, expiresIn };
}

/** Code 500 of spec §8 on a 400 answer: the session is gone because the account is locked or deleted. */
const accountLocked = () => new AppError('E_ACCOUNT_LOCKED', {}, { status: 400, code: SESSION_CODES.locked });

const refreshExpired = () => new AppError('REFRESH_EXPIRED', {}, { status: 400 });

/**
 * Trades a refresh token for a new bearer token and a new refresh token. The old one is spent;
 * presenting a spent one again means it was copied, so the whole session is revoked.
 */
export async function refreshSession(db: Db, deps: IdentityDeps, presented: string) {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await refreshTokenRow(tx, presented);
    if (!row || row.revokedAt || row.expiresAt <= new Date()) return { kind: 'refused' as const };
    if (row.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: 'refresh token reused' })
        .where(eq(sessions.id, row.sessionId));
      return { kind: 'reused' as const, sessionId: row.sessionId };
    }
    if (row.state !== 1 || row.valid !== 1) return { kind: 'locked' as const };
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.tokenId));
    const next = randomToken();
    await tx.insert(refreshTokens).values({ sessionId: row.sessionId, tokenHash: sha256Hex(next) });
    await tx.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
    const { token, expiresIn } = deps.tokens.sign({
      uid: row.userId,
      sid: row.sessionId,
      imp: row.impersonatorId ?? undefined,
    });
    return { kind: 'ok' as const, accessToken: token, refreshToken: next, expiresIn };
  });
  // Thrown after the commit, so the revocation of a reused family stays.
  if (outcome.kind === 'reused') deps.principals.forgetSession(outcome.sessionId);
  if (outcome.kind === 'locked') throw accountLocked();
  if (outcome.kind !== 'ok') throw refreshExpired();
  return {
    accessToken: outcome.accessToken,
    refreshToken: outcome.refreshToken,
    expiresIn: outcome.expiresIn,
  };
}

export async function revokeSession(
  db: Db,
  deps: IdentityDeps,
  sessionId: bigint,
  reason: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  deps.principals.forgetSession(sessionId);
}

/** Ends every session of a user (lock, delete, password reset), except the one given. */
export async function revokeUserSessions(
  db: Db,
  deps: IdentityDeps,
  userId: bigint,
  reason: string,
  except?: bigint,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        isNull(sessions.revokedAt),
        except === undefined ? undefined : sql`${sessions.id} <> ${except}`,
      ),
    );
  deps.principals.forgetUser(userId);
}

/** Logout: the session of the bearer token and the session of the refresh token, when given. */
export async function logout(
  db: Db,
  deps: IdentityDeps,
  user: Principal | null,
  refreshToken: string | undefined,
): Promise<void> {
  if (user?.sessionId) await revokeSession(db, deps, user.sessionId, 'logout');
  if (refreshToken) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
    if (row) await revokeSession(db, deps, row.sessionId, 'logout');
  }
}

const sessionGone = () => new AppError('E_SESSION_ENDED', {}, { status: 400 });

/**
 * The principal of a verified bearer token: its session must be live and its user active. A
 * user who must still verify the account or change the password holds no permissions until
 * then (the session check sends them to do it, spec §8); an impersonated session is exempt.
 */
export async function loadPrincipal(db: Db, claims: AccessClaims): Promise<Principal> {
  const [row] = await principalRow(db, claims.sid);
  if (!row || row.userId !== claims.uid || (row.impersonatorId ?? undefined) !== claims.imp)
    throw sessionGone();
  // Locking ends the sessions too; the user should still learn why (code 500, spec §8).
  if (row.state !== 1 || row.valid !== 1) throw accountLocked();
  if (row.revokedAt || row.expiresAt <= new Date()) throw sessionGone();
  const pending = !row.impersonatorId && (!row.verified || row.mustChangePassword);
  const granted = row.roleActive === 1 && row.roleValid === 1 && !pending;
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.name,
    permissions: new Set(granted ? row.permissions : []),
    impersonatorId: row.impersonatorId ?? undefined,
    roleCode: row.roleCode,
    departmentId: row.departmentId,
    clientId: row.clientId,
    sessionId: claims.sid,
  };
}

/**
 * The session object of DOMAIN.md §2.1 for `check`, or the session codes of spec §8: -1002 the
 * account must be verified, -1001 the password must be changed.
 */
export async function sessionInfo(db: Db, user: Principal, lang: Language) {
  const row = await sessionInfoRow(db, user.userId);
  if (row?.user.state !== 1 || row.user.valid !== 1) {
    throw accountLocked();
  }
  if (!user.impersonatorId) {
    if (!row.user.verified) throw new AppError('E_MUST_VERIFY');
    if (row.user.mustChangePassword) throw new AppError('E_MUST_CHANGE_PASSWORD');
  }
  const held = heldModuleSet(row.user.modules, row.groupModules);
  const names = { uid: users.id, name: users.name, englishName: users.englishName };
  const [impersonator] = user.impersonatorId
    ? await db.select(names).from(users).where(eq(users.id, user.impersonatorId))
    : [];
  const access = accessFor(held, user.permissions);
  return {
    uid: row.user.id,
    username: row.user.username,
    name: row.user.name,
    englishName: row.user.englishName,
    title: lang === 'en' ? row.roleEn : row.roleZh,
    roleCode: row.roleCode,
    department: lang === 'en' ? row.departmentEn : row.departmentZh,
    departmentId: row.user.departmentId,
    position: row.user.position,
    isQC: row.user.position === POSITION_QC,
    isLogin: true,
    modules: access.modules,
    roles: [rolePrefix(row.roleCode), ...user.permissions],
    navigation: access.navigation,
    routes: access.routes,
    language: row.language === 'en' || row.language === 'zh' ? row.language : null,
    impersonator: impersonator ?? null,
  };
}

/** The navigation of the caller (the `modules` call: the menu by permission). */
export async function ownAccess(db: Db, user: Principal) {
  const [row] = await db.select({ modules: users.modules }).from(users).where(eq(users.id, user.userId));
  return accessFor(await heldModules(db, user.userId, row?.modules ?? []), user.permissions);
}

/** Housekeeping: sessions a day past their end, and one-time tokens an hour past theirs. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now() - interval '1 day'`));
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, sql`now() - interval '1 hour'`));
}
