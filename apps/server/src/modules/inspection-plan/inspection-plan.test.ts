import { areas } from '@qcdesk/contract';
import { changeLog as changeLogOp } from '@qcdesk/contract/config';
import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, planOf } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { seedContext, startTestApp, type TestApp } from '../../../test/support/test-app';
import { factories } from '../../db/schema/config';
import { factorySchedules } from '../../db/schema/factory-schedule';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { mailOutbox } from '../../db/schema/mail';
import { changeLog } from '../../db/schema/platform';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import { seedPrincipal } from '../../platform/seed-principal';
import { seedInspectionApplies } from '../inspection-apply/inspection-apply.seed';
import { buildOrder } from '../order/order.factory';
import {
  buildInspector,
  buildSubmittedApply,
  type PlanInputOverrides,
  planInput,
  workingDayAhead,
} from './inspection-plan.factory';
import { inspectionPlanPageQuery, inspectionPlanSearchWhere } from './inspection-plan.queries';
import { seedInspectionPlans } from './inspection-plan.seed';
import { closeApplyTasks } from './inspection-plan-transitions.service';

// Inspection plans through the envelope (DOMAIN.md §2.6, §4.1–4.3, §5.2–5.4, §7.4 warnings): create
// from applications in 20 of one factory (tasks, applications → 30), the warnings answered and
// nothing written unless confirmed, search, details, update, dispatch (mail), cancel (tasks 90,
// applications back to 20), the board, each refusal with its key, its text and nothing changed.

const ops = areas.inspectionPlan;
let t: TestApp;
let qcMgr: string;
let qc: string;
let sales: string;
let otherSales: string;

beforeAll(async () => {
  t = await startTestApp();
  [qcMgr, qc, sales] = await Promise.all([signInAs(t, 'QC_MGR'), signInAs(t, 'QC'), signInAs(t, 'SALES')]);
  const other = await buildUser(db(), { role: 'SALES', department: 'SALES2' });
  otherSales = await signIn(t, other.username);
});
afterAll(() => t.close());

const db = () => t.database.db;

/** `n` submitted applications of new orders of one factory (demo.sales's clients unless told). */
async function applies(n = 1, o: { factory?: string; sales?: string; deliveryDate?: string } = {}) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const order = await buildOrder(db(), {
      ...(o.sales ? { sales: o.sales } : {}),
      lines: [
        { factory: o.factory ?? 'F-HM-SZ', ...(o.deliveryDate ? { deliveryDate: o.deliveryDate } : {}) },
      ],
    });
    out.push({ apply: await buildSubmittedApply(db(), order), order });
  }
  return out;
}

async function plan(o: Partial<PlanInputOverrides> & { token?: string } = {}) {
  const applyIds = o.applyIds ?? (await applies()).map((a) => a.apply.id);
  const input = planInput({
    applyIds,
    leadInspectorId: o.leadInspectorId ?? (await buildInspector(db())).id,
    planDate: o.planDate ?? (await workingDayAhead(db())),
    ...o,
  });
  return t.client.call(ops.createInspectionPlan, input, { token: o.token ?? qcMgr });
}

/** A saved plan's detail (no warnings expected). */
async function savedPlan(o: Partial<PlanInputOverrides> = {}) {
  const { result } = await plan(o);
  if (!result.success || !result.data.saved) throw new Error(JSON.stringify(result));
  return result.data.result!;
}

const applyRow = async (id: bigint | string) =>
  (
    await db()
      .select()
      .from(inspectionApplies)
      .where(eq(inspectionApplies.id, BigInt(id)))
  )[0]!;
const planCount = async () => (await db().select({ n: count() }).from(inspectionPlans))[0]!.n;
const tasksOf = (planId: string) =>
  db()
    .select()
    .from(inspectionTasks)
    .where(eq(inspectionTasks.planId, BigInt(planId)))
    .orderBy(inspectionTasks.taskNo);

