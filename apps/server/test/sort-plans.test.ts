import { CONFIG_LISTS, configSortKeys } from '@qcdesk/contract/config-lists';
import type { SortOrder } from '@qcdesk/contract/schemas';
import { and, eq, getTableName, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/identity';
import { clientPageQuery, clientSearchWhere } from '../src/modules/client/client.queries';
import { configPageQuery, filterWhere } from '../src/modules/config/config.service';
import { CONFIG_TABLES } from '../src/modules/config/config-tables';
import {
  firstSamplePageQuery,
  firstSampleSearchWhere,
} from '../src/modules/first-sample/first-sample.queries';
import { groupsQuery } from '../src/modules/identity/groups.service';
import { userPageQuery } from '../src/modules/identity/users.queries';
import { applyPageQuery, applySearchWhere } from '../src/modules/inspection-apply/inspection-apply.queries';
import {
  bookingPageQuery,
  bookingSearchWhere,
} from '../src/modules/inspection-booking/inspection-booking.queries';
import {
  inspectionPlanPageQuery,
  inspectionPlanSearchWhere,
} from '../src/modules/inspection-plan/inspection-plan.queries';
import {
  inspectionTaskPageQuery,
  inspectionTaskSearchWhere,
} from '../src/modules/inspection-task/inspection-task.queries';
import { mailPageQuery } from '../src/modules/mail/mail.service';
import { mailErrorPageQuery, mailErrorWhere } from '../src/modules/mail-service/mail-service.service';
import { materialPageQuery, materialSearchWhere } from '../src/modules/material/material.queries';
import {
  materialTestPage,
  materialTestSearchWhere,
} from '../src/modules/material-test/material-test.queries';
import { samplePageQuery, sampleSearchWhere } from '../src/modules/original-sample/original-sample.queries';
import {
  samplePageQuery as productionSamplePageQuery,
  sampleSearchWhere as productionSampleSearchWhere,
} from '../src/modules/production-sample/production-sample.queries';
import {
  commonStandardQuery,
  countryRequirementQuery,
  standardSearch,
} from '../src/modules/standard/standard.queries';
import { testOrderPageQuery, testOrderSearchWhere } from '../src/modules/test-order/test-order.queries';
import { testReportPageQuery, testReportSearchWhere } from '../src/modules/test-report/test-report.queries';
import type { Principal } from '../src/platform/auth';
import type { Db } from '../src/platform/db';
import { scopeOf } from '../src/platform/scope';
import { planOf } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 12: every sort of every list search is served by an index. For each list and each sort
// key, both directions, the EXPLAIN of the very page query the service runs for the no-filter case
// names the index and sorts nothing but ties (an Incremental Sort on the id after a unique key is
// fine; a full Sort of the matches is not). A couple of thousand rows and ANALYZE give the planner
// real statistics. Most master-data lists hold a few dozen rows, where sorting them in memory is
// rightly the planner's choice: there the check is that the index can give the order (sorting
// off), and the supplier list, filled like a real one, shows the planner taking it.

let t: TestApp;
let db: Db;
const admin: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set(),
  roleCode: 'ADMIN',
};
const ORDERS: SortOrder[] = ['asc', 'desc'];
const page = { page: 3, pageSize: 10, count: true, deleted: false };

/** The plan reads `index` in the sort's order: no full Sort node above it. */
async function expectIndexOrder(query: SQLWrapper, index: string) {
  const plan = await planOf(db, query);
  expect(plan, plan).toContain(index);
  expect(plan, plan).not.toMatch(/(?<!Incremental )Sort {2}\(/);
}

/** As `expectIndexOrder`, with sorting off: the index gives the order, whatever the table's size. */
async function expectIndexCanOrder(query: SQLWrapper, index: string) {
  const plan = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return planOf(tx, query);
  });
  expect(plan, plan).toContain(index);
  expect(plan, plan).not.toMatch(/(?<!Incremental )Sort {2}\(/);
}

