import { and, eq, sql } from 'drizzle-orm';
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
import { oncePerDatabase } from '../../platform/prepared';
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

/**
 * The modules of the user's active groups, as one array (the group half of `heldModules`), written
 * as a subquery so `check` reads the user and its groups in one statement.
 */
const groupModules = sql<string[]>`(
  select coalesce(array_agg(distinct m), '{}'::text[])
  from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId}
  cross join unnest(${groups.modules}) as m
  where ${userGroups.userId} = ${users.id} and ${groups.state} = 1 and ${groups.valid} = 1
)`;

function prepareSessionInfo(db: Db) {
  return db
    .select({
      user: users,
      departmentZh: departments.nameZh,
      departmentEn: departments.nameEn,
      roleCode: roles.code,
      roleZh: roles.nameZh,
      roleEn: roles.nameEn,
      language: userSettings.language,
      groupModules,
    })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('qc_session_info');
}

/**
 * The user of `check` with the names of department and role, the language setting and the modules
 * of its groups: one statement, built once per database and prepared by name on PostgreSQL (ADR
 * 0009: `check` is the per-call floor of every signed-in screen).
 */
const preparedSessionInfo = oncePerDatabase(prepareSessionInfo);

export async function sessionInfoRow(db: Db, userId: bigint) {
  const [row] = await preparedSessionInfo(db).execute({ userId: String(userId) });
  return row;
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
  return heldModuleSet(
    own,
    rows.flatMap((r) => r.modules),
  );
}

/** {HOME} ∪ `own` ∪ `ofGroups`, once each. */
export function heldModuleSet(own: readonly string[], ofGroups: readonly string[]): string[] {
  return [...new Set(['HOME', ...own, ...ofGroups])];
}
