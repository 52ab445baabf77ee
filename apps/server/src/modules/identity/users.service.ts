import type { Language } from '@qcdesk/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { roles, userGroups, users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, containsPattern } from '../../platform/paging';
import { hashPassword } from '../../platform/passwords';
import { createRecord, updateRecord } from '../../platform/records';
import { assertDepartmentFilter, inScope, scopeOf, scopeWhere } from '../../platform/scope';
import { sendWelcome } from './account-recovery.service';
import { type IdentityDeps, revokeUserSessions } from './session.service';
import type { AccountUpdate } from './user-account.service';
import {
  assertUnique,
  checkReferences,
  findUserDetail,
  mapDuplicates,
  setGroups,
  toRow,
  type UserPageInput,
  type UserRow,
  userPageQuery,
} from './users.queries';
import { checkClientLink, defined, updateAction } from './users.rules';

export interface UserSearch extends UserPageInput {
  name?: string | undefined;
  department?: bigint | undefined;
  deleted: boolean;
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
  const rows = await userPageQuery(db, where, input);
  const totals = await cappedTotal(db, users, where);
  return { list: rows.map(toRow(lang)), page: input.page, pageSize: input.pageSize, ...totals };
}

/** user/get, with the detail flags (DOMAIN.md §5.4). */
export async function getUser(db: Db, id: bigint, user: Principal, lang: Language) {
  const row = await findUserDetail(db, id);
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
  const row = await mapDuplicates(() =>
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

/** user/update: an account's own fields (account/update) and what only an administrator sets. */
export interface UserUpdate extends AccountUpdate {
  id: bigint;
  departmentId?: bigint | undefined;
  position?: number | undefined;
  roleId?: bigint | undefined;
  groupIds?: bigint[] | undefined;
  modules?: string[] | undefined;
  clientId?: bigint | null | undefined;
  state?: 0 | 1 | undefined;
  valid?: 0 | 1 | undefined;
}

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
  const action = updateAction(input, before);
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
