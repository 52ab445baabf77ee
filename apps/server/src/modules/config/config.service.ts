import type { ConfigInput, ConfigSearch, RefLabel } from '@qcdesk/contract/config';
import {
  CONFIG_LISTS,
  CONFIG_SEARCH,
  type ConfigListDef,
  type ConfigListName,
  configList,
  editableFields,
  type FieldDef,
  mayEditList,
  type RefTarget,
} from '@qcdesk/contract/config-lists';
import {
  and,
  asc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { referencesTo } from '../../platform/in-use';
import { cappedTotal, containsPattern, onePage } from '../../platform/paging';
import { createRecord, lockVersion, updateRecord } from '../../platform/records';
import { lowered, type Sorting, sortOrder } from '../../platform/sorting';
import { LIST_RULES } from './config-rules';
import { CONFIG_TABLES, type ConfigTable, column } from './config-tables';

// The generic service behind every `config/{list}` operation, driven by the list registry of
// packages/contract/src/config-lists.ts. SQL for the lists lives here.

type Row = Record<string, unknown>;

const refFields = (list: ConfigListDef) =>
  editableFields(list).filter((f) => f.ref && (f.type === 'ref' || f.type === 'array'));

const hasColumn = (table: ConfigTable, field: string) => getTableColumns(table)[field] !== undefined;

// -- Search -----------------------------------------------------------------------------------

function keywordColumns(list: ConfigListDef, table: ConfigTable): PgColumn[] {
  return ['code', 'key', 'nameZh', 'nameEn', 'name']
    .filter((f) => hasColumn(table, f) && (f !== 'name' || list.fields.some((d) => d.name === 'name')))
    .map((f) => column(table, f));
}

/**
 * Whether the caller has the back-office view of a list: frozen and deleted rows (DOMAIN.md §0:
 * config.search, and the right to edit the list, so QC and lab staff see only their lists).
 */
export function hasBackOfficeView(list: ConfigListDef, user: Principal): boolean {
  return user.permissions.has(CONFIG_SEARCH) && mayEditList(list, user.permissions);
}

/** The WHERE of a list search or export; frozen and deleted rows only in the back-office view. */
export function filterWhere(list: ConfigListDef, input: ConfigInput, user: Principal): SQL {
  const table = CONFIG_TABLES[list.name];
  const backOffice = hasBackOfficeView(list, user);
  if (!backOffice && (input.valid === 0 || input.active === 0)) {
    // config.search opens the back office; QC and lab staff see only their own lists in it.
    throw new AppError(user.permissions.has(CONFIG_SEARCH) ? 'E_SCOPE' : 'E_PERMISSION');
  }
  const conditions: (SQL | undefined)[] = [eq(table.valid, (input.valid as number | undefined) ?? 1)];
  if (!backOffice) conditions.push(eq(column(table, 'active'), 1));
  else if (input.active !== undefined) conditions.push(eq(column(table, 'active'), input.active as number));
  if (input.id !== undefined) conditions.push(eq(table.id, input.id as bigint));
  if (typeof input.keyword === 'string') {
    const pattern = containsPattern(input.keyword);
    conditions.push(or(...keywordColumns(list, table).map((c) => ilike(c, pattern))));
  }
  for (const search of list.search) {
    const col = column(table, search.field);
    if (search.match === 'range') {
      if (input.startTime) conditions.push(gte(col, input.startTime as string));
      if (input.endTime) conditions.push(lte(col, input.endTime as string));
      continue;
    }
    const value = input[search.field];
    if (value === undefined || value === null) continue;
    conditions.push(search.match === 'has' ? ilike(col, containsPattern(String(value))) : eq(col, value));
  }
  return and(...conditions)!;
}

/**
 * DOMAIN.md §0: ascending sort, then code (system: key); or the sort asked, one of the list's
 * `configSortKeys`: the code or key by its unique index, names case-blind and dates by their sort
 * indexes (db/schema `nameSortIndexes`, `sortIndex`).
 */
export function orderOf(list: ConfigListDef, sorting: Sorting = {}): SQL[] {
  const table = CONFIG_TABLES[list.name];
  const second = hasColumn(table, 'code') ? 'code' : 'key';
  const byDefault = [asc(column(table, 'sort')), asc(column(table, second)), asc(table.id)];
  if (sorting.sort === undefined) return byDefault;
  const key = column(table, sorting.sort);
  const names = sorting.sort === 'nameZh' || sorting.sort === 'nameEn';
  return sortOrder({ [sorting.sort]: names ? lowered(key) : key }, sorting, table.id, byDefault);
}

/** The query of one page of a list (tests EXPLAIN it). */
export function configPageQuery(db: Db, list: ConfigListDef, where: SQL, input: ConfigSearch) {
  return onePage(
    db
      .select()
      .from(CONFIG_TABLES[list.name] as PgTable)
      .where(where)
      .orderBy(...orderOf(list, input)),
    input,
  );
}

export async function searchConfigRows(db: Db, name: ConfigListName, input: ConfigSearch, user: Principal) {
  const list = configList(name);
  const table = CONFIG_TABLES[name];
  const where = filterWhere(list, input, user);
  const rows = await configPageQuery(db, list, where, input);
  return {
    list: await presentRows(db, list, rows as Row[]),
    page: input.page,
    pageSize: input.pageSize,
    ...(await cappedTotal(db, table, where)),
  };
}

// -- Labels of referenced rows ----------------------------------------------------------------

async function labelsOf(db: Db, target: RefTarget, by: 'id' | 'code', keys: string[]) {
  const labels = new Map<string, RefLabel>();
  if (keys.length === 0) return labels;
  if (target === 'user') {
    const found = await db
      .select({ id: users.id, code: users.username, nameZh: users.name, nameEn: users.englishName })
      .from(users)
      .where(inArray(users.id, keys.map(BigInt)));
    for (const u of found) labels.set(u.id.toString(), { ...u, id: u.id.toString() });
    return labels;
  }
  if (target === 'client') {
    const found = await db
      .select({ id: clients.id, code: clients.code, name: clients.name })
      .from(clients)
      .where(inArray(clients.id, keys.map(BigInt)));
    for (const c of found) {
      labels.set(c.id.toString(), { id: c.id.toString(), code: c.code, nameZh: c.name, nameEn: c.name });
    }
    return labels;
  }
  const table = CONFIG_TABLES[target];
  const key = by === 'id' ? table.id : column(table, 'code');
  const found = (await db
    .select({
      id: table.id,
      code: column(table, 'code'),
      nameZh: column(table, 'nameZh'),
      nameEn: column(table, 'nameEn'),
    })
    .from(table as PgTable)
    .where(
      and(
        inArray(key, by === 'id' ? keys.map(BigInt) : keys),
        by === 'code' ? eq(table.valid, 1) : undefined,
      ),
    )) as {
    id: bigint;
    code: string | null;
    nameZh: string | null;
    nameEn: string | null;
  }[];
  for (const r of found) {
    const label = { id: r.id.toString(), code: r.code, nameZh: r.nameZh, nameEn: r.nameEn };
    labels.set(by === 'id' ? label.id : String(r.code), label);
  }
  return labels;
}

const valuesOf = (field: FieldDef, row: Row): string[] => {
  const value = row[field.name];
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
};

/** Rows as the operations answer them: with the labels of every referenced row. */
export async function presentRows(db: Db, list: ConfigListDef, rows: Row[]): Promise<Row[]> {
  const refs: Row[] = rows.map(() => ({}));
  for (const field of refFields(list)) {
    const by = field.type === 'array' && field.of === 'code' ? 'code' : 'id';
    const keys = [...new Set(rows.flatMap((r) => valuesOf(field, r)))];
    const labels = await labelsOf(db, field.ref!, by, keys);
    rows.forEach((row, i) => {
      refs[i]![field.name] = valuesOf(field, row).flatMap((k) => labels.get(k) ?? []);
    });
  }
  return rows.map((row, i) => ({ ...row, refs: refs[i] }));
}

// -- Writes -----------------------------------------------------------------------------------

/** API values → column values: decimals as fixed-scale text, id lists as strings. */
export function toColumns(list: ConfigListDef, input: ConfigInput): Row {
  const out: Row = {};
  for (const field of editableFields(list)) {
    const value = input[field.name];
    if (value === undefined) continue;
    if (field.type === 'decimal')
      out[field.name] = value === null ? null : (value as number).toFixed(field.scale ?? 2);
    else if (field.type === 'array' && field.of === 'ref') out[field.name] = (value as bigint[]).map(String);
    else out[field.name] = value;
  }
  for (const flag of ['active', 'valid'] as const) if (input[flag] !== undefined) out[flag] = input[flag];
  return out;
}

function fieldError(reason: 'E_REF_NOT_FOUND' | 'E_REF_INACTIVE' | 'E_DUPLICATE', field: string) {
  return new AppError(reason, { field }, { field });
}

/** Every referenced row exists (valid) and, for new references, is active (DOMAIN.md §7.1). */
async function checkRefs(db: Db, list: ConfigListDef, values: Row, fields: FieldDef[]): Promise<void> {
  for (const field of fields) {
    const keys = valuesOf(field, values);
    if (keys.length === 0) continue;
    const byCode = field.type === 'array' && field.of === 'code';
    if (field.ref === 'client') {
      const found = await db
        .select({ id: clients.id, state: clients.state })
        .from(clients)
        .where(and(inArray(clients.id, keys.map(BigInt)), eq(clients.valid, 1)));
      if (found.length < new Set(keys).size) throw fieldError('E_REF_NOT_FOUND', field.name);
      if (found.some((c) => c.state !== 1)) throw fieldError('E_REF_INACTIVE', field.name);
      continue;
    }
    if (field.ref === 'user') {
      const found = await db
        .select({ id: users.id, state: users.state })
        .from(users)
        .where(and(inArray(users.id, keys.map(BigInt)), eq(users.valid, 1)));
      if (found.length < new Set(keys).size) throw fieldError('E_REF_NOT_FOUND', field.name);
      if (found.some((u) => u.state !== 1)) throw fieldError('E_REF_INACTIVE', field.name);
      continue;
    }
    const table = CONFIG_TABLES[field.ref!];
    const key = byCode ? column(table, 'code') : table.id;
    const found = (await db
      .select({ id: table.id, code: column(table, 'code'), active: column(table, 'active') })
      .from(table as PgTable)
      .where(and(inArray(key, byCode ? keys : keys.map(BigInt)), eq(table.valid, 1)))) as Row[];
    // A group may not list itself (country `countrys`, supplier `suppliers`).
    const self = field.ref === list.name && byCode ? values.code : undefined;
    if (found.length < new Set(keys).size || (self !== undefined && keys.includes(String(self)))) {
      throw fieldError('E_REF_NOT_FOUND', field.name);
    }
    if (found.some((r) => r.active !== 1)) throw fieldError('E_REF_INACTIVE', field.name);
  }
}

/** Unique fields and combinations among valid rows (DOMAIN.md §0 "U"). */
async function checkUnique(
  db: Db,
  list: ConfigListDef,
  values: Row,
  selfId: bigint | null,
  changed: (field: string) => boolean,
): Promise<void> {
  const table = CONFIG_TABLES[list.name];
  const others = selfId === null ? undefined : ne(table.id, selfId);
  const taken = async (conditions: SQL[]) => {
    const [hit] = await db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(eq(table.valid, 1), others, ...conditions))
      .limit(1);
    return hit !== undefined;
  };
  for (const field of editableFields(list)) {
    const value = values[field.name];
    if (!field.unique || value === null || value === undefined || !changed(field.name)) continue;
    if (await taken([eq(column(table, field.name), value)])) throw fieldError('E_DUPLICATE', field.name);
  }
  for (const group of list.uniqueTogether ?? []) {
    if (!group.some(changed)) continue;
    const conditions = group.map((f) => {
      const value = values[f];
      return value === null || value === undefined ? isNull(column(table, f)) : eq(column(table, f), value);
    });
    if (await taken(conditions)) throw fieldError('E_DUPLICATE', group[0]!);
  }
}

