import { areas } from '@qcdesk/contract';
import { APPLY_TYPE, INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { signedInTask } from '../../../test/support/inspection-tasks';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionInstructions } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { buildClient } from '../client/client.factory';

// Inspection instructions through the envelope (DOMAIN.md §2.6, §4.4; issue 28): sales confirms a
// sent report, a CLIENT user asks for a rework and re-inspection (a draft application made on
// behalf of the client's sales), the list in scope; an instruction on a report not sent, or by a
// CLIENT user of another client, is refused with its key and changes nothing.

const ops = areas.inspectionReport;
const iops = areas.inspectionInstruction;
let t: TestApp;
let auditor: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  [auditor, sales] = await Promise.all([signInAs(t, 'AUDITOR'), signInAs(t, 'SALES')]);
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A CLIENT user of the client, signed in. */
async function clientUser(clientId: bigint) {
  const user = await buildUser(db(), { role: 'CLIENT', department: 'SALES1' });
  await db().update(users).set({ clientId }).where(eq(users.id, user.id));
  return signIn(t, user.username);
}

/** A PSI report of a new order of the client: filled, approved and (unless told) sent. */
async function report(clientId: bigint, o: { send?: boolean } = {}) {
  const x = await signedInTask(t, { clientId });
  const token = x.lead;
  let r = await t.client.ok(ops.createInspectionReport, { taskId: String(x.task.id) }, { token });
  r = await t.client.ok(
    ops.updateInspectionReport,
    {
      id: r.id,
      version: r.version,
      cartonData: { cartonQty: 50, pcsPerCarton: 10, openedCartons: 5, shippingMark: true },
      weights: { grossSpec: 10, grossActual: 10.2, unit: 'KG' },
    },
    { token },
  );
  r = await t.client.ok(
    ops.updateReportQuantity,
    {
      id: r.id,
      version: r.version,
      products: [
        { orderProductId: r.products[0]!.orderProductId, presentedQuantity: 500, packedQuantity: 500 },
      ],
    },
    { token },
  );
  r = await t.client.ok(ops.createReportResult, { id: r.id, version: r.version, preResult: 1 }, { token });
  r = await t.client.ok(ops.submitInspectionReport, { id: r.id, version: r.version }, { token });
  r = await t.client.ok(ops.approveInspectionReport, { id: r.id, version: r.version }, { token: auditor });
  if (o.send !== false)
    r = await t.client.ok(ops.sendInspectionReport, { id: r.id, version: r.version }, { token: sales });
  return { x, r };
}

const instructions = async () => (await db().select({ n: count() }).from(inspectionInstructions))[0]!.n;

