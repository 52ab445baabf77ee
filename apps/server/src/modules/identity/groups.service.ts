import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { groups } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { createRecord, updateRecord } from '../../platform/records';
import { lowered, type Sorting, sortOrder } from '../../platform/sorting';

type GroupRow = typeof groups.$inferSelect;

const toGroup = (g: GroupRow) => ({
  id: g.id,
  name: g.name,
  state: g.state,
  modules: g.modules,
  version: g.version,
});

/** The query of `group` (tests EXPLAIN it): by name, or by name case-blind (groups_name_uq) when asked. */
export function groupsQuery(db: Db, sorting: Sorting<'name'> = {}) {
  const keys = { name: lowered(groups.name) };
  return db
    .select()
    .from(groups)
    .where(eq(groups.valid, 1))
    .orderBy(...sortOrder(keys, sorting, groups.id, [asc(groups.name)]));
}

/** group: every valid group, frozen ones included (the user form shows the state). */
export async function listGroups(db: Db, sorting: Sorting<'name'> = {}) {
  return (await groupsQuery(db, sorting)).map(toGroup);
}

async function assertNameFree(db: Db, name: string, exceptId?: bigint) {
  const [hit] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.valid, 1),
        sql`lower(${groups.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(groups.id, exceptId),
      ),
    );
  if (hit) throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'name' });
}

async function duplicatesAsRefusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error) !== null)
      throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'name' });
    throw error;
  }
}

export async function createGroup(
  db: Db,
  input: { name: string; state: 0 | 1; modules: string[] },
  user: Principal,
) {
  await assertNameFree(db, input.name);
  const row = await duplicatesAsRefusal(() =>
    createRecord(db, {
      table: groups,
      entity: 'group',
      values: { ...input, modules: [...new Set(input.modules)] },
      actor: actorOf(user),
    }),
  );
  return toGroup(row);
}

/** group/update; a state toggle is the same call with the new state (spec §3). */
export async function updateGroup(
  db: Db,
  input: {
    id: bigint;
    version: number;
    name?: string | undefined;
    state?: 0 | 1 | undefined;
    modules?: string[] | undefined;
  },
  user: Principal,
) {
  const { id, version, ...fields } = input;
  if (fields.name !== undefined) await assertNameFree(db, fields.name, id);
  const values = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<GroupRow>;
  if (values.modules) values.modules = [...new Set(values.modules)];
  const [before] = await db.select({ state: groups.state }).from(groups).where(eq(groups.id, id));
  const action =
    before && fields.state !== undefined && fields.state !== before.state
      ? fields.state === 0
        ? 'lock'
        : 'unlock'
      : 'update';
  const row = await duplicatesAsRefusal(() =>
    updateRecord(db, { table: groups, entity: 'group', id, version, values, actor: actorOf(user), action }),
  );
  return toGroup(row);
}
