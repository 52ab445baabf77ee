import { CLIENT_DEFAULTS } from '@qcdesk/contract/client';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/client';
import { countries, samplingLevels, tensionLevels } from '../../db/schema/config';
import { departments, roles, users } from '../../db/schema/identity';
import { searchText } from '../../db/schema/search-columns';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { assertRecordNotInUse } from '../../platform/in-use';
import { searchTotal } from '../../platform/paging';
import { rankedHits } from '../../platform/ranked-hits';
import { changedFields, createRecord, lockRow, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { clientScope, inScope, mayWrite, type Scope, scopeOf } from '../../platform/scope';
import { contains } from '../../platform/search';

// Clients (DOMAIN.md §2.2): search, details, create and update, with the record rules of §5.4:
// SALES reads its department and writes only clients it owns; SALES_MGR writes its department
// subtree; changing the sales owner, freezing and deleting need client.admin.

export const CLIENT_ENTITY = 'clients';

type ClientRow = typeof clients.$inferSelect;

/** The roles a client's sales owner may have (DOMAIN.md §2.2). */
const SALES_ROLES = ['SALES', 'SALES_MGR'];

const sales = alias(users, 'sales');
const creator = alias(users, 'creator');
const tension = alias(tensionLevels, 'tension');

const label = (id: bigint, code: string | null, nameZh: string | null, nameEn: string | null) => ({
  id,
  code,
  nameZh,
  nameEn,
});

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
function selectClients(db: Db) {
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

/** Whether the caller may change the client (DOMAIN.md §5.4). */
export const mayWriteClient = (scope: Scope, client: Pick<ClientRow, 'id' | 'departmentId' | 'salesId'>) =>
  mayWrite(scope, { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId });

const readable = (scope: Scope, client: Pick<ClientRow, 'id' | 'departmentId'>) =>
  inScope(scope, { departmentId: client.departmentId, clientId: client.id });

// -- Search -----------------------------------------------------------------------------------

export interface ClientSearch {
  name?: string | undefined;
  country?: bigint | undefined;
  type?: number | string | undefined;
  sales?: bigint | undefined;
  state?: 0 | 1 | undefined;
  deleted: boolean;
  page: number;
  pageSize: number;
  count: boolean;
}

/** The WHERE of client/search: name has, country, type, sales and state equal; in scope. */
export function clientSearchWhere(input: ClientSearch, scope: Scope, user: Principal): SQL | undefined {
  const deleted = input.deleted && user.permissions.has('client.admin');
  return and(
    eq(clients.valid, deleted ? 0 : 1),
    clientScope(scope),
    input.name ? contains(searchText(clients.name), input.name) : undefined,
    input.country === undefined ? undefined : eq(clients.countryId, input.country),
    input.type === undefined ? undefined : eq(clients.type, Number(input.type)),
    input.sales === undefined ? undefined : eq(clients.salesId, input.sales),
    input.state === undefined ? undefined : eq(clients.state, input.state),
  );
}

/**
 * The ids of one page of clients by name (the query client/search runs; tests EXPLAIN it). With a
 * name filter the sort key is written so that the name index cannot serve it: walking that index in
 * order until ten matches turn up is quick when matches are spread evenly, but Chinese names sort
 * after every Latin one, so a Chinese term would walk past all of those first. Through the
 * trigram/bigram index the matches are found at once and sorted; without a filter the name index
 * gives the page directly.
 */
export function clientPageQuery(
  db: Db,
  input: Pick<ClientSearch, 'name' | 'page' | 'pageSize'>,
  where: SQL | undefined,
) {
  const byName = input.name ? sql`lower(${clients.name}) || ''` : sql`lower(${clients.name})`;
  return db
    .select({ id: clients.id })
    .from(clients)
    .where(where)
    .orderBy(asc(byName), asc(clients.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
}

/** client/search, by name: the page's ids (and the total), then their labels (ten rows, not every match). */
export async function searchClients(db: Db, input: ClientSearch, user: Principal) {
  const where = clientSearchWhere(input, await scopeOf(db, user), user);
  // The page and the (capped) total are independent: on PostgreSQL they run side by side.
  const [page, totals] = await Promise.all([
    clientPageQuery(db, input, where),
    searchTotal(db, clients, where, input.count),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length > 0 ? await selectClients(db).where(inArray(clients.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.client.id, r]));
  return {
    list: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toRow(row)] : [];
    }),
    page: input.page,
    pageSize: input.pageSize,
    ...totals,
  };
}

// -- Details ----------------------------------------------------------------------------------

/** A client the caller may read (deleted ones only with client.admin); E_NOT_FOUND / E_SCOPE. */
export async function readableClient(db: Db, id: bigint, user: Principal, scope?: Scope): Promise<ClientRow> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  if (!row || (row.valid !== 1 && !user.permissions.has('client.admin'))) throw new AppError('E_NOT_FOUND');
  if (!readable(scope ?? (await scopeOf(db, user)), row)) throw new AppError('E_SCOPE');
  return row;
}

async function clientDetail(db: Db, id: bigint) {
  const [r] = await selectClients(db)
    .leftJoin(creator, eq(creator.id, clients.createdBy))
    .where(eq(clients.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const c = r.client;
  const destinations = c.destinationCountries.length
    ? await db
        .select({
          id: countries.id,
          code: countries.code,
          nameZh: countries.nameZh,
          nameEn: countries.nameEn,
        })
        .from(countries)
        .where(and(inArray(countries.code, c.destinationCountries), eq(countries.valid, 1)))
    : [];
  const byCode = new Map(destinations.map((d) => [d.code, d]));
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

/** client (details), with the detail flags of DOMAIN.md §5.4. */
export async function getClient(db: Db, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const row = await readableClient(db, id, user, scope);
  const flags = recordFlags({
    user,
    record: row,
    editPermission: 'client.edit',
    inScope: mayWriteClient(scope, row),
  });
  return { detail: await clientDetail(db, id), flags };
}

// -- Writes -----------------------------------------------------------------------------------

/** A sales owner: an active user of role SALES or SALES_MGR (DOMAIN.md §2.2). */
async function salesOwner(db: Db, salesId: bigint) {
  const [owner] = await db
    .select({ id: users.id, departmentId: users.departmentId, state: users.state, roleCode: roles.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, salesId), eq(users.valid, 1)));
  if (!owner || !SALES_ROLES.includes(owner.roleCode)) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'salesId' }, { field: 'salesId' });
  }
  if (owner.state !== 1) throw new AppError('E_REF_INACTIVE', { field: 'salesId' }, { field: 'salesId' });
  return owner;
}

