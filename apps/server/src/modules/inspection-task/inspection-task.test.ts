import { areas } from '@qcdesk/contract';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../../test/support/factories';
import { signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import {
  buildInspector,
  buildSubmittedApply,
  planInput,
  workingDayAhead,
} from '../inspection-plan/inspection-plan.factory';
import { buildOrder } from '../order/order.factory';
import { inspectionTaskPageQuery, inspectionTaskSearchWhere } from './inspection-task.queries';

// Inspection tasks through the envelope (DOMAIN.md §2.6, §4.3, §5.4): an inspector reads the tasks
// where they are lead or assistant once the plan is dispatched, with what they need on site; never
// another inspector's (E_SCOPE); QC readers see every task; the spec §3 filters.

const plans = areas.inspectionPlan;
const ops = areas.inspectionTask;
let t: TestApp;
let qcMgr: string;
let qc: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  [qcMgr, qc, sales] = await Promise.all([signInAs(t, 'QC_MGR'), signInAs(t, 'QC'), signInAs(t, 'SALES')]);
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A plan (dispatched unless told) of one application, with its lead and assistant signed in. */
async function plannedTask(dispatch = true) {
  const order = await buildOrder(db(), { lines: [{ factory: 'F-HM-SZ' }] });
  await db()
    .update(clients)
    .set({ inspectionRequirement: '每箱抽检两件 / two pieces a carton' })
    .where(eq(clients.id, order.order.clientId));
  const apply = await buildSubmittedApply(db(), order, { quantity: 480 });
  const [lead, assistant, stranger] = [
    await buildInspector(db()),
    await buildInspector(db()),
    await buildInspector(db()),
  ];
  const input = planInput({
    applyIds: [apply.id],
    leadInspectorId: lead.id,
    assistantIds: [assistant.id],
    planDate: await workingDayAhead(db()),
    dispatch,
    confirm: true,
  });
  const plan = (await t.client.ok(plans.createInspectionPlan, input, { token: qcMgr })).result!;
  return {
    order,
    plan,
    taskId: plan.tasks[0]!.id,
    lead: await signIn(t, lead.username),
    assistant: await signIn(t, assistant.username),
    stranger: await signIn(t, stranger.username),
  };
}

const search = (token: string, input: Record<string, unknown> = {}) =>
  t.client.ok(ops.searchInspectionTasks, { page: 1, pageSize: 50, ...input }, { token });

describe('inspection/task/search and details', () => {
  it('shows an inspector the tasks they lead or assist once the plan is dispatched, with what they need on site', async () => {
    const { order, plan, taskId, lead, assistant, stranger } = await plannedTask();
    const orderNo = order.order.orderNo;
    for (const token of [lead, assistant]) {
      expect((await search(token, { orderNo })).list.map((x) => x.id)).toEqual([taskId]);
    }
    expect((await search(stranger, { orderNo })).list).toEqual([]);
    const detail = await t.client.ok(ops.getInspectionTask, { id: taskId }, { token: lead });
    expect(detail).toMatchObject({
      taskNo: `${plan.planNo}-01`,
      planNo: plan.planNo,
      orderNo,
      status: INSPECTION_TASK_STATUS.assigned,
      factory: { code: 'F-HM-SZ', addressZh: expect.any(String) },
      inspectionType: { code: 'PSI' },
      items: [{ productNo: order.products[0]!.productNo, applyQuantity: 480 }],
      factoryContacts: [{ name: '张伟', phone: '13823001122', email: 'zhangwei@hmtoys.example.com' }],
      inspectionRequirement: '每箱抽检两件 / two pieces a carton',
    });
    expect(detail.assistants).toHaveLength(1);
  });

  it('refuses another inspector’s task (E_SCOPE, both languages) and hides tasks of a plan not dispatched', async () => {
    const { taskId, stranger } = await plannedTask();
    for (const [lang, text] of [
      ['zh', '没有权限'],
      ['en', 'Invalid Permission'],
    ] as const) {
      const out = await t.client.call(ops.getInspectionTask, { id: taskId }, { token: stranger, lang });
      expect(out.result).toMatchObject({ success: false, reason: 'E_SCOPE', error: text });
    }
    const planned = await plannedTask(false);
    const orderNo = planned.order.order.orderNo;
    expect((await search(planned.lead, { orderNo })).list).toEqual([]);
    const hidden = await t.client.call(
      ops.getInspectionTask,
      { id: planned.taskId },
      { token: planned.lead },
    );
    expect(hidden.result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    expect((await search(qc, { orderNo })).list.map((x) => x.id)).toEqual([planned.taskId]);
  });

  it('filters by order no, product no, factory and task date; refuses readers without insptask.search', async () => {
    const { order, plan, taskId } = await plannedTask();
    const productNo = order.products[0]!.productNo;
    const date = plan.planDate;
    for (const filter of [
      { orderNo: order.order.orderNo.slice(-6) },
      { productNo: productNo.slice(-5) },
      { productNo, factory: '华美', startTime: date, endTime: date },
    ]) {
      expect(
        (await search(qc, filter)).list.map((x) => x.id),
        JSON.stringify(filter),
      ).toContain(taskId);
    }
    expect((await search(qc, { productNo, factory: '鹏乐' })).list).toEqual([]);
    const denied = await t.client.call(
      ops.searchInspectionTasks,
      { page: 1, pageSize: 20 },
      { token: sales },
    );
    expect(denied.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
  });

  it('reads a page in the task-date index order', async () => {
    const where = inspectionTaskSearchWhere(db(), {}, { kind: 'all' });
    const plan = await planOf(db(), inspectionTaskPageQuery(db(), { page: 1, pageSize: 20 }, where));
    expect(plan).toMatch(/inspection_tasks_date_sort_idx|Sort/);
  });
});
