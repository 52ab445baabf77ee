import { areas, type RoleCode } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { departments, roles, users } from '../../src/db/schema/identity';
import { demoUsername } from '../../src/modules/identity/identity.seed';
import type { Db } from '../../src/platform/db';
import { hashPassword } from '../../src/platform/passwords';
import { SEED_ENV } from './seed-env';
import type { TestApp } from './test-app';

export const ADMIN_PASSWORD = SEED_ENV.QCDESK_ADMIN_PASSWORD;
export const DEMO_PASSWORD = SEED_ENV.QCDESK_DEMO_PASSWORD;
export { demoUsername };

/** Signs in through the real `auth` operation and answers the bearer token. */
export async function signIn(
  t: TestApp,
  username: string,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const session = await t.client.ok(areas.identity.login, { username, password });
  return session.bearerToken;
}

/** The demo user of a role, signed in. */
export const signInAs = (t: TestApp, role: RoleCode): Promise<string> =>
  role === 'ADMIN' ? signIn(t, 'admin', ADMIN_PASSWORD) : signIn(t, demoUsername(role));

let hashed: Promise<string> | undefined;
let serial = 0;

export interface UserOverrides {
  username?: string;
  role?: RoleCode;
  department?: string;
  verified?: boolean;
  mustChangePassword?: boolean;
  state?: number;
  position?: number;
  email?: string;
}

/** Test-data factory: a user with the password DEMO_PASSWORD, verified and ready unless told otherwise. */
export async function buildUser(db: Db, overrides: UserOverrides = {}) {
  hashed ??= hashPassword(DEMO_PASSWORD);
  const n = ++serial;
  const username = overrides.username ?? `user${n}.${Date.now().toString(36)}`;
  const [role] = await db
    .select()
    .from(roles)
    .where(eq(roles.code, overrides.role ?? 'SALES'));
  const [department] = await db
    .select()
    .from(departments)
    .where(eq(departments.code, overrides.department ?? 'SALES1'));
  const [row] = await db
    .insert(users)
    .values({
      username,
      name: `测试用户${n}`,
      englishName: `Test user ${n}`,
      email: overrides.email ?? `${username}@example.com`,
      departmentId: department!.id,
      position: overrides.position ?? 1,
      roleId: role!.id,
      modules: [],
      verified: overrides.verified ?? true,
      mustChangePassword: overrides.mustChangePassword ?? false,
      state: overrides.state ?? 1,
      passwordHash: await hashed,
    })
    .returning();
  return { ...row!, password: DEMO_PASSWORD };
}