/** A server-given code: the list's prefix and a number from the table's own sequence. */
async function nextCode(db: Db, list: ConfigListDef): Promise<string> {
  const name = getTableName(CONFIG_TABLES[list.name] as PgTable);
  const result = await db.execute<{ n: string | number }>(
    sql`select nextval(pg_get_serial_sequence(${name}, 'id')) as n`,
  );
  return `${list.codePrefix ?? 'X'}${String(result.rows[0]!.n).padStart(6, '0')}`;
}

/** A unique index that won a race against checkUnique still answers E_DUPLICATE. */
function duplicateFromDatabase(list: ConfigListDef, error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === null) throw error;
  const field = editableFields(list).find(
    (f) => f.unique && constraint.includes(`_${f.name.toLowerCase()}_`),
  );
  throw fieldError('E_DUPLICATE', field?.name ?? list.uniqueTogether?.[0]?.[0] ?? 'code');
}

/** Checks and inserts a row (with its change-log entry); `user` null is the seed. */
export async function insertConfigRow(
  db: Db,
  name: ConfigListName,
  input: ConfigInput,
  user: Principal | null,
) {
  const list = configList(name);
  const table = CONFIG_TABLES[name];
  const values = toColumns(list, input);
  await LIST_RULES[name]?.({ db, list, current: null, values, changes: values });
  await checkRefs(db, list, values, refFields(list));
  await checkUnique(db, list, values, null, () => true);
  if (list.code === 'auto' && !values.code) values.code = await nextCode(db, list);
  return createRecord(db, { table, values, actor: actorOf(user), entity: name }).catch((error: unknown) =>
    duplicateFromDatabase(list, error),
  );
}

