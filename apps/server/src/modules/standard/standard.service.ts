import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { countries, standards, testItems } from '../../db/schema/config';
import { actorOf, type Principal } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { userLabel } from '../../platform/labels';
import { searchPage } from '../../platform/paging';
import { changedFields, createRecord, lockRow, lockVersion, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { validityChange } from '../../platform/validity';
import {
  KINDS,
  type Kind,
  type KindName,
  nameTaken,
  normsOf,
  readStandard,
  replaceNorms,
  requiredTestCodes,
  requiredTests,
  type StandardRow,
  standardRows,
  standardSearch,
  toRow,
} from './standard.queries';
import {
  checksName,
  codesById,
  EDIT_PERMISSION,
  mayRead,
  normsChange,
  sameSet,
  updatableFields,
} from './standard.rules';

// Common standards and country standards (DOMAIN.md §2.8): one set of operations serves both kinds.

type Ops = typeof areas.standard;
type StandardSearch = ParsedInputOf<Ops['searchCommonStandards'] | Ops['searchCountryRequirements']>;
type NewStandard = ParsedInputOf<Ops['createCommonStandard'] | Ops['createCountryRequirement']>;
type StandardUpdate = ParsedInputOf<Ops['updateCommonStandard'] | Ops['updateCountryRequirement']>;
type StandardTestsUpdate = ParsedInputOf<Ops['updateCommonStandardTests']>;

/** standard/search and countryrequire/search: name has (and country), by country and name. */
export async function searchStandards(db: Db, kindName: KindName, input: StandardSearch, user: Principal) {
  const kind = KINDS[kindName];
  const { where, order } = standardSearch(kindName, input, user);
  const page = { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  const list = async () => (await standardRows(db, kind, { where, order, ...page })).map(toRow);
  return searchPage(db, { table: kind.table, where, input, list });
}

async function standardDetail(db: Db, kind: Kind, id: bigint) {
  const [r] = await standardRows(db, kind, { where: eq(kind.table.id, id), order: [], limit: 1, offset: 0 });
  if (!r) throw new AppError('E_NOT_FOUND');
  return {
    ...toRow(r),
    description: r.description,
    standards: await normsOf(db, kind, id),
    createdBy: await userLabel(db, r.createdBy),
    createdAt: r.createdAt,
  };
}

async function readableStandard(db: Db, kind: Kind, id: bigint, user: Principal): Promise<StandardRow> {
  const row = await readStandard(db, kind, id);
  if (!row || !mayRead(row, user)) throw new AppError('E_NOT_FOUND');
  return row;
}

/** standard/details and countryrequire/details; standards have no record scope. */
export async function getStandard(db: Db, kindName: KindName, id: bigint, user: Principal) {
  const kind = KINDS[kindName];
  const row = await readableStandard(db, kind, id, user);
  const flags = recordFlags({ user, record: row, editPermission: EDIT_PERMISSION, inScope: true });
  return { detail: await standardDetail(db, kind, id), flags };
}

async function testsOf(db: Db, kind: Kind, row: Pick<StandardRow, 'id' | 'version'>) {
  return { id: row.id, version: row.version, tests: await requiredTests(db, kind, row.id) };
}

/** standard/test and countryrequire/test. */
export async function getStandardTests(db: Db, kindName: KindName, id: bigint, user: Principal) {
  const kind = KINDS[kindName];
  const row = await readableStandard(db, kind, id, user);
  const flags = recordFlags({ user, record: row, editPermission: EDIT_PERMISSION, inScope: true });
  return { detail: await testsOf(db, kind, row), flags };
}

async function assertUniqueName(
  db: Db,
  kind: Kind,
  name: string,
  countryId: bigint | undefined,
  exceptId?: bigint,
) {
  if (await nameTaken(db, kind, name, countryId, exceptId))
    throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'name' });
}

function duplicateName(error: unknown): never {
  if (uniqueViolation(error) === null) throw error;
  throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'name' });
}