const countryTable = { table: countries, active: countries.active };
const countryCodes = { table: countries, active: countries.active, key: countries.code };

async function defaultSamplingLevel(db: Db): Promise<bigint> {
  const [level] = await db
    .select({ id: samplingLevels.id })
    .from(samplingLevels)
    .where(and(eq(samplingLevels.code, CLIENT_DEFAULTS.samplingLevel), eq(samplingLevels.valid, 1)));
  if (!level) throw new AppError('E_REQUIRED', { field: 'samplingLevelId' }, { field: 'samplingLevelId' });
  return level.id;
}

async function assertUniqueClient(
  db: Db,
  values: { code?: string | undefined; name?: string | undefined },
  exceptId?: bigint,
): Promise<void> {
  const others = exceptId === undefined ? undefined : ne(clients.id, exceptId);
  const taken = async (condition: SQL) =>
    (
      await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.valid, 1), condition, others))
        .limit(1)
    ).length > 0;
  if (values.code !== undefined && (await taken(eq(clients.code, values.code)))) {
    throw new AppError('E_DUPLICATE', { field: 'code' }, { field: 'code' });
  }
  if (
    values.name !== undefined &&
    (await taken(sql`lower(${clients.name}) = ${values.name.toLowerCase()}`))
  ) {
    throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'name' });
  }
}

