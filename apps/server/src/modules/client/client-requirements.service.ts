import { and, asc, eq, inArray } from 'drizzle-orm';
import { clientSafetyTests, clients, clientTestRequirements } from '../../db/schema/client';
import { countries, inspectionTests, testItems } from '../../db/schema/config';
import { actorOf, type Principal } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { lockRow, updateRecord } from '../../platform/records';
import { assertReferences } from '../../platform/references';
import { scopeOf } from '../../platform/scope';
import { CLIENT_ENTITY, mayWriteClient, readableClient } from './client.service';

// A client's requirements (DOMAIN.md §2.2): the test items it requires per destination and the
// on-site safety tests every inspection must run (screen client/safetest/{id}). They are child
// rows of the client: written as sets, logged on the client, guarded by the client's version.

type ClientRow = typeof clients.$inferSelect;

export interface TestRequirementInput {
  testItemId: bigint;
  countryCode?: string | null | undefined;
  productTypes: (number | string)[];
  mandatory: boolean;
}

export interface SafetyTestInput {
  inspectionTestId: bigint;
  sampleQty: number;
  criterion?: string | undefined;
}

export interface RequirementsWrite {
  clientId: bigint;
  version: number;
  tests?: TestRequirementInput[] | undefined;
  safetyTests?: SafetyTestInput[] | undefined;
}

async function requirementsOf(db: Db, client: ClientRow) {
  const tests = await db
    .select({
      id: clientTestRequirements.id,
      testItemId: testItems.id,
      testItemCode: testItems.code,
      testItemZh: testItems.nameZh,
      testItemEn: testItems.nameEn,
      countryCode: clientTestRequirements.countryCode,
      productTypes: clientTestRequirements.productTypes,
      mandatory: clientTestRequirements.mandatory,
    })
    .from(clientTestRequirements)
    .innerJoin(testItems, eq(testItems.id, clientTestRequirements.testItemId))
    .where(and(eq(clientTestRequirements.clientId, client.id), eq(clientTestRequirements.valid, 1)))
    .orderBy(asc(testItems.sort), asc(testItems.code), asc(clientTestRequirements.countryCode));
  const codes = [...new Set(tests.flatMap((t) => (t.countryCode ? [t.countryCode] : [])))];
  const countryRows = codes.length
    ? await db
        .select({
          id: countries.id,
          code: countries.code,
          nameZh: countries.nameZh,
          nameEn: countries.nameEn,
        })
        .from(countries)
        .where(and(inArray(countries.code, codes), eq(countries.valid, 1)))
    : [];
  const country = new Map(countryRows.map((c) => [c.code, c]));
  const safety = await db
    .select({
      id: clientSafetyTests.id,
      test: {
        id: inspectionTests.id,
        code: inspectionTests.code,
        nameZh: inspectionTests.nameZh,
        nameEn: inspectionTests.nameEn,
      },
      sampleQty: clientSafetyTests.sampleQty,
      criterion: clientSafetyTests.criterion,
    })
    .from(clientSafetyTests)
    .innerJoin(inspectionTests, eq(inspectionTests.id, clientSafetyTests.inspectionTestId))
    .where(and(eq(clientSafetyTests.clientId, client.id), eq(clientSafetyTests.valid, 1)))
    .orderBy(asc(inspectionTests.sort), asc(inspectionTests.code));
  return {
    clientId: client.id,
    version: client.version,
    tests: tests.map((t) => ({
      id: t.id,
      testItem: { id: t.testItemId, code: t.testItemCode, nameZh: t.testItemZh, nameEn: t.testItemEn },
      country: t.countryCode
        ? (country.get(t.countryCode) ?? { id: 0n, code: t.countryCode, nameZh: null, nameEn: null })
        : null,
      productTypes: t.productTypes,
      mandatory: t.mandatory,
    })),
    safetyTests: safety.map((s) => ({
      id: s.id,
      inspectionTest: s.test,
      sampleQty: s.sampleQty,
      criterion: s.criterion,
    })),
  };
}

/** client/test/get, with `modify` for the requirement screen. */
export async function getClientRequirements(db: Db, clientId: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const client = await readableClient(db, clientId, user, scope);
  const flags = recordFlags({
    user,
    record: client,
    editPermission: 'client.edit',
    inScope: mayWriteClient(scope, client),
  });
  return { detail: await requirementsOf(db, client), flags };
}