describe('inspection/plan/create', () => {
  it('plans applications of one factory: IP+yyMMdd+4, one task {planNo}-nn each, applications → 30', async () => {
    const two = await applies(2);
    const lead = await buildInspector(db());
    const assistant = await buildInspector(db());
    const detail = await savedPlan({
      applyIds: two.map((a) => a.apply.id),
      leadInspectorId: lead.id,
      assistantIds: [assistant.id],
      manDays: 0.5,
    });
    const day = businessDate().replaceAll('-', '').slice(2);
    expect(detail.planNo).toMatch(new RegExp(`^IP${day}\\d{4}$`));
    expect(detail).toMatchObject({
      status: INSPECTION_PLAN_STATUS.planned,
      manDays: '0.5',
      factory: { code: 'F-HM-SZ' },
      leadInspector: { id: String(lead.id) },
      assistants: [{ id: String(assistant.id) }],
      taskCount: 2,
      actions: ['update', 'dispatch', 'cancel'],
    });
    expect(detail.tasks.map((x) => x.taskNo)).toEqual([`${detail.planNo}-01`, `${detail.planNo}-02`]);
    expect(detail.orderNos.sort()).toEqual(two.map((a) => a.order.order.orderNo).sort());
    for (const a of two) expect((await applyRow(a.apply.id)).status).toBe(INSPECTION_APPLY_STATUS.planned);
    const tasks = await tasksOf(detail.id);
    expect(tasks.map((x) => [x.status, x.inspectorId, x.taskDate])).toEqual([
      [INSPECTION_TASK_STATUS.assigned, lead.id, detail.planDate],
      [INSPECTION_TASK_STATUS.assigned, lead.id, detail.planDate],
    ]);
    const log = await t.client.ok(
      changeLogOp,
      { entity: 'inspection_plans', id: detail.id },
      { token: qcMgr },
    );
    expect(log.list.map((r) => r.action)).toEqual(['create']);
  });

  it('dispatches at once with `dispatch` and mails the notice', async () => {
    const detail = await savedPlan({ dispatch: true });
    expect(detail).toMatchObject({
      status: INSPECTION_PLAN_STATUS.dispatched,
      actions: ['update', 'cancel'],
    });
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.entityId, BigInt(detail.id)));
    expect(mails.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses each bad input with its key and bilingual text, and writes nothing', async () => {
    const [a] = await applies();
    const applyIds = [a!.apply.id];
    const lead = await buildInspector(db());
    const assistants = await Promise.all([1, 2, 3, 4, 5, 6].map(() => buildInspector(db())));
    const past = addDays(businessDate(), -1);
    const cases: [Partial<PlanInputOverrides>, string, string | undefined][] = [
      [{ assistantIds: assistants.map((x) => x.id) }, 'E_RANGE', 'assistantIds'],
      [{ manDays: 0.3 }, 'E_RANGE', 'manDays'],
      [{ manDays: 1.3 }, 'E_FORMAT', 'manDays'],
      [{ planDate: past }, 'E_RANGE', 'planDate'],
      [{ assistantIds: [lead.id] }, 'E_PLAN_LEAD_ASSISTANT', 'assistantIds'],
      [
        { leadInspectorId: (await buildUser(db(), { role: 'QC', department: 'QC' })).id },
        'E_PLAN_INSPECTOR',
        'leadInspectorId',
      ],
    ];
    const before = await planCount();
    for (const [overrides, reason, field] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const input = planInput({
          applyIds,
          leadInspectorId: lead.id,
          planDate: await workingDayAhead(db()),
          ...overrides,
        });
        const { result } = await t.client.call(ops.createInspectionPlan, input, { token: qcMgr, lang });
        expect(result, reason).toMatchObject({ success: false, reason, ...(field ? { field } : {}) });
        if (result.success) continue;
        expect(result.error).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[^\u4e00-\u9fff]+$/);
      }
    }
    expect(await planCount()).toBe(before);
    expect((await applyRow(a!.apply.id)).status).toBe(INSPECTION_APPLY_STATUS.submitted);
    const planDate = await workingDayAhead(db());
    const texts = await Promise.all(
      (['zh', 'en'] as const).map((lang) =>
        t.client.call(
          ops.createInspectionPlan,
          planInput({ applyIds, leadInspectorId: lead.id, planDate, manDays: 0.3 }),
          {
            token: qcMgr,
            lang,
          },
        ),
      ),
    );
    expect(texts.map((x) => (x.result as { error: string }).error)).toEqual([
      '人天超出范围',
      'Man-days is out of range',
    ]);
  });

  it('refuses applications of two factories (E_PLAN_FACTORY) or not in 20 (E_STATUS)', async () => {
    const [one] = await applies(1);
    const [other] = await applies(1, { factory: 'F-PL-ST' });
    const mixed = await plan({ applyIds: [one!.apply.id, other!.apply.id] });
    expect(mixed.result).toMatchObject({ success: false, reason: 'E_PLAN_FACTORY', field: 'applyIds' });
    const order = await buildOrder(db(), { lines: [{ factory: 'F-HM-SZ' }] });
    const draft = await buildSubmittedApply(db(), order, { status: INSPECTION_APPLY_STATUS.draft });
    const notSubmitted = await plan({ applyIds: [draft.id] });
    expect(notSubmitted.result).toMatchObject({ success: false, reason: 'E_STATUS' });
    expect((await applyRow(one!.apply.id)).status).toBe(INSPECTION_APPLY_STATUS.submitted);
    const denied = await plan({ applyIds: [one!.apply.id], token: qc });
    expect(denied.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
  });

  it('lets exactly one of two planners plan the same application at once (E_STATUS or E_VERSION)', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const [a] = await applies();
      const [lead1, lead2] = [await buildInspector(db()), await buildInspector(db())];
      const planDate = await workingDayAhead(db());
      const answers = await Promise.all(
        [lead1, lead2].map((lead) =>
          t.client.call(
            ops.createInspectionPlan,
            planInput({ applyIds: [a!.apply.id], leadInspectorId: lead.id, planDate }),
            {
              token: qcMgr,
            },
          ),
        ),
      );
      const won = answers.filter((x) => x.result.success);
      const lost = answers.filter((x) => !x.result.success);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(['E_STATUS', 'E_VERSION']).toContain((lost[0]!.result as { reason: string }).reason);
      const tasks = await db().select().from(inspectionTasks).where(eq(inspectionTasks.applyId, a!.apply.id));
      expect(tasks).toHaveLength(1);
    }
  });
});

