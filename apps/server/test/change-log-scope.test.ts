import type { RoleCode } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { isConfigListName } from '@qcdesk/contract/config-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTracks, vehicles } from '../src/db/schema/config';
import { contracts } from '../src/db/schema/contract';
import { shippings } from '../src/db/schema/shipping';
import { buildClient } from '../src/modules/client/client.factory';
import { buildFirstSample } from '../src/modules/first-sample/first-sample.factory';
import { buildInspectionApply } from '../src/modules/inspection-apply/inspection-apply.factory';
import { buildInspectionBooking } from '../src/modules/inspection-booking/inspection-booking.factory';
import { buildPlan, buildSubmittedApply } from '../src/modules/inspection-plan/inspection-plan.factory';
import { buildReport } from '../src/modules/inspection-report/inspection-report.factory';
import { buildOrder } from '../src/modules/order/order.factory';
import { buildOrderRisk } from '../src/modules/order-risk/order-risk.factory';
import { buildOriginalSample } from '../src/modules/original-sample/original-sample.factory';
import { buildProductionSample } from '../src/modules/production-sample/production-sample.factory';
import { buildTestOrder } from '../src/modules/test-order/test-order.factory';
import { buildTestReport } from '../src/modules/test-report/test-report.factory';
import { writeChangeLog } from '../src/platform/change-log';
import type { Db } from '../src/platform/db';
import { unique } from './support/factories';
import { buildUser, signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// DOMAIN.md §5.2/§6.11: the change log shows only records the caller may read. Every area declares
// its change log with the record rule its own `get` applies (`defineModule({ changeLog })`); this
// test walks every declaration, so an area added later must either name the records a scoped user
// may and may not read (SCOPED below) or say why its records have no scope (UNSCOPED).

/** Entities whose records every holder of the read permission reads (DOMAIN.md §5.4), and why. */
const UNSCOPED: Record<string, string> = {
  materials: 'materials have no record scope: material.search reads every one',
  material_tests: 'material tests have no record scope',
  common_standards: 'standards have no record scope',
  country_requirements: 'standards have no record scope',
  mail_outbox: 'the mail-error list is an administrator screen without record scope',
  factory_schedules: 'factory schedules have no record scope: schedule.search reads every factory’s calendar',
};

/** For a scoped entity: one record a SALES user of SALES1 may read, and one of another department. */
const SCOPED: Record<string, (db: Db) => Promise<{ mine: bigint; elsewhere: bigint }>> = {
  clients: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildClient(db);
    const elsewhere = await buildClient(db, { sales: other.username });
    return { mine: mine.id, elsewhere: elsewhere.id };
  },
  original_samples: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildOriginalSample(db, { clientId: (await buildClient(db)).id });
    const elsewhere = await buildOriginalSample(db, {
      clientId: (await buildClient(db, { sales: other.username })).id,
    });
    return { mine: mine.id, elsewhere: elsewhere.id };
  },
  production_samples: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildProductionSample(db, { clientId: (await buildClient(db)).id });
    const elsewhere = await buildProductionSample(db, {
      clientId: (await buildClient(db, { sales: other.username })).id,
    });
    return { mine: mine.id, elsewhere: elsewhere.id };
  },
  // Scoped through their order product's client and department.
  first_samples: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildFirstSample(db, { orderProductId: (await buildOrder(db)).products[0]!.id });
    const elsewhere = await buildFirstSample(db, {
      orderProductId: (await buildOrder(db, { sales: other.username })).products[0]!.id,
    });
    return { mine: mine.id, elsewhere: elsewhere.id };
  },
  // Scoped through their products' client and department (DOMAIN.md §5.4 "report via order").
  test_reports: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildTestReport(db, { orderProductId: (await buildOrder(db)).products[0]!.id });
    const elsewhere = await buildTestReport(db, {
      orderProductId: (await buildOrder(db, { sales: other.username })).products[0]!.id,
    });
    return { mine: mine.id, elsewhere: elsewhere.id };
  },
  orders: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const mine = await buildOrder(db);
    const elsewhere = await buildOrder(db, { sales: other.username });
    return { mine: mine.order.id, elsewhere: elsewhere.order.id };
  },
  // Scoped through their client (shipments) and their order (contracts).
  shippings: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const [vehicle] = await db.select({ id: vehicles.id }).from(vehicles).limit(1);
    const shipment = async (clientId: bigint) => {
      const [row] = await db
        .insert(shippings)
        .values({ shippingNo: unique('SH'), clientId, vehicleId: vehicle!.id, etd: '2026-01-01' })
        .returning();
      return row!.id;
    };
    const mine = await buildClient(db);
    const elsewhere = await buildClient(db, { sales: other.username });
    return { mine: await shipment(mine.id), elsewhere: await shipment(elsewhere.id) };
  },
  contracts: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const contract = async (order: { id: bigint; orderNo: string }) => {
      const [row] = await db
        .insert(contracts)
        .values({ orderId: order.id, contractNo: order.orderNo })
        .returning();
      return row!.id;
    };
    const mine = await buildOrder(db);
    const elsewhere = await buildOrder(db, { sales: other.username });
    return { mine: await contract(mine.order), elsewhere: await contract(elsewhere.order) };
  },
  // Scoped through the order product (its order's department and client).
  product_tracks: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const track = async (productId: bigint) => {
      const [row] = await db
        .insert(productTracks)
        .values({ orderProductId: productId, milestone: 'LOADED' })
        .returning();
      return row!.id;
    };
    const mine = await buildOrder(db);
    const elsewhere = await buildOrder(db, { sales: other.username });
    return { mine: await track(mine.products[0]!.id), elsewhere: await track(elsewhere.products[0]!.id) };
  },
  // Scoped through the order product, as product tracks.
  order_risks: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const risk = async (order: Awaited<ReturnType<typeof buildOrder>>) =>
      (await buildOrderRisk(db, { orderId: order.order.id, orderProductId: order.products[0]!.id })).id;
    return {
      mine: await risk(await buildOrder(db)),
      elsewhere: await risk(await buildOrder(db, { sales: other.username })),
    };
  },
  // Scoped through their tasks' applications (the application's department and client).
  inspection_plans: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const planOfOrder = async (order: Awaited<ReturnType<typeof buildOrder>>) =>
      (await buildPlan(db, await buildSubmittedApply(db, order))).plan.id;
    return {
      mine: await planOfOrder(await buildOrder(db)),
      elsewhere: await planOfOrder(await buildOrder(db, { sales: other.username })),
    };
  },
  inspection_tasks: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const taskOfOrder = async (order: Awaited<ReturnType<typeof buildOrder>>) =>
      (await buildPlan(db, await buildSubmittedApply(db, order))).task.id;
    return {
      mine: await taskOfOrder(await buildOrder(db)),
      elsewhere: await taskOfOrder(await buildOrder(db, { sales: other.username })),
    };
  },
  // Scoped by the report's copy of its order's department and client.
  inspection_reports: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    return {
      mine: (await buildReport(db, await buildOrder(db))).id,
      elsewhere: (await buildReport(db, await buildOrder(db, { sales: other.username }))).id,
    };
  },
  // Scoped by the test order's own department (the cart's client and department).
  test_orders: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    return {
      mine: (await buildTestOrder(db, await buildOrder(db))).id,
      elsewhere: (await buildTestOrder(db, await buildOrder(db, { sales: other.username }))).id,
    };
  },
  inspection_bookings: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    return {
      mine: (await buildInspectionBooking(db, await buildOrder(db))).id,
      elsewhere: (await buildInspectionBooking(db, await buildOrder(db, { sales: other.username }))).id,
    };
  },
  inspection_applies: async (db) => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    return {
      mine: (await buildInspectionApply(db, await buildOrder(db))).id,
      elsewhere: (await buildInspectionApply(db, await buildOrder(db, { sales: other.username }))).id,
    };
  },
};

