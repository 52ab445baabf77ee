import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { describe, expect, it } from 'vitest';
import { expectIndexOrder } from '../../../test/support/factories';
import { expectFilterIndexes, SORT_ORDERS, searchPlans } from '../../../test/support/search-plans';
import { fillSuperviseReports } from './supervise-report.factory';
import { supervisePageQuery, superviseSearchWhere } from './supervise-report.queries';

// docs/adding-an-area.md "The tests every area has" 3: the page query of supervisereport/search is
// served by the index of each §3 filter and of each sort, on generated rows with statistics
// (EXPLAIN of the very query the service runs, sequential scans off).

const search = searchPlans({
  permission: 'supervise.search',
  fill: (db) => fillSuperviseReports(db, 2000),
  where: (db, filters: Parameters<typeof superviseSearchWhere>[1], scope) =>
    superviseSearchWhere(db, filters, scope),
  pageQuery: supervisePageQuery,
});
const { plan } = search;
const noScan = (text: string) => expect(text, text).not.toMatch(/Seq Scan on supervise_reports/);
/** The page's own plan: before the row's order-no subquery, whose array_agg(distinct) sorts its few lines. */
const pagePart = (text: string) => text.split('SubPlan')[0]!;

describe('supervisereport/search plans', () => {
  it('walks the reports newest first, and each sort key, in their indexes', async () => {
    expectIndexOrder(pagePart(await plan({})), 'supervise_reports_pkey');
    const indexes = {
      reportNo: 'supervise_reports_no_sort_idx',
      loadingDate: 'supervise_reports_date_sort_idx',
    } as const;
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][])
      for (const order of SORT_ORDERS) expectIndexOrder(pagePart(await plan({}, sort, order)), index);
  });

  it('serves "order no ends with", "product no has" and "client PO ends with" through the product lines', async () => {
    const lines = 'supervise_report_products_product_idx';
    await expectFilterIndexes(plan, [
      [{ orderNo: '0002345' }, 'order_products_order_no_rev_idx', lines],
      [{ productNo: 'N0001234' }, 'order_products_product_no_trgm_idx', lines],
      [{ po: 'abc123' }, 'orders_po_rev_idx'],
    ]);
  });

  it('serves "factory has" (a few factories here), the status, the pre-supervise list and the loading-date range without reading every report', async () => {
    for (const filters of [
      { factory: 'pengle' },
      { status: SUPERVISE_REPORT_STATUS.submitted },
      { pre: true },
      { startTime: '2025-03-01', endTime: '2025-03-20' },
    ])
      noScan(await plan(filters));
  });

  it('finds the report of a product', async () => {
    const rows = await supervisePageQuery(
      search.db,
      { page: 1, pageSize: 50 },
      superviseSearchWhere(search.db, { productNo: 'SVPLAN0001234-02' }, await search.scope()),
    );
    expect(rows.map((r) => r.orderNos)).toEqual([['SVPLAN0001234']]);
  });
});
