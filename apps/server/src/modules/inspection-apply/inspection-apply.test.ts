import { areas } from '@qcdesk/contract';
import { APPLY_TYPE, INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { mailOutbox } from '../../db/schema/mail';
import { changeLog } from '../../db/schema/platform';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import { defineModule, onHook } from '../../platform/module';
import { seedPrincipal } from '../../platform/seed-principal';
import { modules } from '../modules';
import { buildOrder, type OrderOverrides } from '../order/order.factory';
import { buildProductionSample, linkProduct } from '../production-sample/production-sample.factory';
import { applyInput } from './inspection-apply.factory';
import { seedInspectionApplies } from './inspection-apply.seed';
import { INSPECTION_APPLY_CLOSED, planApplies, unplanApplies } from './inspection-apply-transitions.service';

// Inspection applications through the envelope (DOMAIN.md §2.6, §4.1, §5.2–5.4, §6.1, §6.7, §6.8,
// §7.2): the cart split by factory, the quantity rule (also under two concurrent creates), submit
// with the advance days and the warnings, search and its filters, details, updateqnty with split,
// return, waive, cancel, the moves planning causes, references of products and samples, refusals
// by role and scope, and the seed.

const ops = areas.inspectionApply;
const { draft, submitted, planned, completed, returned, cancelled } = INSPECTION_APPLY_STATUS;
let t: TestApp;
let sales: string;
let salesMgr: string;
let qcMgr: string;
let inspector: string;

/** A stand-in for the planning area: records the hook waive and cancel run. */
const closed: unknown[] = [];
const probe = defineModule({
  name: 'applyProbe',
  hooks: [
    onHook(INSPECTION_APPLY_CLOSED, async (_db, payload) => {
      closed.push(payload);
    }),
  ],
});

beforeAll(async () => {
  t = await startTestApp({ modules: [...modules, probe] });
  [sales, salesMgr, qcMgr, inspector] = await Promise.all([
    signInAs(t, 'SALES'),
    signInAs(t, 'SALES_MGR'),
    signInAs(t, 'QC_MGR'),
    signInAs(t, 'INSPECTOR'),
  ]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const applyCount = async () => (await db().select({ n: count() }).from(inspectionApplies))[0]!.n;
const rowOf = async (id: string) =>
  (
    await db()
      .select()
      .from(inspectionApplies)
      .where(eq(inspectionApplies.id, BigInt(id)))
  )[0]!;
const mailsOf = async (id: string, template: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.entityId, BigInt(id)), eq(mailOutbox.template, template)));

/** An order of a new client of demo.sales (advance days 2), its products due in 60 days by default. */
async function cartOrder(_db: unknown, overrides: OrderOverrides = {}) {
  const built = await buildOrder(db(), {
    ...overrides,
    lines: overrides.lines ?? [{ due: 60 }, { due: 60 }],
  });
  await db().update(clients).set({ advanceDays: 2 }).where(eq(clients.id, built.order.clientId));
  return built;
}

/** A draft of the order's products (100 each), created by demo.sales. */
async function draftOf(lines = [{ due: 60 }]) {
  const { order, products } = await cartOrder(db(), { lines });
  const answer = await t.client.ok(ops.createInspectionApply, await applyInput(db(), products), {
    token: sales,
  });
  return { order, products, detail: answer.result!.list[0]! };
}

/** A submitted application (urgent: no advance days), 100 of each product. */
async function submittedOf() {
  const { order, products } = await cartOrder(db());
  const input = await applyInput(db(), products.slice(0, 1), {
    submit: true,
    confirm: true,
    applyType: APPLY_TYPE.urgent,
  });
  const answer = await t.client.ok(ops.createInspectionApply, input, { token: sales });
  return { order, products, detail: answer.result!.list[0]! };
}

describe('inspection/apply/create from the cart', () => {
  it('splits the cart by factory into one draft each, numbered IA+yyMMdd+4, logged', async () => {
    const { order, products } = await cartOrder(db(), {
      lines: [{ due: 60 }, { due: 60, factory: 'F-JL-YW' }, { due: 60 }],
    });
    const answer = await t.client.ok(ops.createInspectionApply, await applyInput(db(), products), {
      token: sales,
    });
    expect(answer.saved).toBe(true);
    expect(answer.warnings).toEqual([]);
    const list = answer.result!.list;
    expect(list).toHaveLength(2);
    expect(list.map((a) => a.items.length).sort()).toEqual([1, 2]);
    for (const a of list) {
      expect(a.applyNo).toMatch(/^IA\d{10}$/);
      expect(a.status).toBe(draft);
      expect(a.order.orderNo).toBe(order.orderNo);
      expect(a.quantity).toBe(a.items.length * 100);
      expect(a.actions).toEqual(expect.arrayContaining(['update', 'submit', 'cancel', 'updateqnty']));
    }
    const logs = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'inspection_applies'), eq(changeLog.entityId, BigInt(list[0]!.id))));
    expect(logs.map((l) => l.action)).toEqual(['create']);
  });

  it('refuses a cart holding two orders (E_CART_ORDER) and writes nothing', async () => {
    const a = await cartOrder(db());
    const b = await cartOrder(db());
    const before = await applyCount();
    const input = await applyInput(db(), [a.products[0]!, b.products[0]!]);
    for (const lang of ['zh', 'en'] as const) {
      const { result } = await t.client.call(ops.createInspectionApply, input, { token: sales, lang });
      expect(result).toMatchObject({ success: false, reason: 'E_CART_ORDER' });
      expect(result.error).toBe(
        lang === 'zh' ? '购物车中已有其他订单的产品' : 'The cart already holds products of another order',
      );
    }
    expect(await applyCount()).toBe(before);
  });

  it('refuses quantity 0 (E_RANGE) and above the open quantity (E_QTY_EXCEEDS with the open quantity)', async () => {
    const { products } = await cartOrder(db(), { lines: [{ due: 60, quantity: 1000 }] });
    const before = await applyCount();
    const zero = await t.client.call(
      ops.createInspectionApply,
      await applyInput(db(), products, { quantity: 0 }),
      {
        token: sales,
      },
    );
    expect(zero.result).toMatchObject({ success: false, reason: 'E_RANGE' });
    await t.client.ok(ops.createInspectionApply, await applyInput(db(), products, { quantity: 600 }), {
      token: sales,
    });
    const over = await t.client.call(
      ops.createInspectionApply,
      await applyInput(db(), products, { quantity: 401 }),
      {
        token: sales,
        lang: 'en',
      },
    );
    expect(over.result).toMatchObject({
      success: false,
      reason: 'E_QTY_EXCEEDS',
      field: 'items.0.applyQuantity',
    });
    expect(over.result.error).toBe('The quantity exceeds the available quantity 400');
    expect(await applyCount()).toBe(before + 1);
    // A re-inspection is not counted against the others (it needs its previous report).
    const cart = await t.client.ok(
      ops.inspectionApplyCart,
      {
        ids: [String(products[0]!.id)],
        inspectionTypeId: (await applyInput(db(), products)).inspectionTypeId,
      },
      { token: sales },
    );
    expect(cart.list[0]).toMatchObject({ quantity: 1000, applied: 600, open: 400 });
  });

  it('keeps Σ applied ≤ quantity under two concurrent creates: exactly one wins', async () => {
    const { products } = await cartOrder(db(), { lines: [{ due: 60, quantity: 1000 }] });
    const input = await applyInput(db(), products, { quantity: 600 });
    const answers = await Promise.all([
      t.client.call(ops.createInspectionApply, input, { token: sales }),
      t.client.call(ops.createInspectionApply, input, { token: salesMgr }),
    ]);
    expect(answers.filter((a) => a.result.success)).toHaveLength(1);
    expect(answers.find((a) => !a.result.success)!.result.reason).toBe('E_QTY_EXCEEDS');
    const [sum] = await db()
      .select({ n: count() })
      .from(inspectionApplyItems)
      .where(eq(inspectionApplyItems.orderProductId, products[0]!.id));
    expect(sum!.n).toBe(1);
  });

  it('refuses by role and scope: inspectors (E_PERMISSION), sales for another sales’ client (E_SCOPE)', async () => {
    const other = await buildUser(db(), { role: 'SALES', department: 'SALES1' });
    const { products } = await cartOrder(db(), { sales: other.username });
    const before = await applyCount();
    const input = await applyInput(db(), products);
    expect((await t.client.call(ops.createInspectionApply, input, { token: inspector })).result.reason).toBe(
      'E_PERMISSION',
    );
    expect((await t.client.call(ops.createInspectionApply, input, { token: sales })).result.reason).toBe(
      'E_SCOPE',
    );
    expect(await applyCount()).toBe(before);
  });
});