let t: TestApp;
const tokens = {} as Record<RoleCode, string>;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ['ADMIN', 'SALES', 'CLIENT'] as const) tokens[role] = await signInAs(t, role);
});
afterAll(() => t.close());

const entities = () => [...t.app.capabilities.changeLogs.values()];

async function logged(entity: string, id: bigint) {
  await writeChangeLog(
    t.database.db,
    { userId: null },
    {
      entity,
      entityId: id,
      action: 'update',
      changes: [{ field: 'name', from: 'secret before', to: 'secret after' }],
    },
  );
}

describe('changelog scope', () => {
  it('every declared entity is either scoped with a test case here or unscoped for a stated reason', () => {
    for (const source of entities()) {
      if (source.readable === 'unscoped') {
        if (isConfigListName(source.entity)) continue;
        expect(UNSCOPED[source.entity], `${source.entity}: unscoped without a reason`).toBeTruthy();
      } else {
        expect(SCOPED[source.entity], `${source.entity}: scoped without a test case`).toBeTruthy();
      }
    }
  });

  it('refuses every entity to CLIENT users, and undeclared entities to everyone', async () => {
    for (const source of entities().slice(0, 60)) {
      const { result } = await t.client.call(
        changeLogOp,
        { entity: source.entity, id: '1' },
        { token: tokens.CLIENT },
      );
      expect(result, source.entity).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    }
    const undeclared = await t.client.call(
      changeLogOp,
      { entity: 'users', id: '1' },
      { token: tokens.ADMIN },
    );
    expect(undeclared.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
  });

  for (const [entity, records] of Object.entries(SCOPED)) {
    it(`${entity}: a SALES user reads the log of records in scope only (E_SCOPE, nothing shown)`, async () => {
      const { mine, elsewhere } = await records(t.database.db);
      await logged(entity, mine);
      await logged(entity, elsewhere);
      const own = await t.client.ok(changeLogOp, { entity, id: String(mine) }, { token: tokens.SALES });
      expect(own.list.length).toBeGreaterThan(0);
      const refused = await t.client.call(
        changeLogOp,
        { entity, id: String(elsewhere) },
        { token: tokens.SALES, lang: 'en' },
      );
      expect(refused.result).toMatchObject({ success: false, reason: 'E_SCOPE', data: null });
      expect(JSON.stringify(refused.result)).not.toContain('secret');
      // An administrator (scope: all) reads both.
      const all = await t.client.ok(changeLogOp, { entity, id: String(elsewhere) }, { token: tokens.ADMIN });
      expect(all.list.map((e) => e.changes[0]?.to)).toContain('secret after');
    });
  }
});