async function fill(rows: number) {
  const minutesAgo = sql.raw(`now() - g * interval '1 minute'`);
  await db.execute(sql`
    insert into clients (code, name, country_id, type, sales_id, department_id, sampling_level_id, updated_at)
    select 'SORT' || g, 'Sort client ' || md5(g::text), (select id from countries where code = 'US'), 1,
           (select id from users where username = 'demo.sales'),
           (select department_id from users where username = 'demo.sales'),
           (select id from sampling_levels where code = 'II'), ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into materials (upc, name, risk_level_id, material_type_id, updated_at)
    select 'SORT-' || g, '材料 ' || md5(g::text), (select id from risk_levels where code = 'R2'),
           (select id from material_types where code = 'PLASTIC'), ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into material_tests (test_no, material_id, start_date, end_date, pushed_at, updated_at)
    select 'MTSORT' || lpad(g::text, 6, '0'), (select min(id) from materials),
           current_date - g % 700, current_date - g % 700 + 365,
           case when g % 3 = 0 then ${minutesAgo} end, ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into original_samples (item_no, name, complete, updated_at)
    select 'SORT-' || lpad(g::text, 7, '0'), '原样 ' || md5(g::text), true, ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into production_samples (item_no, client_id, department_id, provider_factory_id, received_date,
                                    quantity, status, audit_result, audit_time, updated_at)
    select 'PS-SORT-' || lpad(g::text, 7, '0'), c.id, c.department_id, (select min(id) from factories),
           current_date - g % 700, 6, case when g % 2 = 0 then 20 else 10 end, g % 2 * 2,
           case when g % 2 = 0 then ${minutesAgo} end, ${minutesAgo}
    from generate_series(1, ${rows}) g, (select id, department_id from clients order by id limit 1) c`);
  await db.execute(sql`
    insert into first_samples (sample_no, item_no, order_product_id, client_id, department_id, received_date,
                               status, result, audited_at, updated_at)
    select 'FSSORT' || lpad(g::text, 7, '0'), 'FS-SORT-' || md5(g::text), p.id, p.client_id, p.department_id,
           current_date - g % 700, case when g % 2 = 0 then 30 else 10 end, g % 2 * 3,
           case when g % 2 = 0 then ${minutesAgo} end, ${minutesAgo}
    from generate_series(1, ${rows}) g,
         (select id, client_id, department_id from order_products order by id limit 1) p`);
  await db.execute(sql`
    insert into test_orders (test_order_no, client_id, department_id, lab_id, test_type_id, apply_type,
                             plan_time, updated_at)
    select 'TOSORT' || lpad(g::text, 7, '0'), c.id, c.department_id, (select min(id) from labs),
           (select min(id) from test_types), 2, current_date - g % 700, ${minutesAgo}
    from generate_series(1, ${rows}) g, (select id, department_id from clients order by id limit 1) c`);
  await db.execute(sql`
    insert into inspection_applies (apply_no, inspection_type_id, order_id, factory_id, client_id, department_id,
                                    expected_date, updated_at)
    select 'IASORT' || lpad(g::text, 7, '0'), (select min(id) from inspection_types), p.order_id, p.factory_id,
           p.client_id, p.department_id, current_date - g % 700, ${minutesAgo}
    from generate_series(1, ${rows}) g,
         (select order_id, factory_id, client_id, department_id from order_products order by id limit 1) p`);
  await db.execute(sql`
    insert into inspection_bookings (booking_no, booking_type_id, inspection_type_id, client_id, department_id,
                                     factory_id, inspection_date, contact_name, contact_phone, updated_at)
    select 'BKSORT' || lpad(g::text, 7, '0'), b.id, b.inspection_type_id, p.client_id, p.department_id,
           p.factory_id, current_date - g % 700, 'Contact', '123', ${minutesAgo}
    from generate_series(1, ${rows}) g,
         (select client_id, department_id, factory_id from order_products order by id limit 1) p,
         (select id, inspection_type_id from booking_types order by id limit 1) b`);
  await db.execute(sql`
    insert into inspection_plans (plan_no, factory_id, plan_date, end_date, lead_inspector_id, updated_at)
    select 'IPSORT' || lpad(g::text, 7, '0'), (select min(id) from factories), current_date - g % 700,
           current_date - g % 700, (select id from users where username = 'demo.inspector'), ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into inspection_tasks (task_no, plan_id, factory_id, inspection_type_id, inspector_id, task_date,
                                  updated_at)
    select p.plan_no || '-01', p.id, p.factory_id, (select min(id) from inspection_types), p.lead_inspector_id,
           p.plan_date, p.updated_at
    from inspection_plans p where p.plan_no like 'IPSORT%'`);
  await db.execute(sql`
    insert into test_reports (report_no, report_type, lab_id, test_type_id, client_id, department_id,
                              list_date, status, updated_at)
    select 'TRSORT' || lpad(g::text, 7, '0'), 1, (select min(id) from labs), (select min(id) from test_types),
           c.id, c.department_id, current_date - g % 700, 20, ${minutesAgo}
    from generate_series(1, ${rows}) g, (select id, department_id from clients order by id limit 1) c`);
  await db.execute(sql`
    insert into common_standards (name, updated_at)
    select 'Common ' || md5(g::text), ${minutesAgo} from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into country_requirements (country_id, name, updated_at)
    select (select id from countries where code = 'DE'), '要求 ' || md5(g::text), ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into users (name, english_name, username, email, department_id, position, role_id)
    select '用户' || g, 'User ' || md5(g::text), 'sort.user' || g, 'sort.user' || g || '@example.com',
           (select department_id from users where username = 'demo.sales'), 1,
           (select role_id from users where username = 'demo.sales')
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into groups (name) select 'Group ' || md5(g::text) from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into mail_outbox ("to", subject, text, html, lang, template, status, sent_at, created_at)
    select 'r' || md5(g::text) || '@example.com', 'Subject', 'text', '<p>html</p>', 'zh', 'test',
           case when g % 10 = 0 then 'failed' else 'sent' end,
           case when g % 10 = 0 then null else ${minutesAgo} end, ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into suppliers (code, name_zh, name_en, updated_at)
    select 'SUP-SORT-' || g, '供应商' || md5(g::text), 'Supplier ' || md5(g::text), ${minutesAgo}
    from generate_series(1, ${rows}) g`);
  const tables = [
    'clients',
    'materials',
    'material_tests',
    'original_samples',
    'production_samples',
    'first_samples',
    'test_orders',
    'inspection_applies',
    'inspection_bookings',
    'inspection_plans',
    'inspection_tasks',
    'test_reports',
    'common_standards',
  ];
  for (const table of [...tables, 'country_requirements', 'users', 'groups', 'mail_outbox', 'suppliers']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await fill(800);
});
afterAll(() => t.close());