describe('submit: advance days and warnings', () => {
  it('refuses an expected date inside the advance days (E_ADVANCE_DAYS {n}); urgent is exempt', async () => {
    const { products } = await cartOrder(db());
    const before = await applyCount();
    const early = await applyInput(db(), products, { days: 0, submit: true, confirm: true });
    const { result } = await t.client.call(ops.createInspectionApply, early, { token: sales, lang: 'en' });
    expect(result).toMatchObject({ success: false, reason: 'E_ADVANCE_DAYS', field: 'expectedDate' });
    expect(result.error).toBe('Inspections must be booked at least 2 working days in advance');
    expect(await applyCount()).toBe(before);
    const urgent = { ...early, applyType: APPLY_TYPE.urgent };
    const answer = await t.client.ok(ops.createInspectionApply, urgent, { token: sales });
    expect(answer.result!.list[0]!.status).toBe(submitted);
  });

  it('answers W_AFTER_DELIVERY without writing, then saves on confirm and mails the QC managers', async () => {
    const { detail, products } = await draftOf([{ due: 10 }]);
    const body = {
      id: detail.id,
      version: detail.version,
      submit: true,
      expectedDate: addDays(businessDate(), 20),
    };
    const warned = await t.client.ok(ops.updateInspectionApply, body, { token: sales });
    expect(warned.saved).toBe(false);
    expect(warned.result).toBeNull();
    expect(warned.warnings.map((w) => w.key)).toContain('W_AFTER_DELIVERY');
    expect(warned.warnings.find((w) => w.key === 'W_AFTER_DELIVERY')).toMatchObject({
      zh: '验货日期晚于交货期',
      en: 'The inspection date is after the delivery date',
    });
    expect(await rowOf(detail.id)).toMatchObject({ status: draft, version: detail.version });
    const done = await t.client.ok(ops.updateInspectionApply, { ...body, confirm: true }, { token: sales });
    expect(done.saved).toBe(true);
    expect(done.result).toMatchObject({ status: submitted, expectedDate: body.expectedDate });
    expect(done.result!.items[0]!.orderProductId).toBe(String(products[0]!.id));
    expect((await mailsOf(detail.id, 'inspection-apply-submitted')).length).toBeGreaterThan(0);
  });

  it('refuses a stale version (E_VERSION) and a submit of a submitted one (E_STATUS)', async () => {
    const { detail } = await submittedOf();
    const stale = await t.client.call(
      ops.updateInspectionApply,
      { id: detail.id, version: 0, submit: true },
      { token: sales },
    );
    expect(stale.result.reason).toBe('E_VERSION');
    const again = await t.client.call(
      ops.updateInspectionApply,
      { id: detail.id, version: detail.version, submit: true },
      { token: sales },
    );
    expect(again.result.reason).toBe('E_STATUS');
  });
});