describe('inspection/instruction/create', () => {
  it('lets sales confirm a sent report with a release: 40 → 50, the confirmed result, the task and application as they were', async () => {
    const client = await buildClient(db());
    const { x, r } = await report(client.id);
    expect(r.status).toBe(INSPECTION_REPORT_STATUS.sent);
    expect(r.actions).toContain('instruct');
    const answer = await t.client.ok(
      iops.createInstruction,
      { reportId: r.id, version: r.version, type: 1, confirmedResult: 1 },
      { token: sales },
    );
    expect(answer.report).toMatchObject({ status: INSPECTION_REPORT_STATUS.confirmed, confirmedResult: 1 });
    expect(answer.instruction).toMatchObject({
      report: { id: r.id, reportNo: r.reportNo, revision: 0 },
      type: 1,
      confirmedResult: 1,
      content: null,
      reinspection: null,
    });
    const [task] = await db().select().from(inspectionTasks).where(eq(inspectionTasks.id, x.task.id));
    expect(task!.status).toBe(INSPECTION_TASK_STATUS.closed);
    const [apply] = await db().select().from(inspectionApplies).where(eq(inspectionApplies.id, x.apply.id));
    expect(apply!.status).toBe(INSPECTION_APPLY_STATUS.completed);
  });

  it('makes a draft re-inspection application for a CLIENT user’s rework, on behalf of the client’s sales', async () => {
    const client = await buildClient(db());
    const buyer = await clientUser(client.id);
    const { r } = await report(client.id);
    // The client reads its sent report, and answers it on a phone.
    const seen = await t.client.ok(ops.getInspectionReport, { id: r.id }, { token: buyer });
    const missing = await t.client.refused(
      iops.createInstruction,
      { reportId: r.id, version: seen.version, type: 2, confirmedResult: 3 },
      { token: buyer },
    );
    expect(missing).toMatchObject({ reason: 'E_REQUIRED', field: 'content' });
    const answer = await t.client.ok(
      iops.createInstruction,
      {
        reportId: r.id,
        version: seen.version,
        type: 2,
        confirmedResult: 3,
        content: '请返工后复验 / rework, then re-inspect',
      },
      { token: buyer },
    );
    expect(answer.report.status).toBe(INSPECTION_REPORT_STATUS.confirmed);
    const reinspection = answer.instruction.reinspection!;
    expect(reinspection.status).toBe(INSPECTION_APPLY_STATUS.draft);
    const [apply] = await db()
      .select()
      .from(inspectionApplies)
      .where(eq(inspectionApplies.id, BigInt(reinspection.id)));
    const [owner] = await db()
      .select({ salesId: clients.salesId })
      .from(clients)
      .where(eq(clients.id, client.id));
    expect(apply).toMatchObject({
      applyType: APPLY_TYPE.reinspection,
      previousReportId: BigInt(r.id),
      clientId: client.id,
      createdBy: owner!.salesId,
    });
    const items = await db()
      .select()
      .from(inspectionApplyItems)
      .where(eq(inspectionApplyItems.applyId, apply!.id));
    expect(items.map((i) => i.applyQuantity)).toEqual([500]);
  });

  it('refuses a report not sent (E_REPORT_NOT_SENT) and a CLIENT user of another client; nothing changes', async () => {
    const client = await buildClient(db());
    const { r: approved } = await report(client.id, { send: false });
    const before = await instructions();
    expect(
      await t.client.refused(
        iops.createInstruction,
        { reportId: approved.id, version: approved.version, type: 1, confirmedResult: 1 },
        { token: sales },
      ),
    ).toMatchObject({
      reason: 'E_REPORT_NOT_SENT',
      error: 'An instruction can be given only on a report that has been sent',
    });
    const { r: sent } = await report(client.id);
    const stranger = await clientUser((await buildClient(db())).id);
    const refused = await t.client.refused(
      iops.createInstruction,
      { reportId: sent.id, version: sent.version, type: 1, confirmedResult: 1 },
      { token: stranger },
    );
    expect(refused.reason).toBe('E_SCOPE');
    expect(await instructions()).toBe(before);
    const after = await t.client.ok(ops.getInspectionReport, { id: sent.id }, { token: sales });
    expect(after).toMatchObject({ status: INSPECTION_REPORT_STATUS.sent, confirmedResult: null });
  });

  it('refuses a role without insp.instruction.create', async () => {
    const client = await buildClient(db());
    const { x, r } = await report(client.id);
    expect(
      (
        await t.client.refused(
          iops.createInstruction,
          { reportId: r.id, version: r.version, type: 1, confirmedResult: 1 },
          { token: x.lead },
        )
      ).reason,
    ).toBe('E_PERMISSION');
  });
});

describe('inspection/instruction/search', () => {
  it('lists the instructions in scope, newest first; a CLIENT user its own client’s only', async () => {
    const mine = await buildClient(db());
    const theirs = await buildClient(db());
    const buyer = await clientUser(mine.id);
    const a = await report(mine.id);
    const b = await report(theirs.id);
    for (const { r } of [a, b])
      await t.client.ok(
        iops.createInstruction,
        { reportId: r.id, version: r.version, type: 4, confirmedResult: 2, content: '暂缓 / hold' },
        { token: sales },
      );
    const all = await t.client.ok(iops.searchInstructions, { page: 1, pageSize: 50 }, { token: sales });
    const ids = all.list.map((i) => i.report.id);
    expect(ids.indexOf(b.r.id)).toBeLessThan(ids.indexOf(a.r.id));
    const own = await t.client.ok(iops.searchInstructions, { page: 1, pageSize: 50 }, { token: buyer });
    expect(own.list.map((i) => i.report.id)).toEqual([a.r.id]);
    expect(own.total).toBe(1);
    const one = await t.client.ok(
      iops.searchInstructions,
      { reportId: b.r.id, page: 1, pageSize: 10 },
      { token: sales },
    );
    expect(one.list).toHaveLength(1);
    expect(one.list[0]).toMatchObject({ type: 4, confirmedResult: 2, content: '暂缓 / hold' });
  });
});
