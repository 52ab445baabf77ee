import {
  MODULE_CODES,
  modulesReachableWith,
  type PositionCode,
  ROLES,
  type RoleCode,
} from '@qcdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { departments, groups, roles, userGroups, users } from '../../db/schema/identity';
import type { Db } from '../../platform/db';
import type { SeedContext } from '../../platform/module';
import { hashPassword, randomPassword } from '../../platform/passwords';

// Idempotent identity seed, run on every start: departments, the nine roles of DOMAIN.md §5.1
// with the §5.3 matrix, a group per role, the `admin` account and (QCDESK_DEMO_USERS=1) one
// demo user per role. Several processes may start at once: seeds run under the start-up lock (`Database.whileStarting`).

const DEPARTMENTS: Array<{ code: string; zh: string; en: string; type: number; parent: string | null }> = [
  { code: 'HQ', zh: '总部', en: 'Headquarters', type: 4, parent: null },
  { code: 'SALES', zh: '业务部', en: 'Sales', type: 1, parent: 'HQ' },
  { code: 'SALES1', zh: '业务一部', en: 'Sales team 1', type: 1, parent: 'SALES' },
  { code: 'SALES2', zh: '业务二部', en: 'Sales team 2', type: 1, parent: 'SALES' },
  { code: 'QC', zh: '品管部', en: 'Quality control', type: 2, parent: 'HQ' },
  { code: 'LAB', zh: '实验室', en: 'Laboratory', type: 3, parent: 'HQ' },
  { code: 'FIN', zh: '财务部', en: 'Finance', type: 5, parent: 'HQ' },
  { code: 'EXT', zh: '外部客户', en: 'External clients', type: 4, parent: 'HQ' },
];

/** Where each role's demo user sits and what position it holds. */
const DEMO: Record<RoleCode, { username: string; department: string; position: PositionCode }> = {
  ADMIN: { username: 'demo.admin', department: 'HQ', position: 6 },
  SALES: { username: 'demo.sales', department: 'SALES1', position: 1 },
  SALES_MGR: { username: 'demo.salesmgr', department: 'SALES', position: 5 },
  QC: { username: 'demo.qc', department: 'QC', position: 2 },
  QC_MGR: { username: 'demo.qcmgr', department: 'QC', position: 5 },
  INSPECTOR: { username: 'demo.inspector', department: 'QC', position: 3 },
  LAB: { username: 'demo.lab', department: 'LAB', position: 1 },
  AUDITOR: { username: 'demo.auditor', department: 'QC', position: 4 },
  CLIENT: { username: 'demo.client', department: 'EXT', position: 1 },
};

export const demoUsername = (role: RoleCode): string => DEMO[role].username;

const groupName = (role: (typeof ROLES)[number]) => `${role.label.zh} ${role.label.en}`;

async function seedDepartments(db: Db): Promise<Map<string, bigint>> {
  const ids = new Map<string, bigint>();
  for (const d of DEPARTMENTS) {
    const [existing] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.code, d.code), eq(departments.valid, 1)));
    if (existing) {
      ids.set(d.code, existing.id);
      continue;
    }
    const [row] = await db
      .insert(departments)
      .values({
        code: d.code,
        nameZh: d.zh,
        nameEn: d.en,
        type: d.type,
        parentId: d.parent ? (ids.get(d.parent) ?? null) : null,
        sort: DEPARTMENTS.indexOf(d),
      })
      .returning({ id: departments.id });
    ids.set(d.code, row!.id);
  }
  return ids;
}

/**
 * A missing role is created from the matrix. An existing one gains the matrix permissions it
 * was never given (a permission added by a later release), but keeps an administrator's removals.
 */
async function seedRoles(db: Db): Promise<Map<RoleCode, bigint>> {
  const ids = new Map<RoleCode, bigint>();
  for (const [index, def] of ROLES.entries()) {
    const matrix = [...def.permissions];
    const [existing] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.code, def.code), eq(roles.valid, 1)));
    if (!existing) {
      const [row] = await db
        .insert(roles)
        .values({
          code: def.code,
          nameZh: def.label.zh,
          nameEn: def.label.en,
          sort: index,
          scope: def.scope,
          permissions: matrix,
          seededPermissions: matrix,
        })
        .returning({ id: roles.id });
      ids.set(def.code, row!.id);
      continue;
    }
    ids.set(def.code, existing.id);
    const fresh = matrix.filter((p) => !existing.seededPermissions.includes(p));
    if (fresh.length > 0) {
      await db
        .update(roles)
        .set({
          permissions: [...new Set([...existing.permissions, ...fresh])],
          seededPermissions: [...new Set([...existing.seededPermissions, ...matrix])],
        })
        .where(eq(roles.id, existing.id));
    }
  }
  return ids;
}

