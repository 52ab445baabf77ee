import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/domain/calendar';
import { fillChartData } from '../src/modules/dashboard/dashboard.factory';
import {
  factoryResultQuery,
  highRiskQuery,
  inspectorLoadQuery,
  lateLoadQuery,
  leadTimeQuery,
  passRateQuery,
} from '../src/modules/dashboard/dashboard-charts.queries';
import { addMonths, businessDate } from '../src/platform/business-time';
import type { Db } from '../src/platform/db';
import type { Scope } from '../src/platform/scope';
import { planOf } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

// The dashboard's charts (issue 30) read their records through indexes, never by a sequential scan
// of a business table: reports and loadings by status and date, tasks by date, open risks by status,
// and every join by a key. Ten years of reports and tasks, a day each, ANALYZEd.

let t: TestApp;
let db: Db;
const today = businessDate();
const period = { from: `${addMonths(today, -5).slice(0, 7)}-01`, to: today };
const scopes: Scope[] = [
  { kind: 'all' },
  { kind: 'department', userId: 1n, departmentIds: [1n, 2n], ownClientsOnly: false },
  { kind: 'client', clientId: 1n },
  { kind: 'inspector', userId: 1n },
];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fillChartData(db, 3650);
});
afterAll(() => t.close());

const BUSINESS_TABLES =
  /Seq Scan on (inspection_\w+|supervise_\w+|order_products|orders|order_risks|order_risk_items)\b/;

async function expectIndexed(query: SQL, index?: string) {
  const plan = await planOf(db, query);
  // A scope that reads nothing (an inspector's high-risk tests) reads no table at all.
  if (plan.includes('One-Time Filter: false')) return;
  expect(plan, plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  expect(plan, plan).not.toMatch(BUSINESS_TABLES);
  if (index) expect(plan, plan).toContain(index);
}

describe('dashboard chart plans', () => {
  it('reads the period’s reports through the status and date index, in every scope', async () => {
    for (const scope of scopes) {
      const index = scope.kind === 'all' ? 'inspection_reports_status_idx' : undefined;
      await expectIndexed(passRateQuery(scope, period, 'client'), index);
      await expectIndexed(passRateQuery(scope, period, 'factory'), index);
      await expectIndexed(leadTimeQuery(scope, period), index);
      await expectIndexed(factoryResultQuery(scope, period), index);
    }
  });

  it('reads loadings by status and date, tasks by date and open risks by status', async () => {
    const next = { from: today, to: addDays(today, 13) };
    for (const scope of scopes) {
      await expectIndexed(lateLoadQuery(scope, period));
      await expectIndexed(inspectorLoadQuery(scope, next));
      // Few risks here: PostgreSQL may rightly start from the items' risk index instead of the status one.
      await expectIndexed(highRiskQuery(scope, 10));
    }
  });
});