/** A unique index that won a race against assertUniqueClient still answers E_DUPLICATE. */
function duplicateFromIndex(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === null) throw error;
  const field = constraint.includes('code') ? 'code' : 'name';
  throw new AppError('E_DUPLICATE', { field }, { field });
}

/** `CL` + a number from the table's sequence, skipping codes someone typed by hand. */
async function generatedCode(db: Db): Promise<string> {
  for (;;) {
    const result = (await db.execute(
      sql`select nextval(pg_get_serial_sequence('clients', 'id')) as n`,
    )) as unknown as { rows: { n: string | number }[] };
    const code = `CL${String(result.rows[0]!.n).padStart(6, '0')}`;
    const [taken] = await db.select({ id: clients.id }).from(clients).where(eq(clients.code, code)).limit(1);
    if (!taken) return code;
  }
}

export interface NewClient {
  code?: string | undefined;
  name: string;
  countryId: bigint;
  type: number | string;
  salesId: bigint;
  samplingLevelId?: bigint | undefined;
  tensionLevelId?: bigint | null | undefined;
  majorAql: number;
  minorAql: number;
  advanceDays: number;
  destinationCountries: string[];
  inspectionRequirement?: string | undefined;
  safetyRequirement?: string | undefined;
  reportEmails: string[];
  sharePassword: boolean;
}

const aqlText = (value: number) => value.toFixed(3);
const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** client/create: the caller must be able to write a client of that sales owner (§5.4). */
export async function createClient(db: Db, input: NewClient, user: Principal) {
  const scope = await scopeOf(db, user);
  const owner = await salesOwner(db, input.salesId);
  if (!mayWrite(scope, { departmentId: owner.departmentId, salesId: owner.id })) {
    throw new AppError('E_SCOPE', {}, { field: 'salesId' });
  }
  await assertReference(db, countryTable, input.countryId, 'countryId');
  const samplingLevelId = input.samplingLevelId ?? (await defaultSamplingLevel(db));
  await assertReference(
    db,
    { table: samplingLevels, active: samplingLevels.active },
    samplingLevelId,
    'samplingLevelId',
  );
  if (input.tensionLevelId != null) {
    await assertReference(
      db,
      { table: tensionLevels, active: tensionLevels.active },
      input.tensionLevelId,
      'tensionLevelId',
    );
  }
  const destinations = unique(input.destinationCountries);
  await assertReferences(db, countryCodes, destinations, 'destinationCountries');
  await assertUniqueClient(db, input);

  const row = await createRecord(db, {
    table: clients,
    entity: CLIENT_ENTITY,
    actor: actorOf(user),
    values: {
      code: input.code ?? (await generatedCode(db)),
      name: input.name,
      countryId: input.countryId,
      type: Number(input.type),
      salesId: owner.id,
      departmentId: owner.departmentId,
      samplingLevelId,
      tensionLevelId: input.tensionLevelId ?? null,
      majorAql: aqlText(input.majorAql),
      minorAql: aqlText(input.minorAql),
      advanceDays: input.advanceDays,
      destinationCountries: destinations,
      inspectionRequirement: input.inspectionRequirement ?? null,
      safetyRequirement: input.safetyRequirement ?? null,
      reportEmails: unique(input.reportEmails),
      sharePassword: input.sharePassword,
    },
  }).catch(duplicateFromIndex);
  return clientDetail(db, row.id as bigint);
}

export interface ClientUpdate
  extends Partial<Omit<NewClient, 'inspectionRequirement' | 'safetyRequirement'>> {
  id: bigint;
  version: number;
  inspectionRequirement?: string | null | undefined;
  safetyRequirement?: string | null | undefined;
  state?: 0 | 1 | undefined;
  valid?: 0 | 1 | undefined;
}