describe('warnings before saving (ADR 0018)', () => {
  it('W_INSPECTOR_BUSY: answered, nothing written; with confirm: true written', async () => {
    const lead = await buildInspector(db());
    const planDate = await workingDayAhead(db(), 10);
    await savedPlan({ leadInspectorId: lead.id, planDate, manDays: 1 });
    const [a] = await applies();
    const before = await planCount();
    const asked = await plan({ applyIds: [a!.apply.id], leadInspectorId: lead.id, planDate, manDays: 0.5 });
    expect(asked.result).toMatchObject({
      success: true,
      data: {
        saved: false,
        result: null,
        warnings: [
          {
            key: 'W_INSPECTOR_BUSY',
            params: { date: planDate, manDays: 1.5 },
            zh: '验货员当天已有安排',
            en: 'The inspector is already booked that day',
          },
        ],
      },
    });
    expect(await planCount()).toBe(before);
    expect((await applyRow(a!.apply.id)).status).toBe(INSPECTION_APPLY_STATUS.submitted);
    const confirmed = await plan({
      applyIds: [a!.apply.id],
      leadInspectorId: lead.id,
      planDate,
      manDays: 0.5,
      confirm: true,
    });
    expect(confirmed.result).toMatchObject({
      success: true,
      data: { saved: true, warnings: [{ key: 'W_INSPECTOR_BUSY' }] },
    });
    expect(await planCount()).toBe(before + 1);
    expect((await applyRow(a!.apply.id)).status).toBe(INSPECTION_APPLY_STATUS.planned);
  });

  it('W_FACTORY_CLOSED, W_NON_WORKING_DAY and W_AFTER_DELIVERY', async () => {
    const planDate = await workingDayAhead(db(), 12);
    const factoryId = await idOf(db(), factories, 'F-TX-NB');
    await db()
      .insert(factorySchedules)
      .values({ factoryId, type: 4, startDate: planDate, endDate: planDate });
    const [a] = await applies(1, { factory: 'F-TX-NB', deliveryDate: addDays(planDate, -1) });
    const asked = await plan({ applyIds: [a!.apply.id], planDate });
    expect(asked.result.success && asked.result.data.warnings.map((w) => w.key)).toEqual([
      'W_FACTORY_CLOSED',
      'W_AFTER_DELIVERY',
    ]);
    let saturday = addDays(businessDate(), 7);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const weekend = await plan({ planDate: saturday });
    expect(weekend.result.success && weekend.result.data.warnings.map((w) => w.key)).toContain(
      'W_NON_WORKING_DAY',
    );
  });
});

