import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { labs, testItems } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { materialTests } from '../../db/schema/material-test';
import { actorOf, type Principal } from '../../platform/auth';
import { addMonths } from '../../platform/business-time';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { userLabel } from '../../platform/labels';
import { nextNumber } from '../../platform/numbering';
import { searchPage } from '../../platform/paging';
import { changedFields, createRecord, lockVersion, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import { validityChange } from '../../platform/validity';
import { fileOutput } from '../files/files.service';
import {
  linkedIds,
  type MaterialTestSearch,
  materialTestPage,
  materialTestSearchWhere,
  ownFileCount,
  readMaterialTest,
  selectTests,
  setLinks,
  testItemCodes,
  toRow,
} from './material-test.queries';
import {
  assertDateRange,
  assertKeepsComplete,
  assertValidityMayChange,
  EDIT_PERMISSION,
  followingAction,
  isComplete,
  listChanged,
  MATERIAL_TEST_ENTITY,
  materialTestMachine,
  mayRead,
  userActions,
} from './material-test.rules';

// Material tests (DOMAIN.md §2.3, §4.13): the operations; the status rules are in the rules file.

type NewMaterialTest = ParsedInputOf<typeof areas.materialTest.createMaterialTest>;
type MaterialTestUpdate = ParsedInputOf<typeof areas.materialTest.updateMaterialTest>;

/** What the material-test operations need besides the database. */
export interface MaterialTestDeps {
  config: Pick<Config, 'publicUrl'>;
  files: () => Promise<FilesRuntime>;
}

/** materialtest/search: validity ranges overlapping [startTime, endTime] (DOMAIN.md §2.11). */
export async function searchMaterialTests(db: Db, input: MaterialTestSearch, user: Principal) {
  const where = materialTestSearchWhere(input, user);
  const list = async () => (await materialTestPage(db, where, input.page, input.pageSize, input)).map(toRow);
  return searchPage(db, { table: materialTests, where, input, list });
}

export async function testDetail(db: Db, deps: MaterialTestDeps, id: bigint, user: Principal) {
  const [r] = await selectTests(db).where(eq(materialTests.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const { items, reports } = await linkedIds(db, id);
  const createdBy = await userLabel(db, r.test.createdBy);
  const runtime = await deps.files();
  return {
    ...toRow(r),
    testItems: items,
    reportFiles: reports.map((f) => fileOutput(runtime, f)),
    remark: r.test.remark,
    pushedTo: r.test.pushedTo,
    actions: userActions(r.test, user, reports.length),
    createdBy,
    createdAt: r.test.createdAt,
  };
}

export async function getMaterialTest(db: Db, deps: MaterialTestDeps, id: bigint, user: Principal) {
  const row = await readMaterialTest(db, id);
  if (!row || !mayRead(row, user)) throw new AppError('E_NOT_FOUND');
  // §4.13: every status can be edited (a pushed test by correction), so the flag is the permission.
  const flags = recordFlags({ user, record: row, editPermission: EDIT_PERMISSION, inScope: true });
  return { detail: await testDetail(db, deps, id, user), flags };
}

/** Report files must be the caller's own uploads, unless the test already has them. */
async function assertReportFiles(db: Db, ids: readonly bigint[], user: Principal, kept: readonly bigint[]) {
  const fresh = [...new Set(ids)].filter((id) => !kept.includes(id));
  if (fresh.length === 0) return;
  if ((await ownFileCount(db, fresh, user.userId)) < fresh.length) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'reportFileIds' }, { field: 'reportFileIds' });
  }
}

/**
 * materialtest/create without its answer: records the test (10) with its test items and report
 * files, completed (20) at once when it has a result and a report file. Answers the test's id.
 */
