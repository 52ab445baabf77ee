import type { Language } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { MATERIAL_TEST_STATUS } from '@qcdesk/contract/material-test';
import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { labs, suppliers, testItems } from '../../db/schema/config';
import { files } from '../../db/schema/files';
import { userSettings, users } from '../../db/schema/identity';
import { materials } from '../../db/schema/material';
import { materialTestFiles, materialTestItems, materialTests } from '../../db/schema/material-test';
import { originalSampleMaterials, originalSamples } from '../../db/schema/original-sample';
import { actorOf, type Principal } from '../../platform/auth';
import { addMonths } from '../../platform/business-time';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { nextNumber } from '../../platform/numbering';
import { searchTotal } from '../../platform/paging';
import { changedFields, createRecord, lockRow, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { getSystemParam } from '../../platform/system-params';
import { availableActions, defineStateMachine, transition } from '../../platform/transition';
import { fileOutput } from '../files/files.service';
import { createShortLink } from '../files/short-links.service';

// Material tests (DOMAIN.md §2.3, §4.13): recorded as a draft (10), completed (20) once they carry
// a result and a report file, pushed by e-mail (30); correcting a pushed test returns it to 20.

export const MATERIAL_TEST_ENTITY = 'material_tests';

type Status = (typeof MATERIAL_TEST_STATUS)[keyof typeof MATERIAL_TEST_STATUS];
type MaterialTestRow = typeof materialTests.$inferSelect;

const { draft, completed, pushed } = MATERIAL_TEST_STATUS;

/** DOMAIN.md §4.13 as data: the only way a material test's status changes. */
export const materialTestMachine = defineStateMachine<Status>(MATERIAL_TEST_ENTITY, [
  { from: [draft], action: 'complete', to: completed, permission: 'materialtest.edit' },
  { from: [pushed], action: 'correct', to: completed, permission: 'materialtest.edit' },
  { from: [completed, pushed], action: 'push', to: pushed, permission: 'materialtest.push' },
]);

/** The actions a caller starts (the others follow from an update). */
const USER_ACTIONS = ['push'];

/** What the material-test operations need besides the database. */
export interface MaterialTestDeps {
  config: Pick<Config, 'publicUrl'>;
  files: () => Promise<FilesRuntime>;
}

function selectTests(db: Db) {
  return db
    .select({
      test: materialTests,
      materialUpc: materials.upc,
      materialName: materials.name,
      labCode: labs.code,
      labZh: labs.nameZh,
      labEn: labs.nameEn,
    })
    .from(materialTests)
    .innerJoin(materials, eq(materials.id, materialTests.materialId))
    .leftJoin(labs, eq(labs.id, materialTests.labId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectTests>['execute']>>[number];

function toRow(r: Selected) {
  const m = r.test;
  return {
    id: m.id,
    testNo: m.testNo,
    material: { id: m.materialId, upc: r.materialUpc, name: r.materialName },
    lab: m.labId === null ? null : { id: m.labId, code: r.labCode, nameZh: r.labZh, nameEn: r.labEn },
    startDate: m.startDate,
    endDate: m.endDate,
    result: m.result,
    status: m.status,
    pushCount: m.pushCount,
    pushedAt: m.pushedAt,
    valid: m.valid,
    version: m.version,
    updatedAt: m.updatedAt,
  };
}

// -- Search -----------------------------------------------------------------------------------

export interface MaterialTestSearch {
  startTime?: string | undefined;
  endTime?: string | undefined;
  materialId?: bigint | undefined;
  status?: number | string | undefined;
  result?: number | string | undefined;
  deleted: boolean;
  page: number;
  pageSize: number;
  count: boolean;
}

/** materialtest/search: validity ranges overlapping [startTime, endTime] (DOMAIN.md §2.11). */
export async function searchMaterialTests(db: Db, input: MaterialTestSearch, user: Principal) {
  const deleted = input.deleted && user.permissions.has('materialtest.edit');
  const where: SQL | undefined = and(
    eq(materialTests.valid, deleted ? 0 : 1),
    input.endTime ? lte(materialTests.startDate, input.endTime) : undefined,
    input.startTime ? gte(materialTests.endDate, input.startTime) : undefined,
    input.materialId === undefined ? undefined : eq(materialTests.materialId, input.materialId),
    input.status === undefined ? undefined : eq(materialTests.status, Number(input.status)),
    input.result === undefined ? undefined : eq(materialTests.result, Number(input.result)),
  );
  const rows = await selectTests(db)
    .where(where)
    .orderBy(desc(materialTests.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    list: rows.map(toRow),
    page: input.page,
    pageSize: input.pageSize,
    ...(await searchTotal(db, materialTests, where, input.count)),
  };
}

// -- Details ----------------------------------------------------------------------------------

async function linkedIds(db: Db, id: bigint) {
  const items = await db
    .select({ id: testItems.id, code: testItems.code, nameZh: testItems.nameZh, nameEn: testItems.nameEn })
    .from(materialTestItems)
    .innerJoin(testItems, eq(testItems.id, materialTestItems.testItemId))
    .where(eq(materialTestItems.materialTestId, id))
    .orderBy(asc(testItems.sort), asc(testItems.code));
  const reports = await db
    .select({ file: files })
    .from(materialTestFiles)
    .innerJoin(files, eq(files.id, materialTestFiles.fileId))
    .where(eq(materialTestFiles.materialTestId, id))
    .orderBy(asc(materialTestFiles.sort));
  return { items, reports: reports.map((r) => r.file) };
}

async function testDetail(db: Db, runtime: FilesRuntime, id: bigint, user: Principal) {
  const [r] = await selectTests(db).where(eq(materialTests.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  const { items, reports } = await linkedIds(db, id);
  const creatorId = r.test.createdBy;
  const [createdBy] = creatorId
    ? await db
        .select({ id: users.id, name: users.name, englishName: users.englishName })
        .from(users)
        .where(eq(users.id, creatorId))
    : [];
  return {
    ...toRow(r),
    testItems: items,
    reportFiles: reports.map((f) => fileOutput(runtime, f)),
    remark: r.test.remark,
    pushedTo: r.test.pushedTo,
    actions:
      r.test.valid === 1
        ? availableActions(materialTestMachine, r.test.status as Status, user).filter((a) =>
            USER_ACTIONS.includes(a),
          )
        : [],
    createdBy: createdBy ?? null,
    createdAt: r.test.createdAt,
  };
}

export async function getMaterialTest(db: Db, deps: MaterialTestDeps, id: bigint, user: Principal) {
  const [row] = await db.select().from(materialTests).where(eq(materialTests.id, id));
  if (!row || (row.valid !== 1 && !user.permissions.has('materialtest.edit')))
    throw new AppError('E_NOT_FOUND');
  // §4.13: every status can be edited (a pushed test by correction), so the flag is the permission.
  const flags = recordFlags({ user, record: row, editPermission: 'materialtest.edit', inScope: true });
  return { detail: await testDetail(db, await deps.files(), id, user), flags };
}

// -- Writes -----------------------------------------------------------------------------------

/** Report files must be the caller's own uploads, unless the test already has them. */
async function assertReportFiles(db: Db, ids: readonly bigint[], user: Principal, kept: readonly bigint[]) {
  const fresh = [...new Set(ids)].filter((id) => !kept.includes(id));
  if (fresh.length === 0) return;
  const own = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, fresh), eq(files.valid, 1), eq(files.ownerId, user.userId)));
  if (own.length < fresh.length) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'reportFileIds' }, { field: 'reportFileIds' });
  }
}

async function setLinks(db: Db, id: bigint, testItemIds?: readonly bigint[], fileIds?: readonly bigint[]) {
  if (testItemIds) {
    await db.delete(materialTestItems).where(eq(materialTestItems.materialTestId, id));
    const unique = [...new Set(testItemIds)];
    if (unique.length > 0) {
      await db
        .insert(materialTestItems)
        .values(unique.map((testItemId) => ({ materialTestId: id, testItemId })));
    }
  }
  if (fileIds) {
    await db.delete(materialTestFiles).where(eq(materialTestFiles.materialTestId, id));
    const unique = [...new Set(fileIds)];
    if (unique.length > 0) {
      await db
        .insert(materialTestFiles)
        .values(unique.map((fileId, sort) => ({ materialTestId: id, fileId, sort })));
    }
  }
}

/** §4.13: a draft with a result and a report file is complete. */
const isComplete = (result: number, fileCount: number) => result !== 0 && fileCount > 0;

export interface NewMaterialTest {
  materialId: bigint;
  labId?: bigint | undefined;
  testItemIds: bigint[];
  startDate: string;
  endDate?: string | undefined;
  result: number | string;
  reportFileIds: bigint[];
  remark?: string | undefined;
}

export async function createMaterialTest(
  db: Db,
  deps: MaterialTestDeps,
  input: NewMaterialTest,
  user: Principal,
) {
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
  const actor = actorOf(user);
  const row = (await createRecord(db, {
    table: materialTests,
    entity: MATERIAL_TEST_ENTITY,
    actor,
    values: {
      testNo: await nextNumber(db, 'MT'),
      materialId: input.materialId,
      labId: input.labId ?? null,
      startDate: input.startDate,
      endDate,
      result: Number(input.result),
      remark: input.remark ?? null,
    },
  })) as MaterialTestRow;
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
  return testDetail(db, await deps.files(), row.id, user);
}

export interface MaterialTestUpdate {
  id: bigint;
  version: number;
  labId?: bigint | null | undefined;
  testItemIds?: bigint[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  result?: number | string | undefined;
  reportFileIds?: bigint[] | undefined;
  remark?: string | null | undefined;
  valid?: 0 | 1 | undefined;
}

const sameList = (a: readonly bigint[], b: readonly bigint[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

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
  const current = (await lockRow(db, materialTests, id)) as MaterialTestRow;
  if (current.version !== version) throw new AppError('E_VERSION');
  const links = await linkedIds(db, id);
  const itemIds = links.items.map((i) => i.id);
  const fileIds = links.reports.map((f) => f.id);
  const wanted = changedFields(current, {
    ...fields,
    result: fields.result === undefined ? undefined : Number(fields.result),
  });
  const newItems = testItemIds && [...new Set(testItemIds)];
  const newFiles = reportFileIds && [...new Set(reportFileIds)];
  const itemsChanged = newItems !== undefined && !sameList([...newItems].sort(), [...itemIds].sort());
  const filesChanged = newFiles !== undefined && !sameList(newFiles, fileIds);

  const wasValid = current.valid === 1;
  const staysValid = (wanted.valid ?? current.valid) === 1;
  if (!wasValid && !staysValid) throw new AppError('E_STATUS');
  // §4.13: delete and undelete only in 10 and 20.
  if ('valid' in wanted && current.status === pushed) throw new AppError('E_STATUS');
  if (Object.keys(wanted).length === 0 && !itemsChanged && !filesChanged) {
    return testDetail(db, await deps.files(), id, user);
  }

  const start = wanted.startDate ?? current.startDate;
  const end = wanted.endDate ?? current.endDate;
  if (end < start) throw new AppError('E_DATE_RANGE', {}, { field: 'endDate' });
  if (wanted.labId != null)
    await assertReference(db, { table: labs, active: labs.active }, wanted.labId, 'labId');
  if (itemsChanged) {
    const added = newItems.filter((i) => !itemIds.includes(i));
    await assertReferences(db, { table: testItems, active: testItems.active }, added, 'testItemIds');
  }
  if (filesChanged) await assertReportFiles(db, newFiles, user, fileIds);
  // A completed or pushed test keeps what made it complete.
  const result = wanted.result ?? current.result;
  const fileCount = (newFiles ?? fileIds).length;
  if (current.status !== draft && !isComplete(result, fileCount)) {
    const field = result === 0 ? 'result' : 'reportFileIds';
    throw new AppError('E_REQUIRED', { field }, { field });
  }

  const codes = async (ids: readonly bigint[]) =>
    ids.length === 0
      ? []
      : (
          await db
            .select({ code: testItems.code })
            .from(testItems)
            .where(inArray(testItems.id, [...ids]))
        ).map((r) => r.code);
  const childChanges = [
    ...(itemsChanged
      ? [{ field: 'testItemIds', from: await codes(itemIds), to: await codes(newItems) }]
      : []),
    ...(filesChanged
      ? [{ field: 'reportFileIds', from: fileIds.map(String), to: newFiles.map(String) }]
      : []),
  ];
  const action = wasValid && !staysValid ? 'delete' : !wasValid && staysValid ? 'undelete' : 'update';
  const updated = (await updateRecord(db, {
    table: materialTests,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action,
    entity: MATERIAL_TEST_ENTITY,
    childChanges,
  })) as MaterialTestRow;
  await setLinks(db, id, itemsChanged ? newItems : undefined, filesChanged ? newFiles : undefined);

  const next =
    updated.status === draft && isComplete(updated.result, fileCount)
      ? 'complete'
      : updated.status === pushed
        ? 'correct'
        : null;
  if (next && staysValid) {
    await transition(db, {
      machine: materialTestMachine,
      table: materialTests,
      id,
      version: updated.version,
      action: next,
      user,
    });
  }
  return testDetail(db, await deps.files(), id, user);
}

// -- Push -------------------------------------------------------------------------------------

interface Recipient {
  email: string;
  name: string;
  lang: Language;
}

/**
 * §4.13 push recipients: the supplier's contacts (zh), the report e-mails of clients whose valid
 * original samples use the material (en: overseas buyers), and the pusher (own language).
 */
async function pushRecipients(
  db: Db,
  materialId: bigint,
  user: Principal,
  lang: Language,
): Promise<Recipient[]> {
  const [material] = await db
    .select({ contacts: suppliers.contacts })
    .from(materials)
    .leftJoin(suppliers, eq(suppliers.id, materials.supplierId))
    .where(eq(materials.id, materialId));
  const contacts = (material?.contacts ?? []) as { name?: string; email?: string }[];
  const buyers = await db
    .selectDistinct({ name: clients.name, emails: clients.reportEmails })
    .from(originalSampleMaterials)
    .innerJoin(originalSamples, eq(originalSamples.id, originalSampleMaterials.originalSampleId))
    .innerJoin(clients, eq(clients.id, originalSamples.clientId))
    .where(
      and(
        eq(originalSampleMaterials.materialId, materialId),
        eq(originalSampleMaterials.valid, 1),
        eq(originalSamples.valid, 1),
        eq(clients.valid, 1),
      ),
    );
  const [pusher] = await db
    .select({ email: users.email, name: users.name, language: userSettings.language })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, user.userId));
  const all: Recipient[] = [
    ...contacts.flatMap((c) =>
      c.email ? [{ email: c.email, name: c.name ?? c.email, lang: 'zh' as const }] : [],
    ),
    ...buyers.flatMap((b) => b.emails.map((email) => ({ email, name: b.name, lang: 'en' as const }))),
    ...(pusher ? [{ email: pusher.email, name: pusher.name, lang: pusher.language ?? lang }] : []),
  ];
  const seen = new Set<string>();
  return all.filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * materialtest/push: mails the result with a share link of the report files to every recipient
 * through the outbox (in this transaction), then moves the test to 30 with pushCount + 1.
 */
export async function pushMaterialTest(
  db: Db,
  deps: MaterialTestDeps,
  input: { id: bigint; version: number },
  user: Principal,
  lang: Language,
) {
  const current = (await lockRow(db, materialTests, input.id)) as MaterialTestRow;
  if (current.version !== input.version) throw new AppError('E_VERSION');
  if (current.valid !== 1) throw new AppError('E_STATUS');
  const [material] = await db.select().from(materials).where(eq(materials.id, current.materialId));
  const { reports } = await linkedIds(db, input.id);
  const days = await getSystemParam(db, 'share.expiryDays');
  const actor = actorOf(user);
  const link = await createShortLink(
    db,
    {
      fileIds: reports.map((f) => f.id),
      expiresAt: new Date(Date.now() + days * 86_400_000),
      limit: null,
      direct: false,
      sub: `${current.testNo} ${material!.name}`,
    },
    actor,
  );
  const recipients = await pushRecipients(db, current.materialId, user, lang);
  for (const r of recipients) {
    await enqueueMail(db, {
      to: r.email,
      template: 'material-test-push',
      lang: r.lang,
      params: {
        name: r.name,
        testNo: current.testNo,
        material: material!.name,
        upc: material!.upc,
        result: enumLabel('TestResult', current.result, r.lang),
        startDate: current.startDate,
        endDate: current.endDate,
        link: `${deps.config.publicUrl}/s/${link.code}`,
        days,
        pusher: user.displayName,
      },
      entity: MATERIAL_TEST_ENTITY,
      entityId: current.id,
      createdBy: user.userId,
    });
  }
  await transition(db, {
    machine: materialTestMachine,
    table: materialTests,
    id: input.id,
    version: input.version,
    action: 'push',
    user,
    set: {
      pushedAt: new Date(),
      pushCount: current.pushCount + 1,
      pushedTo: recipients.map((r) => r.email),
    },
  });
  return testDetail(db, await deps.files(), input.id, user);
}
