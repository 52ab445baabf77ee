import type { Language } from '@qcdesk/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { departments, groups, roles, userGroups, users } from '../../db/schema/identity';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { onePage } from '../../platform/paging';
import { lowered, type Sorting, sortOrder } from '../../platform/sorting';
import { nameOf } from './users.rules';

export type UserRow = typeof users.$inferSelect;

export const listColumns = {
  id: users.id,
  name: users.name,
  englishName: users.englishName,
  username: users.username,
  email: users.email,
  phone: users.phone,
  mobile: users.mobile,
  departmentId: users.departmentId,
  departmentZh: departments.nameZh,
  departmentEn: departments.nameEn,
  position: users.position,
  roleId: users.roleId,
  roleCode: roles.code,
  roleZh: roles.nameZh,
  roleEn: roles.nameEn,
  // A CLIENT user's client, named on the user (issue 25).
  clientId: users.clientId,
  clientCode: clients.code,
  clientName: clients.name,
  state: users.state,
  valid: users.valid,
  verified: users.verified,
  version: users.version,
};

export type ListRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'englishName'
  | 'username'
  | 'email'
  | 'phone'
  | 'mobile'
  | 'departmentId'
  | 'position'
  | 'roleId'
  | 'clientId'
  | 'state'
  | 'valid'
  | 'verified'
  | 'version'
> & {
  departmentZh: string;
  departmentEn: string;
  roleCode: string;
  roleZh: string;
  roleEn: string;
  clientCode: string | null;
  clientName: string | null;
};

export const toRow = (lang: Language) => (r: ListRow) => ({
  id: r.id,
  name: r.name,
  englishName: r.englishName,
  username: r.username,
  email: r.email,
  phone: r.phone,
  mobile: r.mobile,
  departmentId: r.departmentId,
  departmentName: nameOf(lang, r.departmentZh, r.departmentEn),
  position: r.position,
  roleId: r.roleId,
  roleCode: r.roleCode,
  roleName: nameOf(lang, r.roleZh, r.roleEn),
  client:
    r.clientId !== null && r.clientCode !== null
      ? { id: r.clientId, code: r.clientCode, name: r.clientName ?? r.clientCode }
      : null,
  state: r.state,
  valid: r.valid,
  verified: r.verified,
  version: r.version,
});

/** What the page query reads of user/search: the page and the sort. */
export type UserPageInput = { page: number; pageSize: number } & Sorting<'username' | 'name' | 'englishName'>;

/**
 * One page of user/search (tests EXPLAIN it), by username unless another sort is asked: username by
 * users_username_uq, name and English name by their sort indexes.
 */
export function userPageQuery(db: Db, where: SQL | undefined, input: UserPageInput) {
  const keys = {
    username: lowered(users.username),
    name: lowered(users.name),
    englishName: lowered(users.englishName),
  };
  return onePage(
    db
      .select(listColumns)
      .from(users)
      .innerJoin(departments, eq(departments.id, users.departmentId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(where)
      .orderBy(...sortOrder(keys, input, users.id, [asc(users.username)])),
    input,
  );
}

/** The detail of user/get: the list columns and the record's own fields. */
export async function findUserDetail(db: Db, id: bigint) {
  const [row] = await db
    .select({
      ...listColumns,
      modules: users.modules,
      mustChangePassword: users.mustChangePassword,
      createdBy: users.createdBy,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, id));
  return row;
}

export interface References {
  departmentId?: bigint | undefined;
  roleId?: bigint | undefined;
  groupIds?: bigint[] | undefined;
}

/** Referenced rows must exist; newly referenced ones must not be frozen (DOMAIN.md §7.1). */
export async function checkReferences(db: Db, refs: References): Promise<{ roleCode?: string }> {
  const out: { roleCode?: string } = {};
  if (refs.departmentId !== undefined) {
    const [d] = await db
      .select()
      .from(departments)
      .where(and(eq(departments.id, refs.departmentId), eq(departments.valid, 1)));
    if (!d) throw new AppError('E_REF_NOT_FOUND', { field: 'departmentId' }, { field: 'departmentId' });
    if (d.active !== 1)
      throw new AppError('E_REF_INACTIVE', { field: 'departmentId' }, { field: 'departmentId' });
  }
  if (refs.roleId !== undefined) {
    const [r] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, refs.roleId), eq(roles.valid, 1)));
    if (!r) throw new AppError('E_REF_NOT_FOUND', { field: 'roleId' }, { field: 'roleId' });
    if (r.active !== 1) throw new AppError('E_REF_INACTIVE', { field: 'roleId' }, { field: 'roleId' });
    out.roleCode = r.code;
  }
  if (refs.groupIds && refs.groupIds.length > 0) {
    const ids = [...new Set(refs.groupIds)];
    const found = await db
      .select()
      .from(groups)
      .where(and(inArray(groups.id, ids), eq(groups.valid, 1)));
    if (found.length !== ids.length)
      throw new AppError('E_REF_NOT_FOUND', { field: 'groupIds' }, { field: 'groupIds' });
    if (found.some((g) => g.state !== 1))
      throw new AppError('E_REF_INACTIVE', { field: 'groupIds' }, { field: 'groupIds' });
  }
  return out;
}

export async function assertUnique(
  db: Db,
  values: { username?: string; email?: string },
  exceptId?: bigint,
): Promise<void> {
  const other = exceptId === undefined ? undefined : ne(users.id, exceptId);
  if (values.username) {
    const [hit] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.valid, 1), sql`lower(${users.username}) = ${values.username.toLowerCase()}`, other),
      );
    if (hit) throw new AppError('E_DUPLICATE', { field: 'username' }, { field: 'username' });
  }
  if (values.email) {
    const [hit] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.valid, 1), sql`lower(${users.email}) = ${values.email.toLowerCase()}`, other));
    if (hit) throw new AppError('E_DUPLICATE', { field: 'email' }, { field: 'email' });
  }
}

/** Two requests racing past assertUnique meet the unique index; answer as if the check had caught it. */
export async function mapDuplicates<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    const field = constraint.includes('email') ? 'email' : 'username';
    throw new AppError('E_DUPLICATE', { field }, { field });
  }
}

export async function setGroups(db: Db, userId: bigint, groupIds: bigint[]): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.userId, userId));
  const ids = [...new Set(groupIds)];
  if (ids.length > 0) await db.insert(userGroups).values(ids.map((groupId) => ({ userId, groupId })));
}
