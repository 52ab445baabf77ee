import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import { originalSamples } from '../../db/schema/original-sample';
import { productionSamples } from '../../db/schema/production-sample';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, searchPage } from '../../platform/paging';
import {
  changedFields,
  createRecord,
  lockVersion,
  readableRecord,
  updateRecord,
} from '../../platform/records';
import { assertReference } from '../../platform/references';
import { assertDepartmentFilter, mayWriteClientRecords, type Scope, scopeOf } from '../../platform/scope';
import {
  type SampleList,
  type SampleSearch,
  sampleChoices,
  sampleDetail,
  samplePage,
  sampleScope,
  sampleSearchWhere,
} from './production-sample.queries';
import {
  asSeenBy,
  assertEditable,
  EDIT_PERMISSION,
  EDITABLE_STATUSES,
  PRODUCTION_SAMPLE_ENTITY,
  type SampleRow,
} from './production-sample.rules';

// Production samples (大货样, DOMAIN.md §2.3, §4.7): search, the auto-complete and the list of
// samples without an order, details, create and update. Audit and cancel are transitions
// (production-sample-audit.service.ts). A sample belongs to its client's department.

type Ops = typeof areas.productionSample;
type NewSample = ParsedInputOf<Ops['createProductionSample']>;
type SampleUpdate = ParsedInputOf<Ops['updateProductionSample']>;

export { PRODUCTION_SAMPLE_ENTITY, SAMPLE_CANCEL_CHECK } from './production-sample.rules';

// -- Reads ------------------------------------------------------------------------------------

/** productionsample/search: the list filters of spec §3 in the caller's scope; newest first. */
export async function searchProductionSamples(db: Db, input: SampleSearch, user: Principal) {
  const scope = await scopeOf(db, user);
  assertDepartmentFilter(scope, input.department);
  const where = sampleSearchWhere(input, scope);
  const list = async () => (await samplePage(db, input, where)).map((row) => asSeenBy(scope, row));
  return searchPage(db, { table: productionSamples, where, input, list });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countProductionSamples(db: Db, filters: Partial<SampleSearch>, user: Principal) {
  return cappedTotal(db, productionSamples, sampleSearchWhere(filters, await scopeOf(db, user)));
}

/** productionsample/list: the auto-complete, and the samples without an order (orderPlaced 0). */
export async function listProductionSamples(db: Db, input: SampleList, user: Principal) {
  const rows = await sampleChoices(db, input, await scopeOf(db, user));
  return {
    list: rows.map((r) => ({
      id: r.id,
      itemNo: r.itemNo,
      client: r.client,
      receivedDate: r.receivedDate,
      auditResult: r.auditResult,
      orderPlaced: r.orderPlaced,
    })),
  };
}

/** The sample if the caller reads it: E_SCOPE out of scope, E_NOT_FOUND when absent or deleted. */
export async function readableSample(db: Db, id: bigint, scope: Scope): Promise<SampleRow> {
  return readableRecord(db, { table: productionSamples, id, where: sampleScope(scope) });
}

/** productionsample/details, with the flags (modify: edit in 10/20 in scope). */
export async function getProductionSample(db: Db, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const row = await readableSample(db, id, scope);
  const writable = await mayWriteClientRecords(db, scope, row.clientId);
  const flags = recordFlags({
    user,
    record: row,
    editPermission: EDITABLE_STATUSES.includes(row.status) ? EDIT_PERMISSION : null,
    inScope: writable,
  });
  return { detail: asSeenBy(scope, await sampleDetail(db, id)), flags };
}

// -- Writes -----------------------------------------------------------------------------------

/** The client of a write: valid, active and in the caller's write scope; answers its department. */
async function assertSampleClient(db: Db, scope: Scope, clientId: bigint) {
  const client = await assertReference(db, { table: clients, active: clients.state }, clientId, 'clientId');
  if (!(await mayWriteClientRecords(db, scope, clientId)))
    throw new AppError('E_SCOPE', {}, { field: 'clientId' });
  return client.departmentId as bigint;
}

/** The original sample of a write: valid, and the client's or a shared one (E_SAMPLE_CLIENT). */
async function assertOriginalSample(db: Db, originalSampleId: bigint, clientId: bigint) {
  const sample = await assertReference(db, { table: originalSamples }, originalSampleId, 'originalSampleId');
  const of = sample.clientId as bigint | null;
  if (of !== null && of !== clientId)
    throw new AppError('E_SAMPLE_CLIENT', {}, { field: 'originalSampleId' });
}

const assertProvider = (db: Db, id: bigint) =>
  assertReference(db, { table: factories, active: factories.active }, id, 'providerFactoryId');

/** productionsample/create: status 10, unaudited, test result "not out", department = the client's. */
export async function createProductionSample(db: Db, input: NewSample, user: Principal) {
  const scope = await scopeOf(db, user);
  const departmentId = await assertSampleClient(db, scope, input.clientId);
  await assertProvider(db, input.providerFactoryId);
  if (input.originalSampleId !== undefined)
    await assertOriginalSample(db, input.originalSampleId, input.clientId);
  const row = await createRecord(db, {
    table: productionSamples,
    entity: PRODUCTION_SAMPLE_ENTITY,
    actor: actorOf(user),
    values: {
      itemNo: input.itemNo,
      clientId: input.clientId,
      departmentId,
      providerFactoryId: input.providerFactoryId,
      originalSampleId: input.originalSampleId ?? null,
      receivedDate: input.receivedDate ?? businessDate(),
      quantity: input.quantity,
    },
  });
  return sampleDetail(db, row.id);
}

/** The sample locked at the version read, in the caller's write scope. */
export async function writableSample(db: Db, id: bigint, version: number, user: Principal) {
  const scope = await scopeOf(db, user);
  await readableSample(db, id, scope);
  const current = await lockVersion(db, productionSamples, id, version);
  if (!(await mayWriteClientRecords(db, scope, current.clientId))) throw new AppError('E_SCOPE');
  return { current, scope };
}

/** productionsample/update: the registration fields in 10 and 20; the audit fields are not here. */
export async function updateProductionSample(db: Db, input: SampleUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const { current, scope } = await writableSample(db, id, version, user);
  assertEditable(current.status);
  const wanted: Partial<SampleRow> = changedFields(current, fields);
  if (Object.keys(wanted).length === 0) return sampleDetail(db, id);
  const clientId = wanted.clientId ?? current.clientId;
  if (wanted.clientId !== undefined) wanted.departmentId = await assertSampleClient(db, scope, clientId);
  if (wanted.providerFactoryId !== undefined) await assertProvider(db, wanted.providerFactoryId);
  const originalSampleId =
    wanted.originalSampleId !== undefined ? wanted.originalSampleId : current.originalSampleId;
  if (originalSampleId !== null && (wanted.originalSampleId !== undefined || wanted.clientId !== undefined)) {
    await assertOriginalSample(db, originalSampleId, clientId);
  }
  await updateRecord(db, {
    table: productionSamples,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    entity: PRODUCTION_SAMPLE_ENTITY,
  });
  return sampleDetail(db, id);
}
