import { describe, expect, it } from 'vitest';
import { expectIndexOrder } from '../../../test/support/factories';
import { expectFilterIndexes, expectSortIndexes, searchPlans } from '../../../test/support/search-plans';
import { fillPlannedApplies } from '../inspection-plan/inspection-plan.factory';
import { inspectionTaskPageQuery, inspectionTaskSearchWhere } from './inspection-task.queries';

// docs/adding-an-area.md "The tests every area has" 3: the page query of inspection/task/search is
// served by the index of each §3 filter and of each sort. Enough generated rows and ANALYZE give
// the planner real statistics; EXPLAIN of the very query the service runs must name the index
// (sequential scans off, as planOf sets).

const search = searchPlans({
  permission: 'insptask.search',
  fill: (db) => fillPlannedApplies(db, 3000),
  where: inspectionTaskSearchWhere,
  pageQuery: inspectionTaskPageQuery,
});
const { plan } = search;

describe('inspection/task/search plans', () => {
  it('walks the tasks nearest task date first, and each sort key, in their indexes', async () => {
    expectIndexOrder(await plan({}), 'inspection_tasks_date_sort_idx');
    await expectSortIndexes((sort, order) => plan({}, sort, order), {
      taskNo: 'inspection_tasks_no_uq',
      taskDate: 'inspection_tasks_date_sort_idx',
    });
  });

  it('serves "order no ends with" and "product no has" through the products and items', async () => {
    const throughTasks = ['inspection_apply_items_product_idx', 'inspection_tasks_apply_idx'];
    await expectFilterIndexes(plan, [
      [{ orderNo: '0002345' }, 'order_products_order_no_rev_idx', ...throughTasks],
      [{ productNo: 'N0001234' }, 'order_products_product_no_trgm_idx', ...throughTasks],
      [{ productNo: 'zq' }, 'order_products_product_no_bigram_idx', ...throughTasks],
    ]);
  });

  it('finds by the product and factory filters the tasks of the matching applications and factories', async () => {
    const { db } = search;
    const scope = await search.scope();
    const page = { page: 1, pageSize: 50 };
    const byProduct = await inspectionTaskPageQuery(
      db,
      page,
      inspectionTaskSearchWhere(db, { productNo: 'IPPLAN0001234-02' }, scope),
    );
    expect(byProduct.map((r) => r.orderNo)).toEqual(['IPPLAN0001234']);
    const byFactory = await inspectionTaskPageQuery(
      db,
      page,
      inspectionTaskSearchWhere(db, { factory: 'pengle' }, scope),
    );
    expect(byFactory.length).toBeGreaterThan(0);
    expect(new Set(byFactory.map((r) => r.factory.nameEn))).toEqual(
      new Set(['Shantou Chenghai Pengle Plastic Toys Factory']),
    );
  });

  it('serves "factory has" by the factories’ trigrams and bigrams, the tasks by an index', async () => {
    // The matching factories come first, as an array (inspection-task.queries.ts): the planner,
    // guessing ten of them, walks the tasks in page order and tests each, or within a date window
    // reads the window. Either way no task is read but through an index, and none twice.
    for (const [factory, index] of [
      ['pengle', 'factories_search_trgm_idx'],
      ['鹏乐', 'factories_search_bigram_idx'],
    ] as const) {
      const text = await plan({ factory });
      expect(text, text).toContain(index);
      expect(text, text).toMatch(/Index Scan using inspection_tasks_\w+ on inspection_tasks\b/);
      expect(text, text).not.toMatch(/Hash (Semi )?Join/);
    }
  });

  it('serves the task-date range by its index', async () => {
    const window = { startTime: '2025-03-01', endTime: '2025-03-20' };
    expectIndexOrder(await plan(window), 'inspection_tasks_date_sort_idx');
    expectIndexOrder(await plan(window, 'taskDate', 'desc'), 'inspection_tasks_date_sort_idx');
  });
});
