import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { CLIENT_DEFAULTS } from '@qcdesk/contract/client';
import type { FiltersOf } from '@qcdesk/contract/list-export';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { countries, samplingLevels, tensionLevels } from '../../db/schema/config';
import { departments, roles, users } from '../../db/schema/identity';
import { searchText } from '../../db/schema/search-columns';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label } from '../../platform/labels';
import { matchCount, onePage } from '../../platform/paging';
import { oncePerDatabase } from '../../platform/prepared';
import { rankedHits } from '../../platform/ranked-hits';
import { clientScope, type Scope } from '../../platform/scope';
import { contains, containsOr } from '../../platform/search';
import { lowered, type Sorting, sortOrder, unindexed } from '../../platform/sorting';

// The SQL of clients: the list and detail selects with their label joins, the search WHERE and
// page query (test/search-plans.test.ts EXPLAINs them), the checks of a write, home-search hits.

export type ClientRow = typeof clients.$inferSelect;
export type ClientSearch = ParsedInputOf<typeof areas.client.searchClients>;
/** What the WHERE reads: the search's filters (the export has no paging). */
export type ClientFilters = FiltersOf<typeof areas.client.searchClients>;

const sales = alias(users, 'sales');
const creator = alias(users, 'creator');
const tension = alias(tensionLevels, 'tension');

const rowColumns = {
  client: clients,
  countryCode: countries.code,
  countryZh: countries.nameZh,
  countryEn: countries.nameEn,
  salesName: sales.name,
  salesEnglishName: sales.englishName,
  departmentCode: departments.code,
  departmentZh: departments.nameZh,
  departmentEn: departments.nameEn,
  levelCode: samplingLevels.code,
  levelZh: samplingLevels.nameZh,
  levelEn: samplingLevels.nameEn,
  tensionCode: tension.code,
  tensionZh: tension.nameZh,
  tensionEn: tension.nameEn,
};

