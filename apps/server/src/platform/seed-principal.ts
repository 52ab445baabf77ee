import { and, eq } from 'drizzle-orm';
import { roles, users } from '../db/schema/identity';
import type { Principal } from './auth';
import type { Db } from './db';

/**
 * The principal a demo seed acts as, so demo records are written through the services and appear
 * in the change log under a real user; undefined when the user is missing (seeded elsewhere).
 */
export async function seedPrincipal(db: Db, username: string): Promise<Principal | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      name: users.name,
      departmentId: users.departmentId,
      clientId: users.clientId,
      roleCode: roles.code,
      permissions: roles.permissions,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.username, username), eq(users.valid, 1)));
  if (!row) return undefined;
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.name,
    permissions: new Set(row.permissions),
    roleCode: row.roleCode,
    departmentId: row.departmentId,
    clientId: row.clientId,
  };
}

/** The `admin` account as a signed-in caller (null before the identity seed has created it). */
export async function adminPrincipal(db: Db): Promise<Principal | null> {
  return (await seedPrincipal(db, 'admin')) ?? null;
}
