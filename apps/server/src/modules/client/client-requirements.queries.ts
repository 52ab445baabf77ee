import { and, asc, eq } from 'drizzle-orm';
import { clientSafetyTests, clientTestRequirements } from '../../db/schema/client';
import { inspectionTests, testItems } from '../../db/schema/config';
import type { Db } from '../../platform/db';
import { type ClientRow, countriesByCode } from './client.queries';

// The SQL of a client's requirement lists (test requirements, on-site safety tests).

/** The client's requirement lists as client/test/get answers them. */
export async function requirementsOf(db: Db, client: Pick<ClientRow, 'id' | 'version'>) {
  const tests = await db
    .select({
      id: clientTestRequirements.id,
      testItem: {
        id: testItems.id,
        code: testItems.code,
        nameZh: testItems.nameZh,
        nameEn: testItems.nameEn,
      },
      countryCode: clientTestRequirements.countryCode,
      productTypes: clientTestRequirements.productTypes,
      mandatory: clientTestRequirements.mandatory,
    })
    .from(clientTestRequirements)
    .innerJoin(testItems, eq(testItems.id, clientTestRequirements.testItemId))
    .where(and(eq(clientTestRequirements.clientId, client.id), eq(clientTestRequirements.valid, 1)))
    .orderBy(asc(testItems.sort), asc(testItems.code), asc(clientTestRequirements.countryCode));
  const country = await countriesByCode(db, [
    ...new Set(tests.flatMap((t) => (t.countryCode ? [t.countryCode] : []))),
  ]);
  const safety = await db
    .select({
      id: clientSafetyTests.id,
      inspectionTest: {
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
    tests: tests.map(({ countryCode, ...t }) => ({
      ...t,
      country: countryCode
        ? (country.get(countryCode) ?? { id: 0n, code: countryCode, nameZh: null, nameEn: null })
        : null,
    })),
    safetyTests: safety,
  };
}

/** The test items (with destination) the client requires now. */
export function currentTestRequirements(db: Db, clientId: bigint) {
  return db
    .select({ id: testItems.id, code: testItems.code, countryCode: clientTestRequirements.countryCode })
    .from(clientTestRequirements)
    .innerJoin(testItems, eq(testItems.id, clientTestRequirements.testItemId))
    .where(and(eq(clientTestRequirements.clientId, clientId), eq(clientTestRequirements.valid, 1)));
}

/** The on-site tests the client requires now. */
export function currentSafetyTests(db: Db, clientId: bigint) {
  return db
    .select({ id: inspectionTests.id, code: inspectionTests.code })
    .from(clientSafetyTests)
    .innerJoin(inspectionTests, eq(inspectionTests.id, clientSafetyTests.inspectionTestId))
    .where(and(eq(clientSafetyTests.clientId, clientId), eq(clientSafetyTests.valid, 1)));
}
