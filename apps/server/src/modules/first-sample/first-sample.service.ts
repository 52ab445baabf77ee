import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { sampleCheckItems } from '../../db/schema/config';
import { firstSampleCheckPhotos, firstSampleChecks, firstSamples } from '../../db/schema/first-sample';
import type { FieldChange } from '../../db/schema/platform';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { userLabel } from '../../platform/labels';
import { nextNumber } from '../../platform/numbering';
import { searchPage } from '../../platform/paging';
import {
  changedFields,
  createRecord,
  lockRow,
  lockVersion,
  readableRecord,
  updateRecord,
} from '../../platform/records';
import { assertReferences } from '../../platform/references';
import { assertDepartmentFilter, mayWriteClientRecords, type Scope, scopeOf } from '../../platform/scope';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { fileOutput } from '../files/files.service';
import {
  chainIds,
  checkRows,
  type FirstSampleList,
  type FirstSampleSearch,
  firstSampleChoices,
  firstSamplePage,
  firstSampleScope,
  firstSampleSearchWhere,
  isFollowed,
  productOf,
  sampleSelected,
  toRow,
} from './first-sample.queries';
import {
  assertEditable,
  assertItemsEditable,
  assertNextRound,
  EDIT_PERMISSION,
  EDITABLE_STATUSES,
  FIRST_SAMPLE_ENTITY,
  type FirstSampleRow,
  sampleActions,
} from './first-sample.rules';

// First samples (首样, DOMAIN.md §2.3, §4.8): search, the auto-complete, details with every round,
// create (a first round or the next round of a judged one) and update. The check and the result are
// in first-sample-check.service.ts. A sample belongs to its order product's client and department.

type Ops = typeof areas.firstSample;
type NewSample = ParsedInputOf<Ops['createFirstSample']>;
type SampleUpdate = ParsedInputOf<Ops['updateFirstSample']>;

/** What the first-sample operations need besides the database: signed URLs of the photos. */
export interface FirstSampleDeps {
  files: () => Promise<FilesRuntime>;
}

export { FIRST_SAMPLE_ENTITY } from './first-sample.rules';

// -- Reads ------------------------------------------------------------------------------------

export async function searchFirstSamples(db: Db, input: FirstSampleSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const where = firstSampleSearchWhere(db, input, scope);
  return searchPage(db, { table: firstSamples, where, input, list: () => firstSamplePage(db, input, where) });
}

export async function listFirstSamples(db: Db, input: FirstSampleList, user: Principal) {
  const rows = await firstSampleChoices(db, input, await scopeOf(db, user));
  return {
    list: rows.map((r) => ({
      id: r.id,
      sampleNo: r.sampleNo,
      itemNo: r.itemNo,
      round: r.round,
      status: r.status,
      result: r.result,
    })),
  };
}

/** The sample if the caller reads it: E_SCOPE out of scope, E_NOT_FOUND when absent or deleted. */
export async function readableSample(db: Db, id: bigint, scope: Scope): Promise<FirstSampleRow> {
  return readableRecord(db, { table: firstSamples, id, where: firstSampleScope(scope) });
}

/** One round as details show it: the row, its check items with photos, who registered it. */
async function roundOf(db: Db, deps: FirstSampleDeps, id: bigint) {
  const r = await sampleSelected(db, id);
  if (!r) throw new AppError('E_NOT_FOUND');
  const checks = await checkRows(db, id);
  // Photos need the signer for their URLs; a sample without photos (a seed's) does not.
  const runtime = checks.some((c) => c.photos.length > 0) ? await deps.files() : null;
  return {
    ...toRow(r),
    remark: r.sample.remark,
    checkItems: checks.map((c) => ({
      checkItem: {
        id: c.check.sampleCheckItemId,
        code: c.item.code,
        nameZh: c.item.nameZh,
        nameEn: c.item.nameEn,
        method: c.item.method,
        criterion: c.item.criterion,
        methodEn: c.item.methodEn,
        criterionEn: c.item.criterionEn,
      },
      checkResult: c.check.checkResult,
      remark: c.check.remark,
      photos: runtime ? c.photos.map((f) => fileOutput(runtime, f)) : [],
    })),
    createdBy: await userLabel(db, r.sample.createdBy),
    createdAt: r.sample.createdAt,
  };
}

/** The detail every write answers: the round and the actions the caller may take now. */
export async function sampleDetail(db: Db, deps: FirstSampleDeps, id: bigint, user: Principal) {
  const round = await roundOf(db, deps, id);
  const [row] = await db.select().from(firstSamples).where(eq(firstSamples.id, id));
  const scope = await scopeOf(db, user);
  const writable = await mayWriteClientRecords(db, scope, row!.clientId);
  const actions = writable ? sampleActions(row!, user, await isFollowed(db, id)) : [];
  return { ...round, actions };
}

/** firstsample/details: the sample, its flags (modify: edit in 10/20 in scope) and every round. */
export async function getFirstSample(db: Db, deps: FirstSampleDeps, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const row = await readableSample(db, id, scope);
  const flags = recordFlags({
    user,
    record: row,
    editPermission: EDITABLE_STATUSES.includes(row.status) ? EDIT_PERMISSION : null,
    inScope: await mayWriteClientRecords(db, scope, row.clientId),
  });
  const rounds = [];
  for (const roundId of await chainIds(db, id, scope)) rounds.push(await roundOf(db, deps, roundId));
  return { detail: { ...(await sampleDetail(db, deps, id, user)), rounds }, flags };
}

// -- Writes -----------------------------------------------------------------------------------

