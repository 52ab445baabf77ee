import type { Language } from '@qcdesk/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { departments, groups, roles, userGroups, userSettings, users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, containsPattern } from '../../platform/paging';
import { hashPassword } from '../../platform/passwords';
import { createRecord, updateRecord } from '../../platform/records';
import { assertDepartmentFilter, inScope, scopeOf, scopeWhere } from '../../platform/scope';
import { sendWelcome } from './account-recovery.service';
import { type IdentityDeps, revokeUserSessions } from './session.service';

type UserRow = typeof users.$inferSelect;

const nameOf = (lang: Language, zh: string, en: string) => (lang === 'en' ? en : zh);

const listColumns = {
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
  state: users.state,
  valid: users.valid,
  verified: users.verified,
  version: users.version,
};

type ListRow = Pick<
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
  | 'state'
  | 'valid'
  | 'verified'
  | 'version'
> & { departmentZh: string; departmentEn: string; roleCode: string; roleZh: string; roleEn: string };

const toRow = (lang: Language) => (r: ListRow) => ({
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
  state: r.state,
  valid: r.valid,
  verified: r.verified,
  version: r.version,
});

export interface UserSearch {
  name?: string | undefined;
  department?: bigint | undefined;
  deleted: boolean;
  page: number;
  pageSize: number;
}

/** user/search: "name has" over name, English name and username; department equals; in scope. */
export async function searchUsers(db: Db, input: UserSearch, user: Principal, lang: Language) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const showDeleted = input.deleted && user.permissions.has('user.edit');
  const conditions: (SQL | undefined)[] = [
    eq(users.valid, showDeleted ? 0 : 1),
    scopeWhere(scope, { department: users.departmentId }),
    input.department === undefined ? undefined : eq(users.departmentId, input.department),
    // Matches the expression of the trigram index users_name_trgm_idx.
    input.name
      ? sql`lower(${users.name} || ' ' || coalesce(${users.englishName}, '') || ' ' || ${users.username}) like ${containsPattern(input.name)}`
      : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select(listColumns)
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(users.username))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const totals = await cappedTotal(db, users, where);
  return { list: rows.map(toRow(lang)), page: input.page, pageSize: input.pageSize, ...totals };
}

/** user/get, with the detail flags (DOMAIN.md §5.4). */
export async function getUser(db: Db, id: bigint, user: Principal, lang: Language) {
  const [row] = await db
    .select({
      ...listColumns,
      modules: users.modules,
      clientId: users.clientId,
      mustChangePassword: users.mustChangePassword,
      createdBy: users.createdBy,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  const scope = await scopeOf(db, user);
  if (!row || (row.valid !== 1 && !user.permissions.has('user.edit'))) throw new AppError('E_NOT_FOUND');
  const visible = inScope(scope, { departmentId: row.departmentId });
  if (!visible) throw new AppError('E_SCOPE');
  const links = await db
    .select({ groupId: userGroups.groupId })
    .from(userGroups)
    .where(eq(userGroups.userId, id));
  const flags = recordFlags({ user, record: row, editPermission: 'user.edit', inScope: visible });
  return {
    flags,
    detail: {
      ...toRow(lang)(row),
      groupIds: links.map((l) => l.groupId),
      modules: row.modules,
      clientId: row.clientId,
      mustChangePassword: row.mustChangePassword,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    },
  };
}

interface References {
  departmentId?: bigint | undefined;
  roleId?: bigint | undefined;
  groupIds?: bigint[] | undefined;
}

/** Referenced rows must exist; newly referenced ones must not be frozen (DOMAIN.md §7.1). */
async function checkReferences(db: Db, refs: References): Promise<{ roleCode?: string }> {
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

/** DOMAIN.md §2.1: clientId is required iff the role is CLIENT. */
function checkClientLink(roleCode: string, clientId: bigint | null | undefined): void {
  if (roleCode === 'CLIENT' && clientId == null)
    throw new AppError('E_REQUIRED', { field: 'clientId' }, { field: 'clientId' });
  if (roleCode !== 'CLIENT' && clientId != null)
    throw new AppError('E_FORMAT', { field: 'clientId' }, { field: 'clientId' });
}

async function assertUnique(
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
async function mapDuplicates<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    const field = constraint.includes('email') ? 'email' : 'username';
    throw new AppError('E_DUPLICATE', { field }, { field });
  }
}

async function setGroups(db: Db, userId: bigint, groupIds: bigint[]): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.userId, userId));
  const ids = [...new Set(groupIds)];
  if (ids.length > 0) await db.insert(userGroups).values(ids.map((groupId) => ({ userId, groupId })));
}

