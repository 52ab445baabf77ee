import type { SortOrder } from '@qcdesk/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndexOrder, planOf } from '../../../test/support/factories';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { scopeOf } from '../../platform/scope';
import { fillPlannedApplies } from './inspection-plan.factory';
import {
  type InspectionPlanSearch,
  inspectionPlanPageQuery,
  inspectionPlanSearchWhere,
} from './inspection-plan.queries';

// docs/adding-an-area.md "The tests every area has" 3: the page query of inspection/plan/search is
// served by the index of each §3 filter and of each sort. Enough generated rows and ANALYZE give
// the planner real statistics; EXPLAIN of the very query the service runs must name the index
// (sequential scans off, as planOf sets).

let t: TestApp;
let db: Db;
const admin: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set(['inspplan.search']),
  roleCode: 'ADMIN',
};
const ORDERS: SortOrder[] = ['asc', 'desc'];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fillPlannedApplies(db, 3000);
});
afterAll(() => t.close());

async function plan(
  filters: Partial<InspectionPlanSearch>,
  sort?: InspectionPlanSearch['sort'],
  order: SortOrder = 'asc',
) {
  const scope = await scopeOf(db, admin);
  const where = inspectionPlanSearchWhere(db, filters, scope);
  return planOf(db, inspectionPlanPageQuery(db, { page: 1, pageSize: 10, sort, order }, where));
}

describe('inspection/plan/search plans', () => {
  it('walks the plans newest plan date first, and each sort key, in their indexes', async () => {
    expectIndexOrder(await plan({}), 'inspection_plans_date_sort_idx');
    const indexes = { planNo: 'inspection_plans_no_', planDate: 'inspection_plans_date_sort_idx' } as const;
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) expectIndexOrder(await plan({}, sort, order), index);
    }
  });

  it('serves "order no ends with" and "product no has" through the products, items and tasks', async () => {
    for (const [filters, index] of [
      [{ orderNo: '0002345' }, 'order_products_order_no_rev_idx'],
      [{ productNo: 'N0001234' }, 'order_products_product_no_trgm_idx'],
      [{ productNo: 'zq' }, 'order_products_product_no_bigram_idx'],
    ] as const) {
      const text = await plan(filters);
      expect(text, text).toContain(index);
      expect(text, text).toContain('inspection_apply_items_product_idx');
      expect(text, text).toContain('inspection_tasks_apply_idx');
    }
  });

  it('serves "factory has" by the factories’ trigrams and bigrams, then the factory index', async () => {
    for (const [factory, index] of [
      ['pengle', 'factories_search_trgm_idx'],
      ['鹏乐', 'factories_search_bigram_idx'],
    ] as const) {
      // Alone: within a narrow plan-date window the planner rightly reads the window's plans first.
      const text = await plan({ factory });
      expect(text, text).toContain(index);
      expect(text, text).toContain('inspection_plans_factory_idx');
    }
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