describe('inspection/plan/search and details', () => {
  it('filters by order no, product no, factory, dates and status, in the reader’s scope', async () => {
    const [a] = await applies();
    const detail = await savedPlan({ applyIds: [a!.apply.id] });
    const orderNo = a!.order.order.orderNo;
    const productNo = a!.order.products[0]!.productNo;
    const search = (input: Record<string, unknown>, token = qcMgr) =>
      t.client.ok(ops.searchInspectionPlans, { page: 1, pageSize: 20, ...input }, { token });
    for (const filter of [
      { orderNo: orderNo.slice(-6) },
      { productNo: productNo.slice(-5) },
      {
        orderNo,
        factory: '华美',
        startTime: detail.planDate,
        endTime: detail.planDate,
        status: INSPECTION_PLAN_STATUS.planned,
      },
    ]) {
      const found = await search(filter);
      expect(
        found.list.map((p) => p.id),
        JSON.stringify(filter),
      ).toContain(detail.id);
    }
    expect((await search({ orderNo, status: INSPECTION_PLAN_STATUS.dispatched })).list).toEqual([]);
    expect((await search({ orderNo }, sales)).list.map((p) => p.id)).toEqual([detail.id]);
    expect((await search({ orderNo }, otherSales)).list).toEqual([]);
    const got = await t.client.ok(ops.getInspectionPlan, { id: detail.id }, { token: sales });
    expect(got).toMatchObject({ id: detail.id, actions: [] });
    const out = await t.client.call(ops.getInspectionPlan, { id: detail.id }, { token: otherSales });
    expect(out.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
  });

  it('reads a page in the plan-date index order', async () => {
    const where = inspectionPlanSearchWhere(db(), {}, { kind: 'all' });
    const plan = await planOf(db(), inspectionPlanPageQuery(db(), { page: 1, pageSize: 20 }, where));
    expect(plan).toMatch(/inspection_plans_date_sort_idx|Sort/);
  });
});

describe('inspection/plan/update, dispatch and cancel', () => {
  it('moves the date and the inspectors; its tasks follow; a stale version gets E_VERSION', async () => {
    const created = await savedPlan();
    const lead = await buildInspector(db());
    const planDate = await workingDayAhead(db(), 14);
    const update = { id: created.id, version: created.version, planDate, leadInspectorId: String(lead.id) };
    const answer = await t.client.ok(ops.updateInspectionPlan, update, { token: qcMgr });
    expect(answer).toMatchObject({
      saved: true,
      result: { planDate, endDate: planDate, leadInspector: { id: String(lead.id) } },
    });
    expect((await tasksOf(created.id)).map((x) => [x.taskDate, x.inspectorId])).toEqual([
      [planDate, lead.id],
    ]);
    const stale = await t.client.call(
      ops.updateInspectionPlan,
      { ...update, manDays: 2 },
      { token: qcMgr, lang: 'en' },
    );
    expect(stale.result).toMatchObject({
      success: false,
      reason: 'E_VERSION',
      error: expect.stringMatching(/changed by someone else/),
    });
    expect(
      (
        await db()
          .select()
          .from(inspectionPlans)
          .where(eq(inspectionPlans.id, BigInt(created.id)))
      )[0]!.manDays,
    ).toBe('1.0');
  });

  it('in 20 mails the old and the new inspector; a busy new inspector is asked first, nothing changed', async () => {
    const oldLead = await buildInspector(db());
    const created = await savedPlan({ leadInspectorId: oldLead.id, dispatch: true });
    const busy = await buildInspector(db());
    await savedPlan({ leadInspectorId: busy.id, planDate: created.planDate });
    const update = { id: created.id, version: created.version, leadInspectorId: String(busy.id) };
    const asked = await t.client.ok(ops.updateInspectionPlan, update, { token: qcMgr });
    expect(asked).toMatchObject({ saved: false, result: null, warnings: [{ key: 'W_INSPECTOR_BUSY' }] });
    const unchanged = await db()
      .select()
      .from(inspectionPlans)
      .where(eq(inspectionPlans.id, BigInt(created.id)));
    expect(unchanged[0]).toMatchObject({ leadInspectorId: oldLead.id, version: created.version });
    const mailsBefore = (
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.entityId, BigInt(created.id)))
    ).length;
    const done = await t.client.ok(ops.updateInspectionPlan, { ...update, confirm: true }, { token: qcMgr });
    expect(done).toMatchObject({ saved: true, result: { leadInspector: { id: String(busy.id) } } });
    const mails = (
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.entityId, BigInt(created.id)))
    ).slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual(
      expect.arrayContaining([oldLead.email, busy.email, 'zhangwei@hmtoys.example.com']),
    );
    expect(mails[0]!.subject).toMatch(/^验货计划变更 IP/);
    const tasks = await tasksOf(created.id);
    expect(tasks.map((x) => x.inspectorId)).toEqual([busy.id]);
    const log = await t.client.ok(
      changeLogOp,
      { entity: 'inspection_plans', id: created.id },
      { token: qcMgr },
    );
    expect(log.list.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'dispatch', 'update']));
  });

  it('dispatches (10 → 20) and mails the factory contact, the inspectors and sales; not twice (E_STATUS)', async () => {
    const assistant = await buildInspector(db());
    const created = await savedPlan({ assistantIds: [assistant.id] });
    const denied = await t.client.call(
      ops.dispatchInspectionPlan,
      { id: created.id, version: created.version },
      { token: qc },
    );
    expect(denied.result).toMatchObject({ success: false, reason: 'E_PERMISSION', error: '没有权限' });
    const dispatched = await t.client.ok(
      ops.dispatchInspectionPlan,
      { id: created.id, version: created.version },
      { token: qcMgr },
    );
    expect(dispatched).toMatchObject({
      status: INSPECTION_PLAN_STATUS.dispatched,
      dispatchedAt: expect.any(String),
    });
    const to = (
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.entityId, BigInt(created.id)))
    ).map((m) => m.to);
    expect(to).toEqual(
      expect.arrayContaining(['zhangwei@hmtoys.example.com', assistant.email, expect.stringMatching(/@/)]),
    );
    expect(to.length).toBeGreaterThanOrEqual(4);
    const again = await t.client.call(
      ops.dispatchInspectionPlan,
      { id: created.id, version: dispatched.version },
      { token: qcMgr },
    );
    expect(again.result).toMatchObject({ success: false, reason: 'E_STATUS' });
  });

  it('cancels with a reason: tasks → 90, applications back to 20 (RESET); without one E_REASON_REQUIRED', async () => {
    const two = await applies(2);
    const created = await savedPlan({ applyIds: two.map((a) => a.apply.id), dispatch: true });
    const bare = await t.client.call(
      ops.cancelInspectionPlan,
      { id: created.id, version: created.version },
      { token: qcMgr },
    );
    expect(bare.result).toMatchObject({ success: false, reason: 'E_REASON_REQUIRED' });
    const cancelled = await t.client.ok(
      ops.cancelInspectionPlan,
      { id: created.id, version: created.version, reason: '工厂延期' },
      { token: qcMgr },
    );
    expect(cancelled).toMatchObject({
      status: INSPECTION_PLAN_STATUS.cancelled,
      reasonText: '工厂延期',
      actions: [],
    });
    expect((await tasksOf(created.id)).map((x) => x.status)).toEqual([
      INSPECTION_TASK_STATUS.cancelled,
      INSPECTION_TASK_STATUS.cancelled,
    ]);
    for (const a of two) {
      expect(await applyRow(a.apply.id)).toMatchObject({
        status: INSPECTION_APPLY_STATUS.submitted,
        reasonCode: 'RESET',
      });
    }
    const update = await t.client.call(
      ops.updateInspectionPlan,
      { id: created.id, version: cancelled.version, manDays: 2 },
      { token: qcMgr },
    );
    expect(update.result).toMatchObject({ success: false, reason: 'E_STATUS' });
    const replanned = await savedPlan({ applyIds: two.map((a) => a.apply.id) });
    expect(replanned.taskCount).toBe(2);
  });
});