describe('search and details', () => {
  it('filters by order no and PO ending, product no containing, factory, status and expected date', async () => {
    const { order, products, detail } = await draftOf();
    const search = (filters: Record<string, unknown>, token = sales) =>
      t.client.ok(ops.searchInspectionApplies, { page: 1, pageSize: 50, ...filters }, { token });
    const ids = async (filters: Record<string, unknown>) => (await search(filters)).list.map((r) => r.id);
    expect(await ids({ orderNo: order.orderNo.slice(-5) })).toEqual([detail.id]);
    expect(await ids({ po: order.clientPo!.slice(-6) })).toContain(detail.id);
    expect(await ids({ productNo: products[0]!.productNo.slice(2, 9) })).toContain(detail.id);
    expect(await ids({ factory: 'F-HM', orderNo: order.orderNo })).toEqual([detail.id]);
    expect(await ids({ factory: 'F-JL', orderNo: order.orderNo })).toEqual([]);
    expect(await ids({ status: submitted, orderNo: order.orderNo })).toEqual([]);
    const day = detail.expectedDate;
    expect(await ids({ startTime: day, endTime: day, orderNo: order.orderNo })).toEqual([detail.id]);
    expect(await ids({ startTime: addDays(day, 1), orderNo: order.orderNo })).toEqual([]);
    const page = await search({ orderNo: order.orderNo });
    expect(page).toMatchObject({ total: 1, totalCapped: false });
    expect(page.list[0]).toMatchObject({ quantity: 100, itemCount: 1, status: draft });
  });

  it('refuses inspectors (E_PERMISSION) and hides another department’s applications', async () => {
    const { order, detail } = await draftOf();
    const { result } = await t.client.call(
      ops.searchInspectionApplies,
      { page: 1, pageSize: 10 },
      { token: inspector },
    );
    expect(result.reason).toBe('E_PERMISSION');
    const stranger = await buildUser(db(), { role: 'SALES', department: 'SALES2' });
    const token = await signIn(t, stranger.username);
    const page = await t.client.ok(
      ops.searchInspectionApplies,
      { page: 1, pageSize: 10, orderNo: order.orderNo },
      { token },
    );
    expect(page.list).toEqual([]);
    const read = await t.client.call(ops.getInspectionApply, { id: detail.id }, { token });
    expect(read.result.reason).toBe('E_SCOPE');
    const mine = await t.client.call(ops.getInspectionApply, { id: detail.id }, { token: sales });
    expect(mine.result).toMatchObject({ success: true, modify: true, author: true });
  });
});