/**
 * client/update. Only what differs is written; a deleted client is only undeleted. Changing the
 * sales owner moves the client to the new owner's department, which must stay in the caller's
 * scope.
 */
export async function updateClient(db: Db, input: ClientUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const current = (await lockRow(db, clients, id)) as ClientRow;
  if (current.version !== version) throw new AppError('E_VERSION');
  const scope = await scopeOf(db, user);
  if (!mayWriteClient(scope, current)) throw new AppError('E_SCOPE');

  const wanted = changedFields(current, {
    code: fields.code,
    name: fields.name,
    countryId: fields.countryId,
    type: fields.type === undefined ? undefined : Number(fields.type),
    salesId: fields.salesId,
    samplingLevelId: fields.samplingLevelId,
    tensionLevelId: fields.tensionLevelId,
    majorAql: fields.majorAql === undefined ? undefined : aqlText(fields.majorAql),
    minorAql: fields.minorAql === undefined ? undefined : aqlText(fields.minorAql),
    advanceDays: fields.advanceDays,
    destinationCountries: fields.destinationCountries && unique(fields.destinationCountries),
    inspectionRequirement: fields.inspectionRequirement,
    safetyRequirement: fields.safetyRequirement,
    reportEmails: fields.reportEmails && unique(fields.reportEmails),
    sharePassword: fields.sharePassword,
    state: fields.state,
    valid: fields.valid,
  });
  const wasValid = current.valid === 1;
  const staysValid = (wanted.valid ?? current.valid) === 1;
  if (!wasValid && !staysValid) throw new AppError('E_STATUS');
  // DOMAIN.md §5.2: client.admin freezes, deletes and changes the sales owner.
  const adminOnly = (['salesId', 'state', 'valid'] as const).find((k) => k in wanted);
  if (adminOnly && !user.permissions.has('client.admin')) {
    throw new AppError('E_PERMISSION', {}, { field: adminOnly });
  }
  if (Object.keys(wanted).length === 0) return clientDetail(db, id);

  if (wanted.salesId !== undefined) {
    const owner = await salesOwner(db, wanted.salesId);
    if (!mayWrite(scope, { departmentId: owner.departmentId, salesId: owner.id })) {
      throw new AppError('E_SCOPE', {}, { field: 'salesId' });
    }
    if (owner.departmentId !== current.departmentId) wanted.departmentId = owner.departmentId;
  }
  const major = Number(wanted.majorAql ?? current.majorAql);
  const minor = Number(wanted.minorAql ?? current.minorAql);
  if (minor < major) throw new AppError('E_RANGE', { field: 'minorAql' }, { field: 'minorAql' });
  if (wanted.countryId !== undefined) await assertReference(db, countryTable, wanted.countryId, 'countryId');
  if (wanted.samplingLevelId !== undefined) {
    await assertReference(
      db,
      { table: samplingLevels, active: samplingLevels.active },
      wanted.samplingLevelId,
      'samplingLevelId',
    );
  }
  if (wanted.tensionLevelId != null) {
    await assertReference(
      db,
      { table: tensionLevels, active: tensionLevels.active },
      wanted.tensionLevelId,
      'tensionLevelId',
    );
  }
  if (wanted.destinationCountries !== undefined) {
    const added = wanted.destinationCountries.filter((c) => !current.destinationCountries.includes(c));
    await assertReferences(db, countryCodes, added, 'destinationCountries');
  }
  if (staysValid) {
    await assertUniqueClient(
      db,
      wasValid
        ? { code: wanted.code, name: wanted.name }
        : { code: wanted.code ?? current.code, name: wanted.name ?? current.name },
      id,
    );
  }
  if (wasValid && !staysValid) await assertRecordNotInUse(db, clients, id);

  const action = wasValid && !staysValid ? 'delete' : !wasValid && staysValid ? 'undelete' : 'update';
  await updateRecord(db, {
    table: clients,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action,
    entity: CLIENT_ENTITY,
  }).catch(duplicateFromIndex);
  return clientDetail(db, id);
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
