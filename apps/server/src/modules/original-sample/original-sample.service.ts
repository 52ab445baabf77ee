import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { cartName } from '@qcdesk/contract/original-sample';
import { clients } from '../../db/schema/client';
import {
  originalSampleMaterials,
  originalSampleParts,
  originalSamples,
} from '../../db/schema/original-sample';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { assertRecordNotInUse } from '../../platform/in-use';
import { searchPage } from '../../platform/paging';
import {
  changedFields,
  createRecord,
  lockVersion,
  readableRecord,
  updateRecord,
} from '../../platform/records';
import { assertReference } from '../../platform/references';
import { type Scope, scopeOf } from '../../platform/scope';
import {
  cartSamples,
  itemNoTaken,
  markComplete,
  type SampleList,
  type SampleRow,
  type SampleSearch,
  sampleChoices,
  sampleClient,
  sampleDetail,
  samplePage,
  sampleScope,
  sampleSearchWhere,
} from './original-sample.queries';
import {
  assertItemNoFree,
  checksItemNo,
  duplicateItemNo,
  itemNoClient,
  mayWriteSample,
  seesDeletedSamples,
  seesSample,
  validityChange,
} from './original-sample.rules';
import { syncParts } from './original-sample-parts.service';

// Original samples (原样, DOMAIN.md §2.3) with their parts and the materials of each part, and the
// server side of the original-sample cart (§6.1). A sample belongs to its client's department; a
// sample without a client is a shared reference that every holder of the permissions reads and
// edits [D].

export const ORIGINAL_SAMPLE_ENTITY = 'original_samples';

type Ops = typeof areas.originalSample;
type NewOriginalSample = ParsedInputOf<Ops['createOriginalSample']>;
type OriginalSampleUpdate = ParsedInputOf<Ops['updateOriginalSample']>;
type MaterialsUpdate = ParsedInputOf<Ops['updateOriginalSampleMaterials']>;

/** Whether the caller may change a sample of this client (none: a shared sample). */
async function mayWriteFor(db: Db, scope: Scope, clientId: bigint | null): Promise<boolean> {
  return mayWriteSample(scope, clientId, clientId === null ? undefined : await sampleClient(db, clientId));
}

// -- Search, list, cart -----------------------------------------------------------------------

/** originalsample/search: item no ends, name has, completeness, client; in scope; newest first. */
export async function searchOriginalSamples(db: Db, input: SampleSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  const where = sampleSearchWhere(input, scope, input.deleted && seesDeletedSamples(user));
  return searchPage(db, { table: originalSamples, where, input, list: () => samplePage(db, input, where) });
}

/** originalsample/list: the auto-complete, as cart entries. */
export async function listOriginalSamples(db: Db, input: SampleList, user: Principal) {
  const rows = await sampleChoices(db, input, await scopeOf(db, user));
  return { list: rows.map((r) => ({ id: r.id, itemNo: r.itemNo, name: cartName(r.itemNo, r.name) })) };
}

/**
 * originalsample/cart (DOMAIN.md §6.1: the server never trusts a cart): the entries of the ids
 * sent, in their order, each once, leaving out deleted samples and samples out of scope.
 */
export async function originalSampleCart(db: Db, ids: readonly bigint[], user: Principal) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return { list: [] };
  const rows = await cartSamples(db, wanted, await scopeOf(db, user));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    list: wanted.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ id: r.id, name: cartName(r.itemNo, r.name) }] : [];
    }),
  };
}

// -- Details ----------------------------------------------------------------------------------

async function readableSample(db: Db, id: bigint, user: Principal, scope: Scope): Promise<SampleRow> {
  const row = await readableRecord(db, {
    table: originalSamples,
    id,
    where: sampleScope(scope),
    deleted: true,
  });
  if (!seesSample(user, row)) throw new AppError('E_NOT_FOUND');
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

/** A client a sample may name: valid, active, and one the caller may write samples of. */
async function assertSampleClient(db: Db, scope: Scope, clientId: bigint | null) {
  if (clientId === null) return;
  await assertReference(db, { table: clients, active: clients.state }, clientId, 'clientId');
  if (!(await mayWriteFor(db, scope, clientId))) throw new AppError('E_SCOPE', {}, { field: 'clientId' });
}

export async function createOriginalSample(db: Db, input: NewOriginalSample, user: Principal) {
  const scope = await scopeOf(db, user);
  const clientId = input.clientId ?? null;
  await assertSampleClient(db, scope, clientId);
  assertItemNoFree(await itemNoTaken(db, input.itemNo, clientId));
  const actor = actorOf(user);
  let complete = false;
  const row = await createRecord(db, {
    table: originalSamples,
    entity: ORIGINAL_SAMPLE_ENTITY,
    actor,
    values: { itemNo: input.itemNo, name: input.name, clientId },
    // The parts and their materials are logged with the create, as later changes to them are.
    children: async (created) => {
      if (input.parts.length === 0) return [];
      const synced = await syncParts(db, created.id, input.parts, actor);
      complete = synced.complete;
      return synced.changes;
    },
  }).catch(duplicateItemNo);
  if (complete) await markComplete(db, row.id);
  return sampleDetail(db, row.id);
}

/** The sample locked at the version read, in the caller's write scope. */
async function writableSample(db: Db, id: bigint, version: number, scope: Scope): Promise<SampleRow> {
  const current = await lockVersion(db, originalSamples, id, version);
  if (!(await mayWriteFor(db, scope, current.clientId))) throw new AppError('E_SCOPE');
  return current;
}

export async function updateOriginalSample(db: Db, input: OriginalSampleUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const scope = await scopeOf(db, user);
  const current = await writableSample(db, id, version, scope);
  const wanted: Partial<SampleRow> = changedFields(current, fields);
  const change = validityChange(current.valid, wanted.valid);
  if (Object.keys(wanted).length === 0) return sampleDetail(db, id);
  if (wanted.clientId !== undefined) await assertSampleClient(db, scope, wanted.clientId);
  if (checksItemNo(change, wanted)) {
    const itemNo = wanted.itemNo ?? current.itemNo;
    assertItemNoFree(await itemNoTaken(db, itemNo, itemNoClient(wanted, current), id));
  }
  if (change.wasValid && !change.staysValid) {
    await assertRecordNotInUse(db, originalSamples, id, [originalSampleParts, originalSampleMaterials]);
  }
  await updateRecord(db, {
    table: originalSamples,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action: change.action,
    entity: ORIGINAL_SAMPLE_ENTITY,
  }).catch(duplicateItemNo);
  return sampleDetail(db, id);
}

/** originalsample/material/update: replaces parts and materials; logged on the sample. */
export async function updateOriginalSampleMaterials(db: Db, input: MaterialsUpdate, user: Principal) {
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
