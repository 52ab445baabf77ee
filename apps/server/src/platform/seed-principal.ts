import { and, eq } from 'drizzle-orm';
import { roles, users } from '../db/schema/identity';
import type { Principal } from './auth';
import type { Db } from './db';

/**
 * The `admin` account as a signed-in caller, for demo seeds that write through the services: their
 * records pass the services' checks and appear in the change log as written by admin. Null before
 * the identity seed has created admin.
 */
export async function adminPrincipal(db: Db): Promise<Principal | null> {
  const [admin] = await db
    .select({
      id: users.id,
      name: users.name,
      departmentId: users.departmentId,
      roleCode: roles.code,
      permissions: roles.permissions,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.username, 'admin'), eq(users.valid, 1)));
  if (!admin) return null;
  return {
    userId: admin.id,
    username: 'admin',
    displayName: admin.name,
    permissions: new Set(admin.permissions),
    roleCode: admin.roleCode,
    departmentId: admin.departmentId,
  };
}
