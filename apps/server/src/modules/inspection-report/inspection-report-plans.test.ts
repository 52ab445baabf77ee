import type { SortOrder } from '@qcdesk/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndexOrder, planOf } from '../../../test/support/factories';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { scopeOf } from '../../platform/scope';
import { fillPlannedApplies } from '../inspection-plan/inspection-plan.factory';
import { fillReports } from './inspection-report.factory';
import { type ReportSearch, reportPageQuery, reportSearchWhere } from './inspection-report.queries';

// docs/adding-an-area.md "The tests every area has" 3: the page query of inspection/report/search
// is served by the index of each §3 filter and of each sort, on generated rows with statistics.

let t: TestApp;
let db: Db;
const admin: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set([
    'insp.report.search',
    'insp.report.edit',
    'insp.report.audit',
    'insp.report.admin',
    'insp.report.send',
  ]),
  roleCode: 'ADMIN',
};
const ORDERS: SortOrder[] = ['asc', 'desc'];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fillPlannedApplies(db, 3000);
  await fillReports(db);
});
afterAll(() => t.close());

async function plan(filters: Partial<ReportSearch>, sort?: ReportSearch['sort'], order: SortOrder = 'asc') {
  const where = reportSearchWhere(db, { work: false, ...filters }, await scopeOf(db, admin), admin);
  return planOf(db, reportPageQuery(db, { page: 1, pageSize: 10, sort, order }, where));
}

describe('inspection/report/search plans', () => {
  it('walks the reports latest inspection first, and each sort key, in their indexes', async () => {
    expectIndexOrder(await plan({}), 'inspection_reports_date_sort_idx');
    const indexes = {
      reportNo: 'inspection_reports_no_sort_idx',
      inspectionDate: 'inspection_reports_date_sort_idx',
    } as const;
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) expectIndexOrder(await plan({}, sort, order), index);
    }
  });

  it('serves the to-do (`work`) and the status without reading every report', async () => {
    for (const filters of [{ work: true }, { status: 25 }]) {
      const text = await plan(filters);
      expect(text, text).not.toMatch(/Seq Scan on inspection_reports/);
    }
  });

  it('serves "order no ends with", "product no has" and "factory has" through their indexes', async () => {
    for (const [filters, index] of [
      [{ orderNo: '0002345' }, 'orders_order_no_rev_idx'],
      [{ productNo: 'N0001234' }, 'order_products_product_no_trgm_idx'],
      [{ factory: 'pengle' }, 'factories_search_trgm_idx'],
    ] as const) {
      const text = await plan(filters);
      expect(text, text).toContain(index);
      expect(text, text).not.toMatch(/Seq Scan on inspection_reports/);
    }
    const text = await plan({ productNo: 'N0001234' });
    expect(text, text).toContain('inspection_report_products_');
  });

  it('serves the inspection-date range by its index', async () => {
    const window = { startTime: '2025-03-01', endTime: '2025-03-20' };
    expectIndexOrder(await plan(window), 'inspection_reports_date_sort_idx');
  });

  it('finds the reports of a product and of a factory', async () => {
    const scope = await scopeOf(db, admin);
    const page = { page: 1, pageSize: 50 };
    const byProduct = await reportPageQuery(
      db,
      page,
      reportSearchWhere(db, { work: false, interim: false, productNo: 'IPPLAN0001234-02' }, scope, admin),
    );
    expect(byProduct.map((r) => r.orderNo)).toEqual(['IPPLAN0001234']);
  });
});
