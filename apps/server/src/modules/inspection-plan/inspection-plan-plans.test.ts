import { describe, expect, it } from 'vitest';
import { expectIndexOrder } from '../../../test/support/factories';
import { expectFilterIndexes, expectSortIndexes, searchPlans } from '../../../test/support/search-plans';
import { fillPlannedApplies } from './inspection-plan.factory';
import { inspectionPlanPageQuery, inspectionPlanSearchWhere } from './inspection-plan.queries';

// docs/adding-an-area.md "The tests every area has" 3: the page query of inspection/plan/search is
// served by the index of each §3 filter and of each sort. Enough generated rows and ANALYZE give
// the planner real statistics; EXPLAIN of the very query the service runs must name the index
// (sequential scans off, as planOf sets).

const { plan } = searchPlans({
  permission: 'inspplan.search',
  fill: (db) => fillPlannedApplies(db, 1000),
  where: inspectionPlanSearchWhere,
  pageQuery: inspectionPlanPageQuery,
});

describe('inspection/plan/search plans', () => {
  it('walks the plans newest plan date first, and each sort key, in their indexes', async () => {
    expectIndexOrder(await plan({}), 'inspection_plans_date_sort_idx');
    await expectSortIndexes((sort, order) => plan({}, sort, order), {
      planNo: 'inspection_plans_no_',
      planDate: 'inspection_plans_date_sort_idx',
    });
  });

  it('serves "order no ends with" and "product no has" through the products, items and tasks', async () => {
    const throughTasks = ['inspection_apply_items_product_idx', 'inspection_tasks_apply_idx'];
    await expectFilterIndexes(plan, [
      [{ orderNo: '0002345' }, 'order_products_order_no_rev_idx', ...throughTasks],
      [{ productNo: 'N0001234' }, 'order_products_product_no_trgm_idx', ...throughTasks],
      [{ productNo: 'zq' }, 'order_products_product_no_bigram_idx', ...throughTasks],
    ]);
  });

  it('serves "factory has" by the factories’ trigrams and bigrams, then the factory index', async () => {
    // Alone: within a narrow plan-date window the planner rightly reads the window's plans first.
    await expectFilterIndexes(plan, [
      [{ factory: 'pengle' }, 'factories_search_trgm_idx', 'inspection_plans_factory_idx'],
      [{ factory: '鹏乐' }, 'factories_search_bigram_idx', 'inspection_plans_factory_idx'],
    ]);
  });

  it('serves the plan-date range and the status by their indexes', async () => {
    const window = { startTime: '2025-03-01', endTime: '2025-03-20' };
    // The window's few plans are read by the date index (and may be sorted after the joins).
    expect(await plan(window)).toContain('inspection_plans_date_sort_idx');
    expect(await plan(window, 'planDate')).toContain('inspection_plans_date_sort_idx');
    expectIndexOrder(await plan({ status: 20 }), 'inspection_plans_status_idx');
    // The few plans of a status in a window are read by the status index and sorted.
    expect(await plan({ status: 20, ...window })).toContain('inspection_plans_status_idx');
  });
});