export interface NewUser {
  username: string;
  name: string;
  englishName?: string | null | undefined;
  email: string;
  phone?: string | null | undefined;
  mobile?: string | null | undefined;
  departmentId: bigint;
  position: number;
  roleId: bigint;
  groupIds: bigint[];
  modules: string[];
  clientId?: bigint | null | undefined;
}

async function insertUser(
  db: Db,
  input: NewUser,
  actor: Principal | null,
  extra: Partial<UserRow>,
): Promise<UserRow> {
  const { roleCode } = await checkReferences(db, input);
  checkClientLink(roleCode!, input.clientId);
  await assertUnique(db, input);
  const created = await mapDuplicates(() =>
    createRecord(db, {
      table: users,
      entity: 'user',
      actor: actorOf(actor),
      values: {
        username: input.username,
        name: input.name,
        englishName: input.englishName ?? null,
        email: input.email,
        phone: input.phone ?? null,
        mobile: input.mobile ?? null,
        departmentId: input.departmentId,
        position: input.position,
        roleId: input.roleId,
        modules: input.modules,
        clientId: input.clientId ?? null,
        ...extra,
      },
    }),
  );
  const row = created as unknown as UserRow;
  await setGroups(db, row.id, input.groupIds);
  return row;
}

/** user (create): no password yet; the welcome mail carries a link to set one. */
export async function createUser(
  db: Db,
  deps: IdentityDeps,
  input: NewUser,
  actor: Principal,
  lang: Language,
) {
  const row = await insertUser(db, input, actor, { verified: false, mustChangePassword: true });
  await sendWelcome(db, deps, row, lang, actor.userId);
  return { id: row.id };
}

/** register POST: an account with an initial password, to be changed at first sign-in (-1001). */
export async function registerUser(db: Db, input: NewUser & { password: string }, actor: Principal) {
  const row = await insertUser(db, input, actor, { verified: false, mustChangePassword: true });
  // Apart from createRecord, so the change log never holds the hash.
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, row.id));
  return { id: row.id };
}