/** One group per role other than ADMIN, holding the modules the role can use. */
async function seedGroups(db: Db): Promise<Map<RoleCode, bigint>> {
  const ids = new Map<RoleCode, bigint>();
  for (const def of ROLES) {
    if (def.code === 'ADMIN') continue;
    const name = groupName(def);
    const [existing] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(sql`lower(${groups.name}) = ${name.toLowerCase()}`, eq(groups.valid, 1)));
    if (existing) {
      ids.set(def.code, existing.id);
      continue;
    }
    const modules = modulesReachableWith(new Set(def.permissions)).filter((m) => m !== 'HOME');
    const [row] = await db.insert(groups).values({ name, modules }).returning({ id: groups.id });
    ids.set(def.code, row!.id);
  }
  return ids;
}

/** Printed once, where the operator starting the server sees it. */
function announce(ctx: SeedContext, message: string): void {
  ctx.log.warn(message);
}

/** Whose accounts a message names: the sandbox beside the product has its own, with their own passwords. */
const owner = (ctx: SeedContext) =>
  ctx.config.environment === 'sandbox' ? `QCDesk SANDBOX (${ctx.config.publicUrl})` : 'QCDesk';

async function userExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username}`, eq(users.valid, 1)));
  return row !== undefined;
}

/**
 * The first start creates `admin`: with QCDESK_ADMIN_PASSWORD for scripted set-ups, otherwise a
 * random password printed once, which must be changed at first sign-in (-1001).
 */
async function seedAdmin(ctx: SeedContext, db: Db, departmentId: bigint, roleId: bigint): Promise<void> {
  if (await userExists(db, 'admin')) return;
  const given = ctx.config.QCDESK_ADMIN_PASSWORD;
  const password = given ?? randomPassword();
  await db.insert(users).values({
    username: 'admin',
    name: '系统管理员',
    englishName: 'Administrator',
    email: 'admin@qcdesk.local',
    departmentId,
    position: 6,
    roleId,
    modules: [...MODULE_CODES],
    verified: true,
    mustChangePassword: given === undefined,
    passwordHash: await hashPassword(password),
  });
  if (given === undefined) {
    announce(
      ctx,
      `${owner(ctx)} administrator created: username "admin", password "${password}" (shown only this once; it must be changed at first sign-in)`,
    );
  }
}

/** QCDESK_DEMO_USERS=1: one verified user per role, password QCDESK_DEMO_PASSWORD or printed once. */
async function seedDemoUsers(
  ctx: SeedContext,
  db: Db,
  departmentIds: Map<string, bigint>,
  roleIds: Map<RoleCode, bigint>,
  groupIds: Map<RoleCode, bigint>,
): Promise<void> {
  const given = ctx.config.QCDESK_DEMO_PASSWORD;
  const password = given ?? randomPassword();
  let hash: string | undefined;
  const created: string[] = [];
  for (const def of ROLES) {
    const demo = DEMO[def.code];
    if (await userExists(db, demo.username)) continue;
    hash ??= await hashPassword(password);
    const [row] = await db
      .insert(users)
      .values({
        username: demo.username,
        name: `演示${def.label.zh}`,
        englishName: `Demo ${def.label.en}`,
        email: `${demo.username}@qcdesk.local`,
        departmentId: departmentIds.get(demo.department)!,
        position: demo.position,
        roleId: roleIds.get(def.code)!,
        modules: def.code === 'ADMIN' ? [...MODULE_CODES] : [],
        verified: true,
        mustChangePassword: false,
        passwordHash: hash,
      })
      .returning({ id: users.id });
    const groupId = groupIds.get(def.code);
    if (groupId) await db.insert(userGroups).values({ userId: row!.id, groupId });
    created.push(demo.username);
  }
  if (created.length > 0 && given === undefined) {
    announce(
      ctx,
      `${owner(ctx)} demo users created: ${created.join(', ')}; password "${password}" (shown only this once)`,
    );
  }
}

export async function seedIdentity(ctx: SeedContext): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const departmentIds = await seedDepartments(tx);
    const roleIds = await seedRoles(tx);
    const groupIds = await seedGroups(tx);
    await seedAdmin(ctx, tx, departmentIds.get('HQ')!, roleIds.get('ADMIN')!);
    if (ctx.config.QCDESK_DEMO_USERS === '1') await seedDemoUsers(ctx, tx, departmentIds, roleIds, groupIds);
  });
}
