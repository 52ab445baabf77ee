import { eq } from 'drizzle-orm';
import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { idOf, unique, userId } from '../../../test/support/factories';
import { clients } from '../../db/schema/client';
import { countries, samplingLevels } from '../../db/schema/config';
import { users } from '../../db/schema/identity';
import type { Db } from '../../platform/db';

// Test data of clients (STYLE.md rule 9): `buildClient` inserts a valid client, `clientInput`
// answers the body of client/create. References are named by code, users by username.

const CLIENT_NAMES = [
  ['华美贸易', 'Huamei Trading'],
  ['北欧家居', 'Nordic Home'],
  ['太平洋玩具', 'Pacific Toys'],
  ['金星百货', 'Golden Star Stores'],
] as const;

let built = 0;
/** The next of the bilingual client names, so tests see both scripts. */
const nextName = () => CLIENT_NAMES[built++ % CLIENT_NAMES.length]!;

export interface ClientOverrides {
  name?: string;
  code?: string;
  country?: string;
  type?: number;
  /** Username of the sales owner (default demo.sales). */
  sales?: string;
  majorAql?: number;
  minorAql?: number;
  advanceDays?: number;
  destinationCountries?: string[];
  reportEmails?: string[];
  state?: number;
}

/** The body of client/create. */
export async function clientInput(db: Db, overrides: ClientOverrides = {}) {
  const [zh] = nextName();
  return {
    name: overrides.name ?? unique(`${zh} `),
    ...(overrides.code ? { code: overrides.code } : {}),
    countryId: String(await idOf(db, countries, overrides.country ?? 'US')),
    type: overrides.type ?? 2,
    salesId: String(await userId(db, overrides.sales ?? 'demo.sales')),
    majorAql: overrides.majorAql ?? 2.5,
    minorAql: overrides.minorAql ?? 4,
    advanceDays: overrides.advanceDays ?? 2,
    destinationCountries: overrides.destinationCountries ?? ['US', 'EU'],
    inspectionRequirement: '按客户验货手册执行 / Follow the client inspection manual',
    reportEmails: overrides.reportEmails ?? ['qa@example.com'],
  };
}

/** A client row, owned by `sales` (default demo.sales) in that user's department. */
export async function buildClient(db: Db, overrides: ClientOverrides = {}) {
  const salesId = await userId(db, overrides.sales ?? 'demo.sales');
  const [owner] = await db
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, salesId));
  const [, en] = nextName();
  const [row] = await db
    .insert(clients)
    .values({
      code: overrides.code ?? unique('CT'),
      name: overrides.name ?? unique(`${en} `),
      countryId: await idOf(db, countries, overrides.country ?? 'US'),
      type: overrides.type ?? 1,
      salesId,
      departmentId: owner!.departmentId,
      samplingLevelId: await idOf(db, samplingLevels, 'II'),
      majorAql: (overrides.majorAql ?? 2.5).toFixed(3),
      minorAql: (overrides.minorAql ?? 4).toFixed(3),
      advanceDays: overrides.advanceDays ?? 2,
      destinationCountries: overrides.destinationCountries ?? ['US'],
      reportEmails: overrides.reportEmails ?? [],
      state: overrides.state ?? 1,
      createdBy: salesId,
      updatedBy: salesId,
    })
    .returning();
  return row!;
}

/** test/change-log-scope.test.ts: a client of demo.sales and one of another department. */
export const changeLogScope: ChangeLogScopeCases = {
  clients: byDepartment(async (db, owner) => (await buildClient(db, owner)).id),
};