export interface UserUpdate {
  id: bigint;
  version: number;
  name?: string | undefined;
  englishName?: string | null | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  mobile?: string | null | undefined;
  departmentId?: bigint | undefined;
  position?: number | undefined;
  roleId?: bigint | undefined;
  groupIds?: bigint[] | undefined;
  modules?: string[] | undefined;
  clientId?: bigint | null | undefined;
  state?: 0 | 1 | undefined;
  valid?: 0 | 1 | undefined;
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * user/update. Lock (state 0) and delete (valid 0) end the user's sessions at once; nobody locks
 * or deletes their own account. The action in the change log says what happened.
 */
export async function updateUser(db: Db, deps: IdentityDeps, input: UserUpdate, actor: Principal) {
  const [before] = await db.select().from(users).where(eq(users.id, input.id));
  if (!before) throw new AppError('E_NOT_FOUND');
  const scope = await scopeOf(db, actor);
  if (!inScope(scope, { departmentId: before.departmentId })) throw new AppError('E_SCOPE');
  if (input.id === actor.userId && (input.state === 0 || input.valid === 0)) throw new AppError('E_STATUS');
  const { groupIds, id, version, ...fields } = input;
  const changedRefs = {
    departmentId:
      input.departmentId !== undefined && input.departmentId !== before.departmentId
        ? input.departmentId
        : undefined,
    roleId: input.roleId !== undefined && input.roleId !== before.roleId ? input.roleId : undefined,
    groupIds,
  };
  const { roleCode } = await checkReferences(db, changedRefs);
  const [currentRole] = await db
    .select({ code: roles.code })
    .from(roles)
    .where(eq(roles.id, input.roleId ?? before.roleId));
  checkClientLink(
    roleCode ?? currentRole!.code,
    input.clientId !== undefined ? input.clientId : before.clientId,
  );
  const reviving = input.valid === 1 && before.valid === 0;
  if (input.email !== undefined || reviving) {
    await assertUnique(
      db,
      { email: input.email ?? before.email, ...(reviving ? { username: before.username } : {}) },
      id,
    );
  }
  const values: Partial<UserRow> = defined(fields);
  if (input.email !== undefined && input.email !== before.email) values.verified = false;
  const action =
    input.valid !== undefined && input.valid !== before.valid
      ? input.valid === 0
        ? 'delete'
        : 'undelete'
      : input.state !== undefined && input.state !== before.state
        ? input.state === 0
          ? 'lock'
          : 'unlock'
        : 'update';
  const after = await mapDuplicates(() =>
    updateRecord(db, { table: users, entity: 'user', id, version, values, actor: actorOf(actor), action }),
  );
  if (groupIds) {
    const old = await db
      .select({ groupId: userGroups.groupId })
      .from(userGroups)
      .where(eq(userGroups.userId, id));
    const from = old.map((g) => g.groupId.toString()).sort();
    const to = [...new Set(groupIds.map(String))].sort();
    if (from.join() !== to.join()) {
      await setGroups(db, id, groupIds);
      await writeChangeLog(db, actorOf(actor), {
        entity: 'user',
        entityId: id,
        action: 'update',
        changes: [{ field: 'groupIds', from, to }],
      });
    }
  }
  if (action === 'lock' || action === 'delete') await revokeUserSessions(db, deps, id, action);
  else deps.principals.forgetUser(id);
  return { id, version: after.version as number };
}

export interface AccountUpdate {
  version: number;
  name?: string | undefined;
  englishName?: string | null | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  mobile?: string | null | undefined;
}

/** account/update: the own record; a new e-mail address must be verified again (-1002). */
export async function updateAccount(db: Db, deps: IdentityDeps, input: AccountUpdate, user: Principal) {
  const [before] = await db.select().from(users).where(eq(users.id, user.userId));
  if (!before) throw new AppError('E_NOT_FOUND');
  const { version, ...fields } = input;
  if (input.email !== undefined) await assertUnique(db, { email: input.email }, user.userId);
  const values: Partial<UserRow> = defined(fields);
  if (input.email !== undefined && input.email !== before.email) values.verified = false;
  const after = (await mapDuplicates(() =>
    updateRecord(db, {
      table: users,
      entity: 'user',
      id: user.userId,
      version,
      values,
      actor: actorOf(user),
    }),
  )) as unknown as UserRow;
  deps.principals.forgetUser(user.userId);
  return { version: after.version, verified: after.verified };
}

const settingOf = (row: typeof userSettings.$inferSelect | undefined) => ({
  language: row?.language === 'en' || row?.language === 'zh' ? row.language : null,
  notifyByMail: row?.notifyByMail ?? true,
  version: row?.version ?? 0,
});

/** user/setting: defaults until the user saves a setting. */
export async function getSetting(db: Db, user: Principal) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
  return settingOf(row);
}

/** user/setting/update: the first save creates the row (its version 0 is the defaults' version). */
export async function updateSetting(
  db: Db,
  input: { version: number; language?: 'zh' | 'en' | null | undefined; notifyByMail?: boolean | undefined },
  user: Principal,
) {
  const { version, ...fields } = input;
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
  if (!row) {
    if (version !== 0) throw new AppError('E_VERSION');
    const created = await createRecord(db, {
      table: userSettings,
      entity: 'user_setting',
      actor: actorOf(user),
      values: { userId: user.userId, ...defined(fields) },
    });
    return settingOf(created as unknown as typeof userSettings.$inferSelect);
  }
  const updated = await updateRecord(db, {
    table: userSettings,
    entity: 'user_setting',
    id: row.id,
    version,
    values: defined(fields),
    actor: actorOf(user),
  });
  return settingOf(updated as unknown as typeof userSettings.$inferSelect);
}