describe('sort plans: each sort of each list search reads its index', () => {
  it('client/search (and in a department scope)', async () => {
    const indexes = {
      code: 'clients_code_uq',
      name: 'clients_name_uq',
      updatedAt: 'clients_updated_sort_idx',
    };
    const sales: Principal = { ...admin, userId: 2n, roleCode: 'SALES', departmentId: 1n };
    for (const user of [admin, sales]) {
      const scope = await scopeOf(db, user);
      for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
        for (const order of ORDERS) {
          const input = { ...page, name: undefined, sort, order };
          await expectIndexOrder(clientPageQuery(db, input, clientSearchWhere(input, scope, user)), index);
        }
      }
    }
  });

  it('material/search', async () => {
    const indexes = {
      upc: 'materials_upc_uq',
      name: 'materials_name_sort_idx',
      updatedAt: 'materials_updated_sort_idx',
    };
    const where = materialSearchWhere({ deleted: false }, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        await expectIndexOrder(materialPageQuery(db, where, 3, 10, { sort, order }), index);
      }
    }
  });

  it('materialtest/search', async () => {
    const indexes = {
      testNo: 'material_tests_no_uq',
      startDate: 'material_tests_start_idx',
      endDate: 'material_tests_end_idx',
      pushedAt: 'material_tests_pushed_sort_idx',
      updatedAt: 'material_tests_updated_sort_idx',
    };
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, sort, order };
        await expectIndexOrder(
          materialTestPage(db, materialTestSearchWhere(input, admin), 3, 10, input),
          index,
        );
      }
    }
  });

  it('firstsample/search', async () => {
    const indexes = {
      sampleNo: 'first_samples_sample_no_sort_idx',
      itemNo: 'first_samples_item_sort_idx',
      receivedDate: 'first_samples_received_sort_idx',
      auditedAt: 'first_samples_audited_sort_idx',
    };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = {
          ...page,
          orderNo: undefined,
          productNo: undefined,
          itemNo: undefined,
          factory: undefined,
          sort,
          order,
        };
        await expectIndexOrder(
          firstSamplePageQuery(db, input, firstSampleSearchWhere(db, input, scope)),
          index,
        );
      }
    }
  });

  it('productionsample/search', async () => {
    const indexes = {
      itemNo: 'production_samples_item_sort_idx',
      receivedDate: 'production_samples_received_sort_idx',
      auditTime: 'production_samples_audit_time_sort_idx',
    };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, itemNo: undefined, sort, order };
        await expectIndexOrder(
          productionSamplePageQuery(db, input, productionSampleSearchWhere(input, scope)),
          index,
        );
      }
    }
  });

  it('ordertest/search', async () => {
    const indexes = { testOrderNo: 'test_orders_no_', planTime: 'test_orders_plan_sort_idx' };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, sort, order };
        await expectIndexOrder(testOrderPageQuery(db, input, testOrderSearchWhere(db, input, scope)), index);
      }
    }
  });

  it('inspection/apply/search', async () => {
    const indexes = {
      applyNo: 'inspection_applies_no_',
      expectedDate: 'inspection_applies_expected_sort_idx',
    };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, sort, order };
        await expectIndexOrder(applyPageQuery(db, input, applySearchWhere(db, input, scope)), index);
      }
    }
  });

  it('inspection/booking/search', async () => {
    const indexes = {
      bookingNo: 'inspection_bookings_no_',
      inspectionDate: 'inspection_bookings_date_sort_idx',
    };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, sort, order };
        await expectIndexOrder(
          bookingPageQuery(db, input, bookingSearchWhere(db, input, scope, admin)),
          index,
        );
      }
    }
  });

  it('inspection/plan/search', async () => {
    const indexes = { planNo: 'inspection_plans_no_', planDate: 'inspection_plans_date_sort_idx' };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, sort, order };
        await expectIndexOrder(
          inspectionPlanPageQuery(db, input, inspectionPlanSearchWhere(db, input, scope)),
          index,
        );
      }
    }
  });

  it('inspection/task/search', async () => {
    const indexes = { taskNo: 'inspection_tasks_no_uq', taskDate: 'inspection_tasks_date_sort_idx' };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, sort, order };
        await expectIndexOrder(
          inspectionTaskPageQuery(db, input, inspectionTaskSearchWhere(db, input, scope)),
          index,
        );
      }
    }
  });

  it('testreport/search', async () => {
    const indexes = { reportNo: 'test_reports_no_sort_idx', reportDate: 'test_reports_date_sort_idx' };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const none = {
          reportNo: undefined,
          orderNo: undefined,
          productNo: undefined,
          sku: undefined,
          desc: undefined,
          factory: undefined,
        };
        const input = { ...page, ...none, sort, order };
        await expectIndexOrder(
          testReportPageQuery(db, input, testReportSearchWhere(db, input, scope)),
          index,
        );
      }
    }
  });

  it('originalsample/search (complete ones, the default filter)', async () => {
    const indexes = {
      itemNo: 'original_samples_item_uq',
      name: 'original_samples_name_sort_idx',
      updatedAt: 'original_samples_updated_sort_idx',
    };
    const scope = await scopeOf(db, admin);
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, itemNo: undefined, name: undefined, complete: true, sort, order };
        await expectIndexOrder(samplePageQuery(db, input, sampleSearchWhere(input, scope, false)), index);
      }
    }
  });

  it('standard/search and countryrequire/search', async () => {
    const kinds = {
      common: { name: 'common_standards_name_uq', updatedAt: 'common_standards_updated_sort_idx' },
      country: {
        name: 'country_requirements_name_sort_idx',
        updatedAt: 'country_requirements_updated_sort_idx',
      },
    };
    for (const kind of ['common', 'country'] as const) {
      for (const [sort, index] of Object.entries(kinds[kind]) as ['name' | 'updatedAt', string][]) {
        for (const order of ORDERS) {
          const { where, order: orderBy } = standardSearch(kind, { deleted: false, sort, order }, admin);
          const query = { where, order: orderBy, limit: 10, offset: 20 };
          const built =
            kind === 'common' ? commonStandardQuery(db, query) : countryRequirementQuery(db, query);
          await expectIndexOrder(built, index);
        }
      }
    }
  });

  it('user/search and group', async () => {
    const indexes = {
      username: 'users_username_uq',
      name: 'users_name_sort_idx',
      englishName: 'users_english_name_sort_idx',
    };
    for (const [sort, index] of Object.entries(indexes) as [keyof typeof indexes, string][]) {
      for (const order of ORDERS) {
        await expectIndexOrder(userPageQuery(db, and(eq(users.valid, 1)), { ...page, sort, order }), index);
      }
    }
    for (const order of ORDERS) {
      await expectIndexOrder(groupsQuery(db, { sort: 'name', order }).limit(10), 'groups_name_uq');
    }
  });

  it('mail/search and the mail-error list', async () => {
    const outbox = {
      to: 'mail_outbox_to_sort_idx',
      createdAt: 'mail_outbox_created_idx',
      sentAt: 'mail_outbox_sent_sort_idx',
    };
    for (const [sort, index] of Object.entries(outbox) as [keyof typeof outbox, string][]) {
      for (const order of ORDERS) {
        await expectIndexOrder(mailPageQuery(db, undefined, { ...page, sort, order }), index);
      }
    }
    const errors = { to: 'mail_outbox_failed_to_sort_idx', createdAt: 'mail_outbox_status_idx' };
    for (const [sort, index] of Object.entries(errors) as [keyof typeof errors, string][]) {
      for (const order of ORDERS) {
        const input = { ...page, solved: false, sort, order };
        await expectIndexOrder(mailErrorPageQuery(db, mailErrorWhere(input), input), index);
      }
    }
  });

  it('config/{list}: code (or key), names and dates of every list, for forms and the back office', async () => {
    const backOffice: Principal = { ...admin, permissions: new Set(['config.search', 'config.edit']) };
    const suffix = (key: string) =>
      ({ nameZh: 'name_zh_sort_idx', nameEn: 'name_en_sort_idx', effectiveDate: 'effective_sort_idx' })[
        key
      ] ?? `${key}_uq`;
    let plans = 0;
    for (const list of CONFIG_LISTS) {
      const table = getTableName(CONFIG_TABLES[list.name] as never);
      // The supplier list has as many rows as a real one: the planner itself takes the index.
      const check = list.name === 'supplier' ? expectIndexOrder : expectIndexCanOrder;
      for (const user of [admin, backOffice]) {
        const where = filterWhere(list, {}, user);
        for (const sort of configSortKeys(list)) {
          for (const order of ORDERS) {
            const input = { page: 3, pageSize: 10, sort, order };
            await check(configPageQuery(db, list, where, input), `${table}_${suffix(sort)}`);
            plans++;
          }
        }
      }
    }
    expect(plans).toBeGreaterThan(CONFIG_LISTS.length * 4 * 3);
  });
});