export async function createConfigRow(db: Db, name: ConfigListName, input: ConfigInput, user: Principal) {
  const row = await insertConfigRow(db, name, input, user);
  const [presented] = await presentRows(db, configList(name), [row]);
  return presented!;
}

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return typeof value === 'bigint' ? value.toString() : value;
};

/** jsonb reorders object keys, so equality is by content, not by key order. */
const same = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

export async function updateConfigRow(
  db: Db,
  name: ConfigListName,
  input: ConfigInput & { id: bigint; version: number },
  user: Principal,
) {
  const list = configList(name);
  const table = CONFIG_TABLES[name];
  const { id, version, ...rest } = input;
  const current = await lockVersion(db, table, id, version);
  const changes = Object.fromEntries(
    Object.entries(toColumns(list, rest)).filter(([field, value]) => !same(current[field], value)),
  );
  const wasValid = current.valid === 1;
  const staysValid = ((changes.valid as number | undefined) ?? current.valid) === 1;
  // A deleted row is only undeleted (DOMAIN.md §0); its other fields wait until then.
  if (!wasValid && !staysValid) throw new AppError('E_STATUS');
  if (Object.keys(changes).length === 0) return (await presentRows(db, list, [current]))[0]!;

  if (wasValid && !staysValid) await assertNotInUse(db, list, id, current);
  const values = { ...current, ...changes };
  await LIST_RULES[name]?.({ db, list, current, values, changes });
  const touched = (field: string) => field in changes || (!wasValid && staysValid);
  await checkRefs(
    db,
    list,
    values,
    refFields(list).filter((f) => f.name in changes),
  );
  await assertNoCycle(db, list, id, values);
  if (staysValid) await checkUnique(db, list, values, id, touched);

  const action = wasValid && !staysValid ? 'delete' : !wasValid && staysValid ? 'undelete' : 'update';
  const row = await updateRecord(db, {
    table,
    id,
    version,
    values: changes,
    actor: actorOf(user),
    action,
    entity: name,
  }).catch((error: unknown) => duplicateFromDatabase(list, error));
  return (await presentRows(db, list, [row]))[0]!;
}