/** The sample locked at the version read, in the caller's write scope. */
export async function writableSample(db: Db, id: bigint, version: number, user: Principal) {
  const scope = await scopeOf(db, user);
  await readableSample(db, id, scope);
  const current = await lockVersion(db, firstSamples, id, version);
  if (!(await mayWriteClientRecords(db, scope, current.clientId))) throw new AppError('E_SCOPE');
  return current;
}

const assertCheckItems = (db: Db, ids: readonly bigint[]) =>
  assertReferences(db, { table: sampleCheckItems, active: sampleCheckItems.active }, ids, 'checkItemIds');

/** Every active check item, in the list's order (the default of a first round). */
async function activeCheckItems(db: Db): Promise<bigint[]> {
  const rows = await db
    .select({ id: sampleCheckItems.id })
    .from(sampleCheckItems)
    .where(and(eq(sampleCheckItems.valid, 1), eq(sampleCheckItems.active, 1)))
    .orderBy(sampleCheckItems.sort, sampleCheckItems.id);
  return rows.map((r) => r.id);
}

async function insertChecks(db: Db, sampleId: bigint, itemIds: readonly bigint[], from = 0) {
  if (itemIds.length === 0) return;
  await db
    .insert(firstSampleChecks)
    .values(
      itemIds.map((itemId, i) => ({ firstSampleId: sampleId, sampleCheckItemId: itemId, sort: from + i })),
    );
}

/** The product and check items of a create: its own, or the previous round's (E_FS_ROUND). */
async function createSource(db: Db, input: NewSample, scope: Scope) {
  if (input.previousId === undefined) {
    if (input.orderProductId === undefined)
      throw new AppError('E_REQUIRED', { field: 'orderProductId' }, { field: 'orderProductId' });
    return { productId: input.orderProductId, round: 1, previousItems: null };
  }
  const previous = await readableSample(db, input.previousId, scope);
  await lockRow(db, firstSamples, previous.id);
  assertNextRound(previous, await isFollowed(db, previous.id));
  if (input.orderProductId !== undefined && input.orderProductId !== previous.orderProductId)
    throw new AppError('E_FS_ROUND', {}, { field: 'orderProductId' });
  const items = (await checkRows(db, previous.id)).map((c) => c.check.sampleCheckItemId);
  return { productId: previous.orderProductId, round: previous.round + 1, previousItems: items };
}

/** firstsample/create: status 10, sample no `FS`+yyMMdd+4, its check items unchecked. */
export async function createFirstSample(db: Db, deps: FirstSampleDeps, input: NewSample, user: Principal) {
  const scope = await scopeOf(db, user);
  const source = await createSource(db, input, scope);
  const product = await productOf(db, source.productId);
  if (!product)
    throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'orderProductId' });
  if (!(await mayWriteClientRecords(db, scope, product.clientId)))
    throw new AppError('E_SCOPE', {}, { field: 'orderProductId' });
  const itemIds = [...new Set(input.checkItemIds ?? source.previousItems ?? (await activeCheckItems(db)))];
  if (input.checkItemIds) await assertCheckItems(db, itemIds);
  const row = await createRecord(db, {
    table: firstSamples,
    entity: FIRST_SAMPLE_ENTITY,
    actor: actorOf(user),
    values: {
      sampleNo: await nextNumber(db, 'FS'),
      itemNo: input.itemNo ?? product.itemNo,
      orderProductId: product.id,
      clientId: product.clientId,
      departmentId: product.departmentId,
      round: source.round,
      previousId: input.previousId ?? null,
      receivedDate: input.receivedDate ?? businessDate(),
      remark: input.remark ?? null,
    },
  });
  await insertChecks(db, row.id, itemIds);
  return sampleDetail(db, deps, row.id, user);
}

/** The change of the check-item list (10 only): new items unchecked, removed ones with their photos. */
async function replaceCheckItems(db: Db, id: bigint, wanted: readonly bigint[]): Promise<FieldChange[]> {
  const checks = await checkRows(db, id);
  const have = checks.map((c) => c.check.sampleCheckItemId);
  const unique = [...new Set(wanted)];
  const added = unique.filter((w) => !have.includes(w));
  const removed = checks.filter((c) => !unique.includes(c.check.sampleCheckItemId));
  if (added.length === 0 && removed.length === 0) return [];
  await assertCheckItems(db, added);
  if (removed.length > 0) {
    const ids = removed.map((c) => c.check.id);
    await db.delete(firstSampleCheckPhotos).where(inArray(firstSampleCheckPhotos.checkId, ids));
    await db.delete(firstSampleChecks).where(inArray(firstSampleChecks.id, ids));
  }
  await insertChecks(db, id, added, checks.length);
  return [{ field: 'checkItemIds', from: have.map(String), to: unique.map(String) }];
}

/** firstsample/update: item no, received date and remark in 10/20; the check-item list in 10. */
export async function updateFirstSample(db: Db, deps: FirstSampleDeps, input: SampleUpdate, user: Principal) {
  const { id, version, checkItemIds, ...fields } = input;
  const current = await writableSample(db, id, version, user);
  assertEditable(current.status);
  const wanted: Partial<FirstSampleRow> = changedFields(current, fields);
  let childChanges: FieldChange[] = [];
  if (checkItemIds) {
    assertItemsEditable(current.status);
    childChanges = await replaceCheckItems(db, id, checkItemIds);
  }
  if (Object.keys(wanted).length === 0 && childChanges.length === 0) return sampleDetail(db, deps, id, user);
  await updateRecord(db, {
    table: firstSamples,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    entity: FIRST_SAMPLE_ENTITY,
    childChanges,
  });
  return sampleDetail(db, deps, id, user);
}