describe('an application closed by its own area (waive, cancel)', () => {
  it('cancels its open tasks and a plan left with no other task (§4.2, §4.3 system rows)', async () => {
    const two = await applies(2);
    const shared = await savedPlan({ applyIds: two.map((a) => a.apply.id), dispatch: true });
    const [single] = await applies(1);
    const alone = await savedPlan({ applyIds: [single!.apply.id] });
    await db().transaction(async (tx) => {
      const waiver = (await seedPrincipal(tx, 'demo.salesmgr'))!;
      await closeApplyTasks(tx, two[0]!.apply.id, waiver);
      await closeApplyTasks(tx, single!.apply.id, waiver);
    });
    const statusOf = async (id: string) =>
      (
        await db()
          .select()
          .from(inspectionPlans)
          .where(eq(inspectionPlans.id, BigInt(id)))
      )[0]!.status;
    expect(await statusOf(shared.id)).toBe(INSPECTION_PLAN_STATUS.dispatched);
    const sharedTasks = await tasksOf(shared.id);
    expect(sharedTasks.find((x) => x.applyId === two[0]!.apply.id)?.status).toBe(
      INSPECTION_TASK_STATUS.cancelled,
    );
    expect(sharedTasks.find((x) => x.applyId === two[1]!.apply.id)?.status).toBe(
      INSPECTION_TASK_STATUS.assigned,
    );
    expect(await statusOf(alone.id)).toBe(INSPECTION_PLAN_STATUS.cancelled);
    expect((await tasksOf(alone.id)).map((x) => x.status)).toEqual([INSPECTION_TASK_STATUS.cancelled]);
  });
});