/** A tree list (location, department) may not become its own ancestor. */
async function assertNoCycle(db: Db, list: ConfigListDef, id: bigint, values: Row): Promise<void> {
  const table = CONFIG_TABLES[list.name];
  for (const field of list.fields.filter((f) => f.type === 'ref' && f.ref === list.name)) {
    let parent = values[field.name] as bigint | null;
    for (let depth = 0; parent !== null && parent !== undefined && depth < 100; depth++) {
      if (parent === id) throw new AppError('E_FORMAT', { field: field.name }, { field: field.name });
      const [up] = (await db
        .select({ parent: column(table, field.name) })
        .from(table as PgTable)
        .where(eq(table.id, parent))) as { parent: bigint | null }[];
      parent = up?.parent ?? null;
    }
  }
}

// -- In use -----------------------------------------------------------------------------------

/** DOMAIN.md §2.10: a referenced row is frozen, not deleted (E_IN_USE). */
export async function assertNotInUse(db: Db, list: ConfigListDef, id: bigint, row: Row): Promise<void> {
  const target = CONFIG_TABLES[list.name] as PgTable;
  const checks: { table: PgTable; where: SQL }[] = referencesTo(target).map((r) => ({
    table: r.table,
    where: and(eq(r.column, id), r.valid ? eq(r.valid, 1) : undefined)!,
  }));
  // Lists holding ids or codes in an array column (risk test items, country groups).
  for (const other of CONFIG_LISTS) {
    const table = CONFIG_TABLES[other.name];
    for (const field of other.fields) {
      if (field.type !== 'array' || field.ref !== list.name) continue;
      const key = field.of === 'code' ? row.code : id.toString();
      if (key === null || key === undefined) continue;
      checks.push({
        table: table as PgTable,
        where: and(
          eq(table.valid, 1),
          // A group does not keep itself in use.
          other.name === list.name ? ne(table.id, id) : undefined,
          sql`${column(table, field.name)} @> ${JSON.stringify([String(key)])}::jsonb`,
        )!,
      });
    }
  }
  for (const check of checks) {
    const [hit] = await db.select({ one: sql`1` }).from(check.table).where(check.where).limit(1);
    if (hit) throw new AppError('E_IN_USE');
  }
}

// -- The list of lists --------------------------------------------------------------------------

/**
 * `/config`: the lists of the caller's back-office screen (with config.search: the lists the
 * caller edits; otherwise every list, read-only, for forms); extend = frozen and deleted rows too.
 */
export function listConfigs(user: Principal) {
  const backOffice = user.permissions.has(CONFIG_SEARCH);
  const shown = CONFIG_LISTS.filter((list) => !backOffice || mayEditList(list, user.permissions));
  return {
    lists: shown.map((list) => ({
      name: list.name,
      zh: list.title.zh,
      en: list.title.en,
      group: list.group,
      editable: mayEditList(list, user.permissions),
    })),
    extend: user.permissions.has(CONFIG_SEARCH),
  };
}
