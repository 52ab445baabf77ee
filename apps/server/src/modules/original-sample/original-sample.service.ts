import { cartName } from '@qcdesk/contract/original-sample';
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { parts } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import { materials } from '../../db/schema/material';
import {
  originalSampleMaterials,
  originalSampleParts,
  originalSamples,
} from '../../db/schema/original-sample';
import { reversed, searchText } from '../../db/schema/search-columns';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import { childRows, syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { assertRecordNotInUse } from '../../platform/in-use';
import { searchTotal } from '../../platform/paging';
import { rankedHits } from '../../platform/ranked-hits';
import { changedFields, createRecord, lockRow, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { clientScope, mayWrite, type Scope, scopeOf } from '../../platform/scope';
import { contains, endsWith } from '../../platform/search';

// Original samples (原样, DOMAIN.md §2.3) with their parts and the materials of each part, and the
// server side of the original-sample cart (§6.1). A sample belongs to its client's department; a
// sample without a client is a shared reference that every holder of the permissions reads and
// edits [D].

export const ORIGINAL_SAMPLE_ENTITY = 'original_samples';

type SampleRow = typeof originalSamples.$inferSelect;

export interface PartInput {
  partId: bigint;
  materials: { materialId: bigint; percentage?: number | null | undefined; colour?: string | undefined }[];
}

/** Samples in scope: those of clients in scope, and those without a client (not for CLIENT users). */
export function sampleScope(scope: Scope): SQL | undefined {
  const ofClients = clientScope(scope);
  if (ofClients === undefined) return undefined;
  // EXISTS, not IN: a department may hold half the clients, and a search reads only a few samples.
  const inScopeClient = sql`exists (select 1 from ${clients} where ${clients.id} = ${qualified(originalSamples.clientId)} and ${ofClients})`;
  return scope.kind === 'client' ? inScopeClient : or(isNull(originalSamples.clientId), inScopeClient);
}

/** Whether the caller may change a sample of this client (none: a shared sample). */
async function mayWriteFor(db: Db, scope: Scope, clientId: bigint | null): Promise<boolean> {
  if (clientId === null) return scope.kind !== 'client';
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  return (
    client !== undefined &&
    mayWrite(scope, { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId })
  );
}

const partCount =
  sql<number>`(select count(*) from ${originalSampleParts} where ${originalSampleParts.originalSampleId} = ${qualified(originalSamples.id)} and ${originalSampleParts.valid} = 1)`.mapWith(
    Number,
  );

function selectSamples(db: Db) {
  return db
    .select({ sample: originalSamples, clientCode: clients.code, clientName: clients.name, partCount })
    .from(originalSamples)
    .leftJoin(clients, eq(clients.id, originalSamples.clientId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectSamples>['execute']>>[number];

function toRow(r: Selected) {
  const s = r.sample;
  return {
    id: s.id,
    itemNo: s.itemNo,
    name: s.name,
    client:
      s.clientId === null ? null : { id: s.clientId, code: r.clientCode ?? '', name: r.clientName ?? '' },
    complete: s.complete,
    partCount: r.partCount,
    valid: s.valid,
    version: s.version,
    updatedAt: s.updatedAt,
  };
}

// -- Search, list, cart -----------------------------------------------------------------------

export interface SampleSearch {
  itemNo?: string | undefined;
  name?: string | undefined;
  complete: boolean | null;
  client?: bigint | undefined;
  deleted: boolean;
  page: number;
  pageSize: number;
  count: boolean;
}

/** originalsample/search: item no ends, name has, completeness, client; in scope; newest first. */
export async function searchOriginalSamples(db: Db, input: SampleSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  const deleted = input.deleted && user.permissions.has('originalsample.edit');
  const where = and(
    eq(originalSamples.valid, deleted ? 0 : 1),
    sampleScope(scope),
    input.itemNo ? endsWith(reversed(originalSamples.itemNo), input.itemNo) : undefined,
    input.name ? contains(searchText(originalSamples.name), input.name) : undefined,
    input.complete === null ? undefined : eq(originalSamples.complete, input.complete),
    input.client === undefined ? undefined : eq(originalSamples.clientId, input.client),
  );
  const rows = await selectSamples(db)
    .where(where)
    .orderBy(desc(originalSamples.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    list: rows.map(toRow),
    page: input.page,
    pageSize: input.pageSize,
    ...(await searchTotal(db, originalSamples, where, input.count)),
  };
}

/** A keyword matches an item no ending with it or a name containing it. */
const keywordMatch = (keyword: string) =>
  or(
    endsWith(reversed(originalSamples.itemNo), keyword),
    contains(searchText(originalSamples.name), keyword),
  );

/** originalsample/list: the auto-complete, as cart entries. */
export async function listOriginalSamples(
  db: Db,
  input: { keyword?: string | undefined; client?: bigint | undefined; limit: number },
  user: Principal,
) {
  const scope = await scopeOf(db, user);
  const rows = await db
    .select({ id: originalSamples.id, itemNo: originalSamples.itemNo, name: originalSamples.name })
    .from(originalSamples)
    .where(
      and(
        eq(originalSamples.valid, 1),
        sampleScope(scope),
        input.keyword ? keywordMatch(input.keyword) : undefined,
        input.client === undefined ? undefined : eq(originalSamples.clientId, input.client),
      ),
    )
    .orderBy(desc(originalSamples.id))
    .limit(input.limit);
  return { list: rows.map((r) => ({ id: r.id, itemNo: r.itemNo, name: cartName(r.itemNo, r.name) })) };
}

/**
 * originalsample/cart (DOMAIN.md §6.1: the server never trusts a cart): the entries of the ids
 * sent, in their order, each once, leaving out deleted samples and samples out of scope.
 */
export async function originalSampleCart(db: Db, ids: readonly bigint[], user: Principal) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return { list: [] };
  const scope = await scopeOf(db, user);
  const rows = await db
    .select({ id: originalSamples.id, itemNo: originalSamples.itemNo, name: originalSamples.name })
    .from(originalSamples)
    .where(and(inArray(originalSamples.id, wanted), eq(originalSamples.valid, 1), sampleScope(scope)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    list: wanted.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ id: r.id, name: cartName(r.itemNo, r.name) }] : [];
    }),
  };
}

// -- Details ----------------------------------------------------------------------------------

async function sampleDetail(db: Db, id: bigint) {
  const [r] = await selectSamples(db).where(eq(originalSamples.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const partRows = await db
    .select({
      id: originalSampleParts.id,
      part: { id: parts.id, code: parts.code, nameZh: parts.nameZh, nameEn: parts.nameEn },
    })
    .from(originalSampleParts)
    .innerJoin(parts, eq(parts.id, originalSampleParts.partId))
    .where(and(eq(originalSampleParts.originalSampleId, id), eq(originalSampleParts.valid, 1)))
    .orderBy(asc(originalSampleParts.sort), asc(originalSampleParts.id));
  const materialRows = await db
    .select({
      id: originalSampleMaterials.id,
      partRowId: originalSampleMaterials.originalSamplePartId,
      material: { id: materials.id, upc: materials.upc, name: materials.name },
      percentage: originalSampleMaterials.percentage,
      colour: originalSampleMaterials.colour,
    })
    .from(originalSampleMaterials)
    .innerJoin(materials, eq(materials.id, originalSampleMaterials.materialId))
    .where(and(eq(originalSampleMaterials.originalSampleId, id), eq(originalSampleMaterials.valid, 1)))
    .orderBy(asc(originalSampleMaterials.sort), asc(originalSampleMaterials.id));
  const creatorId = r.sample.createdBy;
  const [createdBy] = creatorId
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, creatorId))
    : [];
  return {
    ...toRow(r),
    parts: partRows.map((p) => ({
      id: p.id,
      part: p.part,
      materials: materialRows.filter((m) => m.partRowId === p.id).map(({ partRowId: _part, ...m }) => m),
    })),
    createdBy: createdBy ?? null,
    createdAt: r.sample.createdAt,
  };
}

async function readableSample(db: Db, id: bigint, user: Principal, scope: Scope): Promise<SampleRow> {
  const [row] = await db
    .select()
    .from(originalSamples)
    .where(and(eq(originalSamples.id, id), sampleScope(scope)));
  if (!row) {
    const [exists] = await db
      .select({ id: originalSamples.id })
      .from(originalSamples)
      .where(eq(originalSamples.id, id));
    throw new AppError(exists ? 'E_SCOPE' : 'E_NOT_FOUND');
  }
  if (row.valid !== 1 && !user.permissions.has('originalsample.edit')) throw new AppError('E_NOT_FOUND');
  return row;
}

export async function getOriginalSample(db: Db, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const row = await readableSample(db, id, user, scope);
  const flags = recordFlags({
    user,
    record: row,
    editPermission: 'originalsample.edit',
    inScope: await mayWriteFor(db, scope, row.clientId),
  });
  return { detail: await sampleDetail(db, id), flags };
}

// -- Writes -----------------------------------------------------------------------------------

async function assertUniqueItemNo(db: Db, itemNo: string, clientId: bigint | null, exceptId?: bigint) {
  const [hit] = await db
    .select({ id: originalSamples.id })
    .from(originalSamples)
    .where(
      and(
        eq(originalSamples.valid, 1),
        sql`lower(${originalSamples.itemNo}) = ${itemNo.toLowerCase()}`,
        clientId === null ? isNull(originalSamples.clientId) : eq(originalSamples.clientId, clientId),
        exceptId === undefined ? undefined : ne(originalSamples.id, exceptId),
      ),
    )
    .limit(1);
  if (hit) throw new AppError('E_DUPLICATE', { field: 'itemNo' }, { field: 'itemNo' });
}

function duplicateItemNo(error: unknown): never {
  if (uniqueViolation(error) === null) throw error;
  throw new AppError('E_DUPLICATE', { field: 'itemNo' }, { field: 'itemNo' });
}

/** A client a sample may name: valid, active, and one the caller may write samples of. */
async function assertSampleClient(db: Db, scope: Scope, clientId: bigint | null) {
  if (clientId === null) return;
  await assertReference(db, { table: clients, active: clients.state }, clientId, 'clientId');
  if (!(await mayWriteFor(db, scope, clientId))) throw new AppError('E_SCOPE', {}, { field: 'clientId' });
}

/**
 * Brings the sample's parts, and each part's materials, to `wanted` (child rows, matched on part
 * and on material). Answers the change-log entries and whether the sample is now complete.
 */
async function syncParts(db: Db, sampleId: bigint, wanted: readonly PartInput[], actor: Actor) {
  const currentParts = await childRows(db, {
    table: originalSampleParts,
    parentKey: 'originalSampleId',
    parentId: sampleId,
  });
  const kept = new Set(currentParts.map((p) => p.partId as bigint));
  const partRows = await assertReferences(
    db,
    { table: parts, active: parts.active },
    wanted.map((p) => p.partId).filter((id) => !kept.has(id)),
    'partId',
  );
  const known = new Map([...partRows].map(([id, row]) => [id, String(row.code)]));
  if (currentParts.length > 0) {
    const stored = await db
      .select({ id: parts.id, code: parts.code })
      .from(parts)
      .where(inArray(parts.id, [...kept]));
    for (const p of stored) known.set(p.id, p.code);
  }
  const partCode = (id: unknown) => known.get(id as bigint) ?? String(id);
  const materialIds = [...new Set(wanted.flatMap((p) => p.materials.map((m) => m.materialId)))];
  const materialRows = await assertReferences(db, { table: materials }, materialIds, 'materialId');
  const upcOf = new Map([...materialRows].map(([id, row]) => [id, String(row.upc)]));
  const stored = await db
    .select({ id: materials.id, upc: materials.upc })
    .from(originalSampleMaterials)
    .innerJoin(materials, eq(materials.id, originalSampleMaterials.materialId))
    .where(eq(originalSampleMaterials.originalSampleId, sampleId));
  for (const m of stored) if (!upcOf.has(m.id)) upcOf.set(m.id, m.upc);

  const synced = await syncChildRows(
    db,
    {
      table: originalSampleParts,
      parentKey: 'originalSampleId',
      parentId: sampleId,
      field: 'parts',
      keys: ['partId'],
      values: ['sort'],
      label: (row) => partCode(row.partId),
      actor,
    },
    wanted.map((p, sort) => ({ partId: p.partId, sort })),
    'replace',
  );
  const changes = [...synced.changes];
  const liveParts: bigint[] = [];
  for (const part of wanted) {
    const row = [...synced.rows.values()].find((r) => r.partId === part.partId)!;
    liveParts.push(row.id as bigint);
    const materialsSync = await syncChildRows(
      db,
      {
        table: originalSampleMaterials,
        parentKey: 'originalSamplePartId',
        parentId: row.id as bigint,
        field: `parts[${partCode(part.partId)}].materials`,
        keys: ['materialId'],
        values: ['percentage', 'colour', 'sort'],
        label: (m) => upcOf.get(m.materialId as bigint) ?? String(m.materialId),
        fixed: { originalSampleId: sampleId },
        actor,
      },
      part.materials.map((m, sort) => ({
        materialId: m.materialId,
        percentage: m.percentage == null ? null : m.percentage.toFixed(2),
        colour: m.colour ?? null,
        sort,
      })),
      'replace',
    );
    changes.push(...materialsSync.changes);
  }
  // The materials of removed parts go with them (their removal is logged as the part's).
  await db
    .update(originalSampleMaterials)
    .set({ valid: 0, updatedBy: actor.userId, updatedAt: new Date() })
    .where(
      and(
        eq(originalSampleMaterials.originalSampleId, sampleId),
        eq(originalSampleMaterials.valid, 1),
        liveParts.length > 0
          ? notInArray(originalSampleMaterials.originalSamplePartId, liveParts)
          : undefined,
      ),
    );
  const complete = wanted.length > 0 && wanted.every((p) => p.materials.length > 0);
  return { changes, complete };
}

export interface NewOriginalSample {
  itemNo: string;
  name: string;
  clientId?: bigint | undefined;
  parts: PartInput[];
}

export async function createOriginalSample(db: Db, input: NewOriginalSample, user: Principal) {
  const scope = await scopeOf(db, user);
  const clientId = input.clientId ?? null;
  await assertSampleClient(db, scope, clientId);
  await assertUniqueItemNo(db, input.itemNo, clientId);
  const actor = actorOf(user);
  let complete = false;
  const row = (await createRecord(db, {
    table: originalSamples,
    entity: ORIGINAL_SAMPLE_ENTITY,
    actor,
    values: { itemNo: input.itemNo, name: input.name, clientId },
    // The parts and their materials are logged with the create, as later changes to them are.
    children: async (created) => {
      if (input.parts.length === 0) return [];
      const synced = await syncParts(db, created.id as bigint, input.parts, actor);
      complete = synced.complete;
      return synced.changes;
    },
  }).catch(duplicateItemNo)) as SampleRow;
  if (complete) await db.update(originalSamples).set({ complete }).where(eq(originalSamples.id, row.id));
  return sampleDetail(db, row.id);
}

/** The sample locked at the version read, in the caller's write scope. */
async function writableSample(db: Db, id: bigint, version: number, scope: Scope): Promise<SampleRow> {
  const current = (await lockRow(db, originalSamples, id)) as SampleRow;
  if (current.version !== version) throw new AppError('E_VERSION');
  if (!(await mayWriteFor(db, scope, current.clientId))) throw new AppError('E_SCOPE');
  return current;
}

export interface OriginalSampleUpdate {
  id: bigint;
  version: number;
  itemNo?: string | undefined;
  name?: string | undefined;
  clientId?: bigint | null | undefined;
  valid?: 0 | 1 | undefined;
}

export async function updateOriginalSample(db: Db, input: OriginalSampleUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const scope = await scopeOf(db, user);
  const current = await writableSample(db, id, version, scope);
  const wanted = changedFields(current, fields);
  const wasValid = current.valid === 1;
  const staysValid = (wanted.valid ?? current.valid) === 1;
  if (!wasValid && !staysValid) throw new AppError('E_STATUS');
  if (Object.keys(wanted).length === 0) return sampleDetail(db, id);
  if (wanted.clientId !== undefined) await assertSampleClient(db, scope, wanted.clientId);
  if (staysValid && (wanted.itemNo !== undefined || wanted.clientId !== undefined || !wasValid)) {
    await assertUniqueItemNo(db, wanted.itemNo ?? current.itemNo, wanted.clientId ?? current.clientId, id);
  }
  if (wasValid && !staysValid) {
    await assertRecordNotInUse(db, originalSamples, id, [originalSampleParts, originalSampleMaterials]);
  }
  const action = wasValid && !staysValid ? 'delete' : !wasValid && staysValid ? 'undelete' : 'update';
  await updateRecord(db, {
    table: originalSamples,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action,
    entity: ORIGINAL_SAMPLE_ENTITY,
  }).catch(duplicateItemNo);
  return sampleDetail(db, id);
}

/** originalsample/material/update: replaces parts and materials; logged on the sample. */
export async function updateOriginalSampleMaterials(
  db: Db,
  input: { id: bigint; version: number; parts: PartInput[] },
  user: Principal,
) {
  const scope = await scopeOf(db, user);
  const current = await writableSample(db, input.id, input.version, scope);
  if (current.valid !== 1) throw new AppError('E_STATUS');
  const actor = actorOf(user);
  const { changes, complete } = await syncParts(db, current.id, input.parts, actor);
  if (changes.length === 0 && complete === current.complete) return sampleDetail(db, current.id);
  await updateRecord(db, {
    table: originalSamples,
    id: current.id,
    version: input.version,
    values: complete === current.complete ? {} : { complete },
    actor,
    entity: ORIGINAL_SAMPLE_ENTITY,
    childChanges: changes,
  });
  return sampleDetail(db, current.id);
}

// -- Home search ------------------------------------------------------------------------------

/** Home search: original samples whose item no ends with the term or whose name contains it. */
export function originalSampleHits(db: Db, term: string, context: { scope: Scope; limit: number }) {
  return rankedHits(db, {
    table: originalSamples,
    id: originalSamples.id,
    title: sql`${originalSamples.itemNo} || ' | ' || ${originalSamples.name}`,
    where: and(eq(originalSamples.valid, 1), sampleScope(context.scope), keywordMatch(term)),
    limit: context.limit,
  });
}
