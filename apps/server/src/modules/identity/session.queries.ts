import { and, eq } from 'drizzle-orm';
import {
  departments,
  groups,
  refreshTokens,
  roles,
  type SignInMethod,
  sessions,
  userGroups,
  userSettings,
  users,
} from '../../db/schema/identity';
import type { Db } from '../../platform/db';
import { sha256Hex } from '../../platform/tokens';

/** The refresh token presented, with its session and user, locked for the trade. */
export function refreshTokenRow(db: Db, presented: string) {
  return db
    .select({
      tokenId: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      sessionId: sessions.id,
      userId: sessions.userId,
      impersonatorId: sessions.impersonatorId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      state: users.state,
      valid: users.valid,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)))
    .for('update', { of: [refreshTokens, sessions] });
}

/** The session of a bearer token with its user and role, as loadPrincipal checks them. */
export function principalRow(db: Db, sessionId: bigint) {
  return db
    .select({
      userId: sessions.userId,
      impersonatorId: sessions.impersonatorId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      username: users.username,
      name: users.name,
      state: users.state,
      valid: users.valid,
      verified: users.verified,
      mustChangePassword: users.mustChangePassword,
      departmentId: users.departmentId,
      clientId: users.clientId,
      roleCode: roles.code,
      permissions: roles.permissions,
      roleActive: roles.active,
      roleValid: roles.valid,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(sessions.id, sessionId));
}

/** The user of `check` with the names of department and role and the language setting. */
export function sessionInfoRow(db: Db, userId: bigint) {
  return db
    .select({
      user: users,
      departmentZh: departments.nameZh,
      departmentEn: departments.nameEn,
      roleCode: roles.code,
      roleZh: roles.nameZh,
      roleEn: roles.nameEn,
      language: userSettings.language,
    })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
}

/** How a session's sign-in happened (a password change asks for the old password after some). */
export async function sessionMethod(db: Db, sessionId: bigint | undefined): Promise<SignInMethod | null> {
  if (sessionId === undefined) return null;
  const [row] = await db.select({ method: sessions.method }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.method ?? null;
}

/** {HOME} ∪ the user's own modules ∪ the modules of the user's active groups (DOMAIN.md §2.1). */
export async function heldModules(db: Db, userId: bigint, own: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ modules: groups.modules })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, userId), eq(groups.state, 1), eq(groups.valid, 1)));
  return [...new Set(['HOME', ...own, ...rows.flatMap((r) => r.modules)])];
}