/** Replaces the norms of a standard; answers the change-log entry (codes), if any. */
async function setNorms(db: Db, kind: Kind, id: bigint, wanted: readonly bigint[]) {
  const current = await normsOf(db, kind, id);
  const next = [...new Set(wanted)];
  const currentIds = current.map((n) => n.id);
  if (sameSet(currentIds, next)) return [];
  const added = await assertReferences(
    db,
    { table: standards, active: standards.active },
    next.filter((n) => !currentIds.includes(n)),
    'standardIds',
  );
  await replaceNorms(db, kind, id, next);
  return [normsChange(current, next, codesById(current, added))];
}

export async function createStandard(db: Db, kindName: KindName, input: NewStandard, user: Principal) {
  const kind = KINDS[kindName];
  const countryId = kindName === 'country' && 'countryId' in input ? input.countryId : undefined;
  if (kindName === 'country') {
    await assertReference(db, { table: countries, active: countries.active }, countryId!, 'countryId');
  }
  await assertUniqueName(db, kind, input.name, countryId);
  const row = await createRecord(db, {
    table: kind.table,
    entity: kind.entity,
    actor: actorOf(user),
    values: {
      name: input.name,
      productScope: input.productScope ?? null,
      description: input.description ?? null,
      ...(kindName === 'country' ? { countryId } : {}),
    },
  }).catch(duplicateName);
  await setNorms(db, kind, row.id, input.standardIds);
  return standardDetail(db, kind, row.id);
}

export async function updateStandard(db: Db, kindName: KindName, input: StandardUpdate, user: Principal) {
  const kind = KINDS[kindName];
  const { id, version, standardIds, ...fields } = input;
  const current: StandardRow = await lockRow(db, kind.table, id);
  if (current.version !== version) throw new AppError('E_VERSION');
  const wanted = changedFields(current, updatableFields(kindName, fields));
  const change = validityChange(current.valid, wanted.valid);
  if (wanted.countryId !== undefined) {
    await assertReference(db, { table: countries, active: countries.active }, wanted.countryId, 'countryId');
  }
  if (checksName(change, wanted)) {
    const countryId = kindName === 'country' ? (wanted.countryId ?? current.countryId) : undefined;
    await assertUniqueName(db, kind, wanted.name ?? current.name, countryId, id);
  }
  const childChanges = standardIds ? await setNorms(db, kind, id, standardIds) : [];
  if (Object.keys(wanted).length === 0 && childChanges.length === 0) return standardDetail(db, kind, id);
  await updateRecord(db, {
    table: kind.table,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action: change.action,
    entity: kind.entity,
    childChanges,
  }).catch(duplicateName);
  return standardDetail(db, kind, id);
}

/** standard/test/update and countryrequire/test/update: the required test items, as a set. */
export async function updateStandardTests(
  db: Db,
  kindName: KindName,
  input: StandardTestsUpdate,
  user: Principal,
) {
  const kind = KINDS[kindName];
  const current = await lockVersion(db, kind.table, input.id, input.version);
  if (current.valid !== 1) throw new AppError('E_STATUS');
  const stored = await requiredTestCodes(db, kind, input.id);
  const added = await assertReferences(
    db,
    { table: testItems, active: testItems.active },
    input.tests.map((t) => t.testItemId).filter((id) => !stored.some((s) => s.id === id)),
    'testItemId',
  );
  const code = codesById(stored, added);
  const actor = actorOf(user);
  const { changes } = await syncChildRows(
    db,
    {
      table: kind.tests,
      parentKey: kind.testsParentKey as never,
      parentId: input.id,
      field: 'tests',
      keys: ['testItemId'],
      values: ['mandatory'],
      label: (row) => code.get(row.testItemId as bigint) ?? String(row.testItemId),
      actor,
    },
    input.tests.map((t) => ({ testItemId: t.testItemId, mandatory: t.mandatory })),
    'replace',
  );
  if (changes.length === 0) return testsOf(db, kind, current);
  const updated = await updateRecord(db, {
    table: kind.table,
    id: input.id,
    version: input.version,
    values: {},
    actor,
    entity: kind.entity,
    childChanges: changes,
  });
  return testsOf(db, kind, updated);
}