export async function recordMaterialTest(db: Db, input: NewMaterialTest, user: Principal): Promise<bigint> {
  await assertReference(db, { table: materials }, input.materialId, 'materialId');
  if (input.labId !== undefined)
    await assertReference(db, { table: labs, active: labs.active }, input.labId, 'labId');
  await assertReferences(
    db,
    { table: testItems, active: testItems.active },
    input.testItemIds,
    'testItemIds',
  );
  await assertReportFiles(db, input.reportFileIds, user, []);
  const endDate =
    input.endDate ?? addMonths(input.startDate, await getSystemParam(db, 'materialTest.validityMonths'));
  const row = await createRecord(db, {
    table: materialTests,
    entity: MATERIAL_TEST_ENTITY,
    actor: actorOf(user),
    values: {
      testNo: await nextNumber(db, 'MT'),
      materialId: input.materialId,
      labId: input.labId ?? null,
      startDate: input.startDate,
      endDate,
      result: Number(input.result),
      remark: input.remark ?? null,
    },
  });
  await setLinks(db, row.id, input.testItemIds, input.reportFileIds);
  if (isComplete(row.result, new Set(input.reportFileIds).size)) {
    await transition(db, {
      machine: materialTestMachine,
      table: materialTests,
      id: row.id,
      version: row.version,
      action: 'complete',
      user,
    });
  }
  return row.id;
}

export async function createMaterialTest(
  db: Db,
  deps: MaterialTestDeps,
  input: NewMaterialTest,
  user: Principal,
) {
  return testDetail(db, deps, await recordMaterialTest(db, input, user), user);
}

/**
 * materialtest/update: fields, test items and report files; then the status follows §4.13 — a
 * complete draft becomes 20, a corrected pushed test returns to 20 (to be pushed again).
 */
export async function updateMaterialTest(
  db: Db,
  deps: MaterialTestDeps,
  input: MaterialTestUpdate,
  user: Principal,
) {
  const { id, version, testItemIds, reportFileIds, ...fields } = input;
  const current = await lockVersion(db, materialTests, id, version);
  const links = await linkedIds(db, id);
  const itemIds = links.items.map((i) => i.id);
  const fileIds = links.reports.map((f) => f.id);
  const wanted = changedFields(current, {
    ...fields,
    result: fields.result === undefined ? undefined : Number(fields.result),
  });
  const newItems = testItemIds && [...new Set(testItemIds)];
  const newFiles = reportFileIds && [...new Set(reportFileIds)];
  const itemsChanged = listChanged(itemIds, newItems, false);
  const filesChanged = listChanged(fileIds, newFiles, true);

  const change = validityChange(current.valid, wanted.valid);
  assertValidityMayChange(current.status, 'valid' in wanted);
  if (Object.keys(wanted).length === 0 && !itemsChanged && !filesChanged) {
    return testDetail(db, deps, id, user);
  }

  assertDateRange(wanted.startDate ?? current.startDate, wanted.endDate ?? current.endDate);
  if (wanted.labId != null)
    await assertReference(db, { table: labs, active: labs.active }, wanted.labId, 'labId');
  if (itemsChanged && newItems) {
    const added = newItems.filter((i) => !itemIds.includes(i));
    await assertReferences(db, { table: testItems, active: testItems.active }, added, 'testItemIds');
  }
  if (filesChanged && newFiles) await assertReportFiles(db, newFiles, user, fileIds);
  const fileCount = (newFiles ?? fileIds).length;
  assertKeepsComplete(current.status, wanted.result ?? current.result, fileCount);

  const childChanges = [
    ...(itemsChanged && newItems
      ? [
          {
            field: 'testItemIds',
            from: await testItemCodes(db, itemIds),
            to: await testItemCodes(db, newItems),
          },
        ]
      : []),
    ...(filesChanged && newFiles
      ? [{ field: 'reportFileIds', from: fileIds.map(String), to: newFiles.map(String) }]
      : []),
  ];
  const updated = await updateRecord(db, {
    table: materialTests,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action: change.action,
    entity: MATERIAL_TEST_ENTITY,
    childChanges,
  });
  await setLinks(db, id, itemsChanged ? newItems : undefined, filesChanged ? newFiles : undefined);

  const next = followingAction(updated.status, updated.result, fileCount);
  if (next && change.staysValid) {
    await transition(db, {
      machine: materialTestMachine,
      table: materialTests,
      id,
      version: updated.version,
      action: next,
      user,
    });
  }
  return testDetail(db, deps, id, user);
}