describe('inspection/plan/board', () => {
  it('answers the open applications by factory and date and each inspector’s man-days per day', async () => {
    const start = await workingDayAhead(db(), 20);
    const end = addDays(start, 1);
    const order = await buildOrder(db(), { lines: [{ factory: 'F-JL-YW' }] });
    const open = await buildSubmittedApply(db(), order, { expectedDate: start, quantity: 300 });
    const lead = await buildInspector(db());
    await savedPlan({ leadInspectorId: lead.id, planDate: start, endDate: end, manDays: 1, confirm: true });
    const board = await t.client.ok(
      ops.planBoard,
      { startTime: start, endTime: end, factory: 'F-JL-YW' },
      { token: qcMgr },
    );
    expect(board.factories).toEqual([
      {
        factory: expect.objectContaining({ code: 'F-JL-YW' }),
        days: [
          {
            date: start,
            applications: [expect.objectContaining({ id: String(open.id), quantity: 300, itemCount: 1 })],
          },
        ],
      },
    ]);
    const mine = board.inspectors.find((i) => i.inspector.id === String(lead.id));
    expect(mine?.days.map((d) => d.manDays).reduce((s, d) => s + Number(d), 0)).toBe(1);
    const long = await t.client.call(
      ops.planBoard,
      { startTime: start, endTime: addDays(start, 40) },
      { token: qcMgr },
    );
    expect(long.result).toMatchObject({ success: false, reason: 'E_RANGE', field: 'endTime' });
    const denied = await t.client.call(ops.planBoard, { startTime: start, endTime: end }, { token: sales });
    expect(denied.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
  });
});

describe('the seed', () => {
  it('plans and dispatches the demo application for the demo inspector, through the services; a second run adds nothing', async () => {
    const ctx = seedContext(t);
    await seedInspectionApplies(ctx);
    await seedInspectionPlans(ctx);
    const before = await planCount();
    await seedInspectionApplies(ctx);
    await seedInspectionPlans(ctx);
    expect(await planCount()).toBe(before);
    const inspector = await signInAs(t, 'INSPECTOR');
    const tasks = await t.client.ok(
      areas.inspectionTask.searchInspectionTasks,
      { orderNo: 'NH24-0315' },
      { token: inspector },
    );
    expect(tasks.list.length).toBeGreaterThan(0);
    const logs = await db().select().from(changeLog).where(eq(changeLog.entity, 'inspection_plans'));
    expect(logs.some((l) => l.action === 'dispatch')).toBe(true);
  });
});