describe('inspection/apply/export', () => {
  it('queues the export of the filter for a reader, and refuses inspectors', async () => {
    const { order } = await draftOf();
    const { result } = await t.client.call(
      ops.exportInspectionApplies,
      { orderNo: order.orderNo },
      { token: sales, lang: 'en' },
    );
    expect(result).toMatchObject({ success: true, error: 'The mail has been sent, please check' });
    const refused = await t.client.call(
      ops.exportInspectionApplies,
      { orderNo: order.orderNo },
      { token: inspector },
    );
    expect(refused.result.reason).toBe('E_PERMISSION');
  });
});

describe('updateqnty', () => {
  it('splits a lowered quantity into a new draft with reason SPLIT', async () => {
    const { detail, products } = await draftOf();
    const answer = await t.client.ok(
      ops.updateInspectionApplyQuantity,
      {
        id: detail.id,
        version: detail.version,
        split: true,
        items: [{ orderProductId: String(products[0]!.id), applyQuantity: 60 }],
      },
      { token: sales },
    );
    expect(answer.record.quantity).toBe(60);
    expect(answer.split).toMatchObject({
      status: draft,
      quantity: 40,
      reasonCode: 'SPLIT',
      splitFromId: detail.id,
    });
    const raised = await t.client.call(
      ops.updateInspectionApplyQuantity,
      {
        id: detail.id,
        version: answer.record.version,
        items: [{ orderProductId: String(products[0]!.id), applyQuantity: 1000 }],
      },
      { token: sales },
    );
    expect(raised.result).toMatchObject({ success: false, reason: 'E_QTY_EXCEEDS' });
    expect((await rowOf(detail.id)).version).toBe(answer.record.version);
  });

  it('is the planner’s in 30 (E_PERMISSION for sales) and nobody’s in 50 (E_STATUS)', async () => {
    const { detail, products } = await submittedOf();
    const planner = (await seedPrincipal(db(), 'demo.qcmgr'))!;
    const [moved] = await db().transaction((tx) =>
      planApplies(tx, [{ id: BigInt(detail.id), version: detail.version }], planner),
    );
    expect(moved!.status).toBe(planned);
    const body = {
      id: detail.id,
      version: moved!.version,
      items: [{ orderProductId: String(products[0]!.id), applyQuantity: 50 }],
    };
    expect(
      (await t.client.call(ops.updateInspectionApplyQuantity, body, { token: sales })).result.reason,
    ).toBe('E_PERMISSION');
    const ok = await t.client.ok(ops.updateInspectionApplyQuantity, body, { token: qcMgr });
    expect(ok.record).toMatchObject({ status: planned, quantity: 50 });
    // A plan cancelled: back to 20 with reason RESET.
    await db().transaction((tx) => unplanApplies(tx, [BigInt(detail.id)], planner, 'plan cancelled'));
    expect(await rowOf(detail.id)).toMatchObject({ status: submitted, reasonCode: 'RESET' });
  });
});

