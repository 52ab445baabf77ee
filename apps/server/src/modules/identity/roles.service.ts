import { MODULE_CODES, MODULE_LABELS, POSITIONS, ROUTES, type ScopeKind } from '@qcdesk/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { departments, roles } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { assertRecordNotInUse } from '../../platform/in-use';
import type { PrincipalCache } from '../../platform/principal-cache';
import { createRecord, updateRecord } from '../../platform/records';
import { ownAccess } from './session.service';

type RoleRow = typeof roles.$inferSelect;

const toRole = (r: RoleRow) => ({
  id: r.id,
  code: r.code,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  active: r.active,
  scope: r.scope,
  permissions: r.permissions,
});

const toRoleDetail = (r: RoleRow) => ({
  ...toRole(r),
  sort: r.sort,
  remark: r.remark,
  valid: r.valid,
  version: r.version,
});

/** roles: positions and active roles (spec §6), with the departments the user form offers. */
export async function rolesAndPositions(db: Db) {
  const roleRows = await db
    .select()
    .from(roles)
    .where(and(eq(roles.valid, 1), eq(roles.active, 1)))
    .orderBy(asc(roles.sort), asc(roles.code));
  const departmentRows = await db
    .select()
    .from(departments)
    .where(eq(departments.valid, 1))
    .orderBy(asc(departments.sort), asc(departments.code));
  return {
    positions: POSITIONS.map((p) => ({ ...p })),
    roles: roleRows.map(toRole),
    departments: departmentRows.map((d) => ({
      id: d.id,
      code: d.code,
      nameZh: d.nameZh,
      nameEn: d.nameEn,
      type: d.type,
      parentId: d.parentId,
      active: d.active,
    })),
  };
}

/** config/role: every role, frozen and deleted included. */
export async function listRoles(db: Db) {
  const rows = await db.select().from(roles).orderBy(asc(roles.sort), asc(roles.code));
  return rows.map(toRoleDetail);
}

async function assertCodeFree(db: Db, code: string, exceptId?: bigint) {
  const [hit] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.valid, 1),
        eq(roles.code, code),
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    );
  if (hit) throw new AppError('E_DUPLICATE', { field: 'code' }, { field: 'code' });
}

async function duplicatesAsRefusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error) !== null)
      throw new AppError('E_DUPLICATE', { field: 'code' }, { field: 'code' });
    throw error;
  }
}

export interface RoleInput {
  code: string;
  nameZh: string;
  nameEn: string;
  active: 0 | 1;
  sort: number;
  remark?: string | undefined;
  scope: ScopeKind;
  permissions: string[];
}

export async function createRole(db: Db, input: RoleInput, user: Principal) {
  await assertCodeFree(db, input.code);
  const row = await duplicatesAsRefusal(() =>
    createRecord(db, {
      table: roles,
      entity: 'role',
      values: { ...input, remark: input.remark ?? null, permissions: [...new Set(input.permissions)] },
      actor: actorOf(user),
    }),
  );
  return toRoleDetail(row);
}

export interface RoleUpdate extends Partial<Omit<RoleInput, 'code' | 'remark'>> {
  id: bigint;
  version: number;
  remark?: string | null | undefined;
  valid?: 0 | 1 | undefined;
}

/** config/role/update; every session sees the new permissions at its next call. */
export async function updateRole(db: Db, principals: PrincipalCache, input: RoleUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const [before] = await db.select().from(roles).where(eq(roles.id, id));
  if (!before) throw new AppError('E_NOT_FOUND');
  if (fields.valid === 1 && before.valid === 0) await assertCodeFree(db, before.code, id);
  // A role its users still hold cannot be deleted (freezing it is the way to take it away).
  if (fields.valid === 0 && before.valid === 1) await assertRecordNotInUse(db, roles, id);
  const values = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<RoleRow>;
  if (values.permissions) values.permissions = [...new Set(values.permissions)];
  const action =
    fields.valid !== undefined && fields.valid !== before.valid
      ? fields.valid === 0
        ? 'delete'
        : 'undelete'
      : 'update';
  const row = await duplicatesAsRefusal(() =>
    updateRecord(db, { table: roles, entity: 'role', id, version, values, actor: actorOf(user), action }),
  );
  principals.clear();
  return toRoleDetail(row);
}

/** modules: the whole module list with routes, and the caller's own modules and navigation. */
export async function modulesOf(db: Db, user: Principal) {
  const access = await ownAccess(db, user);
  return {
    list: MODULE_CODES.map((code) => ({
      code,
      ...MODULE_LABELS[code],
      routes: ROUTES.filter((r) => r.module === code).map((r) => r.name),
    })),
    modules: access.modules,
    navigation: access.navigation,
  };
}
