import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { FiltersOf } from '@qcdesk/contract/list-export';
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { parts } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import {
  originalSampleMaterials,
  originalSampleParts,
  originalSamples,
} from '../../db/schema/original-sample';
import { reversed, searchText } from '../../db/schema/search-columns';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { userLabel } from '../../platform/labels';
import { onePage } from '../../platform/paging';
import { rankedHits } from '../../platform/ranked-hits';
import { clientScope, type Scope } from '../../platform/scope';
import { contains, endsWith } from '../../platform/search';
import { lowered, type PageOf, sortOrder, unindexed } from '../../platform/sorting';

// The SQL of original samples: the scope condition, the list and detail selects, the search,
// auto-complete and cart queries, the item-no check, the part and material lookups of a write and
// home-search hits.

export type SampleRow = typeof originalSamples.$inferSelect;
export type SampleSearch = ParsedInputOf<typeof areas.originalSample.searchOriginalSamples>;
/** What the WHERE reads: the search's filters (the export has no paging). */
export type SampleFilters = FiltersOf<typeof areas.originalSample.searchOriginalSamples>;
export type SampleList = ParsedInputOf<typeof areas.originalSample.listOriginalSamples>;

/** Samples in scope: those of clients in scope, and those without a client (not for CLIENT users). */
export function sampleScope(scope: Scope): SQL | undefined {
  const ofClients = clientScope(scope);
  if (ofClients === undefined) return undefined;
  // EXISTS, not IN: a department may hold half the clients, and a search reads only a few samples.
  const inScopeClient = sql`exists (select 1 from ${clients} where ${clients.id} = ${qualified(originalSamples.clientId)} and ${ofClients})`;
  return scope.kind === 'client' ? inScopeClient : or(isNull(originalSamples.clientId), inScopeClient);
}

/** The client a sample names, for the write rule of DOMAIN.md §5.4. */
export async function sampleClient(db: Db, clientId: bigint) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  return client;
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

/** The WHERE of originalsample/search: item no ends, name has, completeness, client; in scope. */
export function sampleSearchWhere(input: SampleFilters, scope: Scope, deleted: boolean): SQL | undefined {
  return and(
    eq(originalSamples.valid, deleted ? 0 : 1),
    sampleScope(scope),
    input.itemNo ? endsWith(reversed(originalSamples.itemNo), input.itemNo) : undefined,
    input.name ? contains(searchText(originalSamples.name), input.name) : undefined,
    input.complete === null ? undefined : eq(originalSamples.complete, input.complete),
    input.client === undefined ? undefined : eq(originalSamples.clientId, input.client),
  );
}

/** What a page reads of a search: the name filter, the page and the sort. */
export type SamplePageInput = PageOf<SampleSearch> & Pick<SampleSearch, 'name'>;

/** The ORDER BY of a page: newest first unless another sort is asked. */
function sampleOrder(input: SamplePageInput): SQL[] {
  const byName = lowered(originalSamples.name);
  const keys = {
    // original_samples_item_uq leads with it; name and updatedAt have their sort indexes.
    itemNo: lowered(originalSamples.itemNo),
    name: input.name ? unindexed(byName) : byName,
    updatedAt: originalSamples.updatedAt,
  };
  return sortOrder(keys, input, originalSamples.id, [desc(originalSamples.id)]);
}

/** The query of one page of samples (tests EXPLAIN it). */
export function samplePageQuery(db: Db, input: SamplePageInput, where: SQL | undefined) {
  return onePage(
    selectSamples(db)
      .where(where)
      .orderBy(...sampleOrder(input)),
    input,
  );
}

/** One page of samples. */
export async function samplePage(db: Db, input: SamplePageInput, where: SQL | undefined) {
  return (await samplePageQuery(db, input, where)).map(toRow);
}

/** The list rows of the samples `ids`, in no particular order (a batch of an export). */
export async function sampleRows(db: Db, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  const rows = await selectSamples(db).where(inArray(originalSamples.id, [...ids]));
  return rows.map(toRow);
}

/** A keyword matches an item no ending with it or a name containing it. */
const keywordMatch = (keyword: string) =>
  or(
    endsWith(reversed(originalSamples.itemNo), keyword),
    contains(searchText(originalSamples.name), keyword),
  );

const cartColumns = { id: originalSamples.id, itemNo: originalSamples.itemNo, name: originalSamples.name };

/** The auto-complete's valid samples in scope, newest first. */
export function sampleChoices(db: Db, input: SampleList, scope: Scope) {
  return db
    .select(cartColumns)
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
}

/** The valid samples in scope among `ids`, in no particular order. */
export function cartSamples(db: Db, ids: bigint[], scope: Scope) {
  return db
    .select(cartColumns)
    .from(originalSamples)
    .where(and(inArray(originalSamples.id, ids), eq(originalSamples.valid, 1), sampleScope(scope)));
}

// -- Details ----------------------------------------------------------------------------------

/** The detail of originalsample/details, create and the updates. */
export async function sampleDetail(db: Db, id: bigint) {
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
  return {
    ...toRow(r),
    parts: partRows.map((p) => ({
      id: p.id,
      part: p.part,
      materials: materialRows.filter((m) => m.partRowId === p.id).map(({ partRowId: _part, ...m }) => m),
    })),
    createdBy: await userLabel(db, r.sample.createdBy),
    createdAt: r.sample.createdAt,
  };
}

// -- Writes -----------------------------------------------------------------------------------

/** Whether a valid sample of the client (none: the shared samples) other than `exceptId` has the item no. */
export async function itemNoTaken(db: Db, itemNo: string, clientId: bigint | null, exceptId?: bigint) {
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
  return hit !== undefined;
}

/** The codes of parts, by id. */
export function partCodes(db: Db, ids: readonly bigint[]) {
  return db
    .select({ id: parts.id, code: parts.code })
    .from(parts)
    .where(inArray(parts.id, [...ids]));
}

/** The UPCs of the materials the sample names (or named), by id. */
export function sampleMaterialUpcs(db: Db, sampleId: bigint) {
  return db
    .select({ id: materials.id, upc: materials.upc })
    .from(originalSampleMaterials)
    .innerJoin(materials, eq(materials.id, originalSampleMaterials.materialId))
    .where(eq(originalSampleMaterials.originalSampleId, sampleId));
}

/** Removes the materials of parts other than `liveParts` (their removal is logged as the part's). */
export async function dropMaterialsOfOtherParts(
  db: Db,
  sampleId: bigint,
  liveParts: readonly bigint[],
  actor: Actor,
) {
  await db
    .update(originalSampleMaterials)
    .set({ valid: 0, updatedBy: actor.userId, updatedAt: new Date() })
    .where(
      and(
        eq(originalSampleMaterials.originalSampleId, sampleId),
        eq(originalSampleMaterials.valid, 1),
        liveParts.length > 0
          ? notInArray(originalSampleMaterials.originalSamplePartId, [...liveParts])
          : undefined,
      ),
    );
}

/** Marks a sample created with its parts complete, as part of its create (no second log entry). */
export async function markComplete(db: Db, id: bigint) {
  await db.update(originalSamples).set({ complete: true }).where(eq(originalSamples.id, id));
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