describe('return, waive, cancel', () => {
  it('returns with a reason (E_REASON_REQUIRED without) and mails the applicant', async () => {
    const { detail } = await submittedOf();
    const bare = await t.client.call(
      ops.returnInspectionApply,
      { id: detail.id, version: detail.version },
      { token: qcMgr },
    );
    expect(bare.result.reason).toBe('E_REASON_REQUIRED');
    expect(
      (
        await t.client.call(
          ops.returnInspectionApply,
          { id: detail.id, version: detail.version, reason: 'x' },
          { token: sales },
        )
      ).result.reason,
    ).toBe('E_PERMISSION');
    const back = await t.client.ok(
      ops.returnInspectionApply,
      { id: detail.id, version: detail.version, reason: '数量不对 / wrong quantity' },
      { token: qcMgr },
    );
    expect(back).toMatchObject({ status: returned, reasonCode: 'REJECTED' });
    expect(await mailsOf(detail.id, 'inspection-apply-returned')).toHaveLength(1);
  });

  it('waives 20 → 50 with result 1 and mails sales', async () => {
    const { detail } = await submittedOf();
    const waived = await t.client.ok(
      ops.waiveInspectionApply,
      { id: detail.id, version: detail.version, reason: '免验' },
      { token: qcMgr },
    );
    expect(waived).toMatchObject({ status: completed, result: 1, reasonCode: 'WAIVED' });
    expect(closed).toContainEqual({ applyId: BigInt(detail.id), action: 'waive' });
    expect((await mailsOf(detail.id, 'inspection-apply-waived')).length).toBeGreaterThan(0);
  });

  it('cancels the author’s own draft; another sales of the department may not (E_SCOPE); the quantity is free again', async () => {
    const { detail, products } = await draftOf();
    const colleague = await buildUser(db(), { role: 'SALES', department: 'SALES1' });
    const token = await signIn(t, colleague.username);
    const refused = await t.client.call(
      ops.cancelInspectionApply,
      { id: detail.id, version: detail.version },
      { token },
    );
    expect(refused.result.reason).toBe('E_SCOPE');
    const done = await t.client.ok(
      ops.cancelInspectionApply,
      { id: detail.id, version: detail.version },
      { token: sales },
    );
    expect(done.status).toBe(cancelled);
    const cart = await t.client.ok(
      ops.inspectionApplyCart,
      {
        ids: [String(products[0]!.id)],
        inspectionTypeId: (await applyInput(db(), products)).inspectionTypeId,
      },
      { token: sales },
    );
    expect(cart.list[0]!.applied).toBe(0);
  });
});

describe('references', () => {
  it('an applied product is in use (E_IN_USE on delete)', async () => {
    const { order, products } = await draftOf();
    const detail = await t.client.ok(areas.order.getOrder, { id: String(order.id) }, { token: sales });
    const { result } = await t.client.call(
      areas.order.updateOrderItem,
      { id: String(order.id), version: detail.version, productId: String(products[0]!.id), valid: 0 },
      { token: sales },
    );
    expect(result.reason).toBe('E_IN_USE');
  });

  it('a production sample of a product in 30–40 may not be cancelled (E_SAMPLE_IN_USE)', async () => {
    const { detail, products, order } = await submittedOf();
    const sample = await buildProductionSample(db(), { clientId: order.clientId });
    await linkProduct(db(), products[0]!.id, sample.id);
    const planner = (await seedPrincipal(db(), 'demo.qcmgr'))!;
    await db().transaction((tx) =>
      planApplies(tx, [{ id: BigInt(detail.id), version: detail.version }], planner),
    );
    const { result } = await t.client.call(
      areas.productionSample.cancelProductionSample,
      { id: String(sample.id), version: sample.version },
      { token: qcMgr },
    );
    expect(result.reason).toBe('E_SAMPLE_IN_USE');
  });
});

describe('the seed', () => {
  it('creates the demo applications through the services; a second run adds nothing', async () => {
    const ctx = seedContext(t);
    await seedInspectionApplies(ctx);
    const before = await applyCount();
    await seedInspectionApplies(ctx);
    expect(await applyCount()).toBe(before);
    const logs = await db().select().from(changeLog).where(eq(changeLog.entity, 'inspection_applies'));
    expect(logs.length).toBeGreaterThan(0);
  });
});