/** A client with the labels its rows show. */
export function selectClients(db: Db) {
  return db
    .select(rowColumns)
    .from(clients)
    .innerJoin(countries, eq(countries.id, clients.countryId))
    .innerJoin(sales, eq(sales.id, clients.salesId))
    .innerJoin(departments, eq(departments.id, clients.departmentId))
    .innerJoin(samplingLevels, eq(samplingLevels.id, clients.samplingLevelId))
    .leftJoin(tension, eq(tension.id, clients.tensionLevelId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectClients>['execute']>>[number];

function toRow(r: Selected) {
  const c = r.client;
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    country: label(c.countryId, r.countryCode, r.countryZh, r.countryEn),
    type: c.type,
    sales: { id: c.salesId, name: r.salesName, englishName: r.salesEnglishName },
    department: label(c.departmentId, r.departmentCode, r.departmentZh, r.departmentEn),
    samplingLevel: label(c.samplingLevelId, r.levelCode, r.levelZh, r.levelEn),
    tensionLevel:
      c.tensionLevelId === null ? null : label(c.tensionLevelId, r.tensionCode, r.tensionZh, r.tensionEn),
    majorAql: c.majorAql,
    minorAql: c.minorAql,
    advanceDays: c.advanceDays,
    state: c.state,
    valid: c.valid,
    version: c.version,
    updatedAt: c.updatedAt,
  };
}

// -- Search -----------------------------------------------------------------------------------

/**
 * The name filter: the name has the term, or the code is the term (codes are upper-cased), so the
 * client auto-complete finds a client by its code too (issue 25: a client user's client).
 */
const nameOrCode = (term: string) =>
  containsOr(searchText(clients.name), term, eq(clients.code, term.trim().toUpperCase()));

/** The WHERE of client/search: name has (or code is), country, type, sales and state equal; in scope. */
export function clientSearchWhere(input: ClientFilters, scope: Scope, user: Principal): SQL | undefined {
  const deleted = input.deleted && user.permissions.has('client.admin');
  return and(
    eq(clients.valid, deleted ? 0 : 1),
    clientScope(scope),
    input.name ? nameOrCode(input.name) : undefined,
    input.country === undefined ? undefined : eq(clients.countryId, input.country),
    input.type === undefined ? undefined : eq(clients.type, Number(input.type)),
    input.sales === undefined ? undefined : eq(clients.salesId, input.sales),
    input.state === undefined ? undefined : eq(clients.state, input.state),
  );
}

/** What the page query reads of a search: the name filter, the page and the sort. */
export type ClientPageInput = Pick<ClientSearch, 'name' | 'page' | 'pageSize'> & Sorting<ClientSortKey>;

type ClientSortKey = NonNullable<ClientSearch['sort']>;

/**
 * The ids of one page of clients (the query client/search runs; tests EXPLAIN it), by name unless
 * another sort is asked. Each sort has its index (clients_code_uq, clients_name_uq,
 * clients_updated_sort_idx). With a name filter the name key is written so that the name index
 * cannot serve it: walking that index in order until ten matches turn up is quick when matches are
 * spread evenly, but Chinese names sort after every Latin one, so a Chinese term would walk past
 * all of those first. Through the trigram/bigram index the matches are found at once and sorted;
 * without a filter the name index gives the page directly.
 */
export function clientPageQuery(db: Db, input: ClientPageInput, where: SQL | undefined) {
  return ordered(db.select({ id: clients.id }).from(clients).where(where).$dynamic(), input);
}

/**
 * The first page and its total in one statement (`matchCount`), when the page plan sorts every
 * match anyway: a name filter, sorted by name (the default). Otherwise undefined (an index serves
 * the sort and stops at the page; the capped count runs beside it).
 */
export function clientCountedPageQuery(db: Db, input: ClientPageInput, where: SQL | undefined) {
  if (!input.name || (input.sort !== undefined && input.sort !== 'name')) return undefined;
  return ordered(
    db.select({ id: clients.id, matches: matchCount() }).from(clients).where(where).$dynamic(),
    input,
  );
}

function ordered<Q extends PgSelect>(query: Q, input: ClientPageInput) {
  const byName = input.name ? unindexed(lowered(clients.name)) : lowered(clients.name);
  const keys = { code: clients.code, name: byName, updatedAt: clients.updatedAt };
  return onePage(query.orderBy(...sortOrder(keys, input, clients.id, [asc(byName), asc(clients.id)])), input);
}

/**
 * The rows of a page with their labels, built once per database (ADR 0009: building this select
 * with its joins cost more Node time per call than running it) and prepared by name on
 * PostgreSQL. The ids travel as one array, so one statement serves every page size.
 */
const preparedRows = oncePerDatabase((db) =>
  selectClients(db)
    .where(sql`${clients.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('qc_client_rows'),
);

/** The rows of the clients `ids`, in that order (a page's ids whose labels are wanted). */
export async function clientRows(db: Db, ids: readonly bigint[]) {
  const rows = ids.length > 0 ? await preparedRows(db).execute({ ids: ids.map(String) }) : [];
  const byId = new Map(rows.map((r) => [r.client.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRow(row)] : [];
  });
}

// -- Details ----------------------------------------------------------------------------------

export async function clientById(db: Db, id: bigint): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row;
}

const countryLabel = {
  id: countries.id,
  code: countries.code,
  nameZh: countries.nameZh,
  nameEn: countries.nameEn,
};

/** The valid countries (or groups) of `codes`, by code. */
export async function countriesByCode(db: Db, codes: readonly string[]) {
  const rows = codes.length
    ? await db
        .select(countryLabel)
        .from(countries)
        .where(and(inArray(countries.code, [...codes]), eq(countries.valid, 1)))
    : [];
  return new Map(rows.map((c) => [c.code, c]));
}

/** The detail of client (details), create and update. */
export async function clientDetail(db: Db, id: bigint) {
  const [r] = await selectClients(db)
    .leftJoin(creator, eq(creator.id, clients.createdBy))
    .where(eq(clients.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const c = r.client;
  const byCode = await countriesByCode(db, c.destinationCountries);
  const [createdBy] = c.createdBy
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, c.createdBy))
    : [];
  return {
    ...toRow(r),
    destinationCountries: c.destinationCountries.flatMap((code) => byCode.get(code) ?? []),
    inspectionRequirement: c.inspectionRequirement,
    safetyRequirement: c.safetyRequirement,
    reportEmails: c.reportEmails,
    sharePassword: c.sharePassword,
    createdBy: createdBy ?? null,
    createdAt: c.createdAt,
  };
}

// -- Writes -----------------------------------------------------------------------------------

/** A valid user who might own clients, with the role a sales owner must have. */
export async function salesCandidate(db: Db, salesId: bigint) {
  const [owner] = await db
    .select({ id: users.id, departmentId: users.departmentId, state: users.state, roleCode: roles.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, salesId), eq(users.valid, 1)));
  return owner;
}

export async function defaultSamplingLevel(db: Db): Promise<bigint | undefined> {
  const [level] = await db
    .select({ id: samplingLevels.id })
    .from(samplingLevels)
    .where(and(eq(samplingLevels.code, CLIENT_DEFAULTS.samplingLevel), eq(samplingLevels.valid, 1)));
  return level?.id;
}

/** Which of `code` and `name` (case-insensitive) a valid client other than `exceptId` already has. */
export async function takenClientField(
  db: Db,
  values: { code?: string | undefined; name?: string | undefined },
  exceptId?: bigint,
): Promise<'code' | 'name' | null> {
  const others = exceptId === undefined ? undefined : ne(clients.id, exceptId);
  const taken = async (condition: SQL) =>
    (
      await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.valid, 1), condition, others))
        .limit(1)
    ).length > 0;
  if (values.code !== undefined && (await taken(eq(clients.code, values.code)))) return 'code';
  if (values.name !== undefined && (await taken(sql`lower(${clients.name}) = ${values.name.toLowerCase()}`)))
    return 'name';
  return null;
}

/** `CL` + a number from the table's sequence, skipping codes someone typed by hand. */
export async function generatedCode(db: Db): Promise<string> {
  for (;;) {
    const result = await db.execute<{ n: string | number }>(
      sql`select nextval(pg_get_serial_sequence('clients', 'id')) as n`,
    );
    const code = `CL${String(result.rows[0]!.n).padStart(6, '0')}`;
    const [taken] = await db.select({ id: clients.id }).from(clients).where(eq(clients.code, code)).limit(1);
    if (!taken) return code;
  }
}

// -- Home search ------------------------------------------------------------------------------

/** Home search: clients whose name contains the term, in scope (DOMAIN.md §6.11). */
export function clientHits(db: Db, term: string, context: { scope: Scope; limit: number }) {
  return rankedHits(db, {
    table: clients,
    id: clients.id,
    title: clients.name,
    subtitle: clients.code,
    where: and(eq(clients.valid, 1), clientScope(context.scope), contains(searchText(clients.name), term)),
    limit: context.limit,
  });
}