/**
 * client/test (`add`) and client/test/update (`replace`): the lists sent become (or join) the
 * client's; referenced test items, countries and on-site tests must exist, new ones be active.
 */
export async function writeClientRequirements(
  db: Db,
  input: RequirementsWrite,
  user: Principal,
  mode: 'add' | 'replace',
) {
  const client = (await lockRow(db, clients, input.clientId)) as ClientRow;
  if (client.version !== input.version) throw new AppError('E_VERSION');
  if (client.valid !== 1) throw new AppError('E_STATUS');
  if (!mayWriteClient(await scopeOf(db, user), client)) throw new AppError('E_SCOPE');
  const actor = actorOf(user);
  const changes = [];

  if (input.tests) {
    const current = await db
      .select({ id: testItems.id, code: testItems.code, countryCode: clientTestRequirements.countryCode })
      .from(clientTestRequirements)
      .innerJoin(testItems, eq(testItems.id, clientTestRequirements.testItemId))
      .where(and(eq(clientTestRequirements.clientId, client.id), eq(clientTestRequirements.valid, 1)));
    // Only what the write adds must be active: kept rows may point at items frozen since.
    const items = await assertReferences(
      db,
      { table: testItems, active: testItems.active },
      input.tests.map((t) => t.testItemId).filter((id) => !current.some((c) => c.id === id)),
      'testItemId',
    );
    const codes = input.tests.flatMap((t) =>
      t.countryCode && !current.some((c) => c.countryCode === t.countryCode) ? [t.countryCode] : [],
    );
    await assertReferences(
      db,
      { table: countries, active: countries.active, key: countries.code },
      codes,
      'countryCode',
    );
    const itemCode = new Map<bigint, string>([
      ...current.map((c) => [c.id, c.code] as const),
      ...[...items].map(([id, row]) => [id, String(row.code)] as const),
    ]);
    const synced = await syncChildRows(
      db,
      {
        table: clientTestRequirements,
        parentKey: 'clientId',
        parentId: client.id,
        field: 'tests',
        keys: ['testItemId', 'countryCode'],
        values: ['productTypes', 'mandatory'],
        label: (row) => {
          const item = itemCode.get(row.testItemId as bigint) ?? String(row.testItemId);
          return row.countryCode ? `${item}/${String(row.countryCode)}` : item;
        },
        actor,
      },
      input.tests.map((t) => ({
        testItemId: t.testItemId,
        countryCode: t.countryCode ?? null,
        productTypes: [...new Set(t.productTypes.map(Number))].sort(),
        mandatory: t.mandatory,
      })),
      mode,
    );
    changes.push(...synced.changes);
  }

  if (input.safetyTests) {
    const current = await db
      .select({ id: inspectionTests.id, code: inspectionTests.code })
      .from(clientSafetyTests)
      .innerJoin(inspectionTests, eq(inspectionTests.id, clientSafetyTests.inspectionTestId))
      .where(and(eq(clientSafetyTests.clientId, client.id), eq(clientSafetyTests.valid, 1)));
    const tests = await assertReferences(
      db,
      { table: inspectionTests, active: inspectionTests.active },
      input.safetyTests.map((t) => t.inspectionTestId).filter((id) => !current.some((c) => c.id === id)),
      'inspectionTestId',
    );
    const testCode = new Map<bigint, string>([
      ...current.map((c) => [c.id, c.code] as const),
      ...[...tests].map(([id, row]) => [id, String(row.code)] as const),
    ]);
    const synced = await syncChildRows(
      db,
      {
        table: clientSafetyTests,
        parentKey: 'clientId',
        parentId: client.id,
        field: 'safetyTests',
        keys: ['inspectionTestId'],
        values: ['sampleQty', 'criterion'],
        label: (row) => testCode.get(row.inspectionTestId as bigint) ?? String(row.inspectionTestId),
        actor,
      },
      input.safetyTests.map((t) => ({
        inspectionTestId: t.inspectionTestId,
        sampleQty: t.sampleQty,
        criterion: t.criterion ?? null,
      })),
      mode,
    );
    changes.push(...synced.changes);
  }

  if (changes.length === 0) return requirementsOf(db, client);
  const updated = (await updateRecord(db, {
    table: clients,
    id: client.id,
    version: client.version,
    values: {},
    actor,
    entity: CLIENT_ENTITY,
    childChanges: changes,
  })) as ClientRow;
  return requirementsOf(db, updated);
}
