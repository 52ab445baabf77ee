import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { clientSafetyTests, clients, clientTestRequirements } from '../../db/schema/client';
import { countries, inspectionTests, testItems } from '../../db/schema/config';
import type { FieldChange } from '../../db/schema/platform';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockVersion, updateRecord } from '../../platform/records';
import { assertReferences } from '../../platform/references';
import { scopeOf } from '../../platform/scope';
import type { ClientRow } from './client.queries';
import {
  added,
  mayWriteClient,
  safetyTestValues,
  testRequirementLabel,
  testRequirementValues,
} from './client.rules';
import { CLIENT_ENTITY, clientWithFlags } from './client.service';
import { currentSafetyTests, currentTestRequirements, requirementsOf } from './client-requirements.queries';

// A client's requirements (DOMAIN.md §2.2): the test items it requires per destination and the
// on-site safety tests every inspection must run (screen client/safetest/{id}). They are child
// rows of the client: written as sets, logged on the client, guarded by the client's version.

type RequirementsWrite =
  | ParsedInputOf<typeof areas.client.createClientRequirements>
  | ParsedInputOf<typeof areas.client.updateClientRequirements>;
type Mode = 'add' | 'replace';

/** client/test/get, with `modify` for the requirement screen. */
export async function getClientRequirements(db: Db, clientId: bigint, user: Principal) {
  const { client, flags } = await clientWithFlags(db, clientId, user);
  return { detail: await requirementsOf(db, client), flags };
}

/** Writes the test requirements sent; referenced test items and countries it adds must be active. */
async function writeTests(
  db: Db,
  client: ClientRow,
  tests: NonNullable<RequirementsWrite['tests']>,
  mode: Mode,
  actor: Actor,
) {
  const current = await currentTestRequirements(db, client.id);
  // Only what the write adds must be active: kept rows may point at items frozen since.
  const items = await assertReferences(
    db,
    { table: testItems, active: testItems.active },
    added(
      tests.map((t) => t.testItemId),
      current.map((c) => c.id),
    ),
    'testItemId',
  );
  const codes = added(
    tests.flatMap((t) => (t.countryCode ? [t.countryCode] : [])),
    current.flatMap((c) => (c.countryCode ? [c.countryCode] : [])),
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
      label: (row) =>
        testRequirementLabel(
          itemCode.get(row.testItemId as bigint) ?? String(row.testItemId),
          row.countryCode,
        ),
      actor,
    },
    testRequirementValues(tests),
    mode,
  );
  return synced.changes;
}

/** Writes the on-site safety tests sent; the inspection tests it adds must be active. */
async function writeSafetyTests(
  db: Db,
  client: ClientRow,
  safetyTests: NonNullable<RequirementsWrite['safetyTests']>,
  mode: Mode,
  actor: Actor,
) {
  const current = await currentSafetyTests(db, client.id);
  const tests = await assertReferences(
    db,
    { table: inspectionTests, active: inspectionTests.active },
    added(
      safetyTests.map((t) => t.inspectionTestId),
      current.map((c) => c.id),
    ),
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
    safetyTestValues(safetyTests),
    mode,
  );
  return synced.changes;
}

/**
 * client/test (`add`) and client/test/update (`replace`): the lists sent become (or join) the
 * client's; referenced test items, countries and on-site tests must exist, new ones be active.
 */
export async function writeClientRequirements(db: Db, input: RequirementsWrite, user: Principal, mode: Mode) {
  const client = await lockVersion(db, clients, input.clientId, input.version);
  if (client.valid !== 1) throw new AppError('E_STATUS');
  if (!mayWriteClient(await scopeOf(db, user), client)) throw new AppError('E_SCOPE');
  const actor = actorOf(user);
  const changes: FieldChange[] = [];
  if (input.tests) changes.push(...(await writeTests(db, client, input.tests, mode, actor)));
  if (input.safetyTests)
    changes.push(...(await writeSafetyTests(db, client, input.safetyTests, mode, actor)));

  if (changes.length === 0) return requirementsOf(db, client);
  const updated = await updateRecord(db, {
    table: clients,
    id: client.id,
    version: client.version,
    values: {},
    actor,
    entity: CLIENT_ENTITY,
    childChanges: changes,
  });
  return requirementsOf(db, updated);
}
