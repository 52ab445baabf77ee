import { areas } from '@qcdesk/contract';
import { DAILY_REPORT_STATUS, WORK_TYPE } from '@qcdesk/contract/daily-work-report';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, unique } from '../../../test/support/factories';
import { buildUser, signInAs } from '../../../test/support/identity';
import { signedInTask } from '../../../test/support/inspection-tasks';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { attendances } from '../../db/schema/config';
import { dailyWorkReports } from '../../db/schema/daily-work-report';
import { departments, users } from '../../db/schema/identity';
import { inspectionReports } from '../../db/schema/inspection-report';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { mailOutbox } from '../../db/schema/mail';
import { changeLog } from '../../db/schema/platform';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';

// Daily work reports through the envelope (DOMAIN.md §2.8, §4.12, §6.6, §7.3; issue 30): the own
// report prefilled from the day's tasks, the bad input of a day (hours, dates, another inspector),
// submit, reject, check with the pending-report warning and frozen scores, send by mail, the
// scoring situation and its prediction, and the scope of an inspector.

const ops = areas.dailyWorkReport;
let t: TestApp;
let qcMgr: string;
let team: Awaited<ReturnType<typeof signedInTask>>;
let attendanceId: string;
const today = businessDate();
const [year, month] = today.split('-').map(Number) as [number, number];

const db = () => t.database.db;

/** An inspection report of the team's task in `status`, scored as given (inserted: its audit is not tested here). */
async function report(status: number, o: { score?: number; assistScore?: number; date?: string } = {}) {
  const [row] = await db()
    .insert(inspectionReports)
    .values({
      reportNo: unique('PSI').slice(0, 16),
      taskId: team.task.id,
      applyId: team.apply.id,
      inspectionTypeId: team.task.inspectionTypeId,
      orderId: team.order.order.id,
      clientId: team.order.order.clientId,
      departmentId: team.order.order.departmentId,
      factoryId: team.task.factoryId,
      inspectorId: team.task.inspectorId,
      assistantIds: [await userIdOf(team.assistant)],
      inspectionDate: o.date ?? today,
      samplingLevel: 'II',
      majorAql: '2.5',
      minorAql: '4.0',
      status,
      score: o.score ?? 0,
      assistScore: o.assistScore ?? 0,
    })
    .returning();
  return row!;
}

const rows = async () => (await db().select({ id: dailyWorkReports.id }).from(dailyWorkReports)).length;

beforeAll(async () => {
  t = await startTestApp();
  qcMgr = await signInAs(t, 'QC_MGR');
  team = await signedInTask(t, { taskDate: today });
  attendanceId = String(await idOf(db(), attendances, 'N'));
  // The task was done and its report approved: 1.20 points for the lead, 0.60 for the assistant.
  await db()
    .update(inspectionTasks)
    .set({ status: INSPECTION_TASK_STATUS.closed })
    .where(eq(inspectionTasks.id, team.task.id));
  await report(INSPECTION_REPORT_STATUS.approved, { score: 120, assistScore: 60 });
});
afterAll(() => t.close());

describe('writing one’s daily report', () => {
  it('prefills the works from the day’s tasks (assign-order search), lead and assistant alike', async () => {
    const lead = await t.client.ok(ops.assignOrderSearch, { workDate: today }, { token: team.lead });
    expect(lead.list).toHaveLength(1);
    expect(lead.list[0]).toMatchObject({
      taskId: String(team.task.id),
      role: 'LEAD',
      workType: WORK_TYPE.inspection,
    });
    expect(lead.list[0]!.reportNo).toMatch(/^PSI/);
    const assist = await t.client.ok(ops.assignOrderSearch, { workDate: today }, { token: team.assistant });
    expect(assist.list[0]).toMatchObject({ taskId: String(team.task.id), role: 'ASSIST' });
    const other = await t.client.ok(
      ops.assignOrderSearch,
      { workDate: addDays(today, -1) },
      { token: team.lead },
    );
    expect(other.list).toEqual([]);
  });

  it('refuses bad input with its key and writes nothing', async () => {
    const before = await rows();
    const work = { workType: WORK_TYPE.office, hours: 8 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ workDate: today, attendanceId, works: [{ ...work, hours: 25 }] }, 'E_RANGE', 'works.0.hours'],
      [
        {
          workDate: today,
          attendanceId,
          works: [
            { ...work, hours: 12 },
            { ...work, hours: 12.5 },
          ],
        },
        'E_DAILY_HOURS',
        'works',
      ],
      [{ workDate: addDays(today, 1), attendanceId }, 'E_DAILY_FUTURE', 'workDate'],
      [
        { workDate: today, attendanceId, inspectorId: String(await userIdOf(team.assistant)) },
        'E_DAILY_NOT_OWN',
        'inspectorId',
      ],
    ];
    for (const [body, reason, field] of cases) {
      const refusal = await t.client.refused(ops.createDailyReport, body, { token: team.lead });
      expect({ reason: refusal.reason, field: refusal.field }).toEqual({ reason, field });
    }
    const zh = await t.client.refused(
      ops.createDailyReport,
      {
        workDate: today,
        attendanceId,
        works: [
          { ...work, hours: 20 },
          { ...work, hours: 4.5 },
        ],
      },
      { token: team.lead, lang: 'zh' },
    );
    expect(zh.error).toBe('一天的工时合计不能超过24小时（现为24.5小时）');
    const en = await t.client.refused(
      ops.createDailyReport,
      { workDate: addDays(today, 1), attendanceId },
      { token: team.lead },
    );
    expect(en.error).toBe('A daily report cannot be written for a future date');
    expect(await rows()).toBe(before);
  });

  it('creates the own report with the prefilled works and the live score, once a day', async () => {
    const r = await t.client.ok(
      ops.createDailyReport,
      { workDate: today, attendanceId },
      { token: team.lead },
    );
    expect(r).toMatchObject({ status: DAILY_REPORT_STATUS.draft, score: 120, assistScore: 0, hours: 0 });
    expect(r.works).toHaveLength(1);
    expect(r.works[0]).toMatchObject({ taskNo: team.task.taskNo, role: 'LEAD' });
    expect(r.works[0]!.factory?.code).toBe('F-HM-SZ');
    expect(r.actions).toEqual(['update', 'submit']);
    const again = await t.client.refused(
      ops.createDailyReport,
      { workDate: today, attendanceId },
      { token: team.lead },
    );
    expect(again.reason).toBe('E_DUPLICATE');
    const log = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'daily_work_reports'), eq(changeLog.entityId, BigInt(r.id))));
    expect(log.map((l) => l.action)).toEqual(['create']);
    // The works are one field of the log, in both languages.
    expect(JSON.stringify(log[0]!.changes)).toContain(`Inspection 验货 0.0 h, task ${team.task.id}`);
  });
});

async function ownReport(token = team.lead, date = today) {
  const found = await t.client.ok(
    ops.getDailyReport,
    { inspectorId: String(await userIdOf(token)), workDate: date },
    { token },
  );
  return found.report!;
}

const ids = new Map<string, bigint>();
async function userIdOf(token: string) {
  if (!ids.has(token)) {
    const me = await t.client.ok(areas.identity.check, {}, { token });
    ids.set(token, BigInt(me.uid));
  }
  return ids.get(token)!;
}

describe('the day’s moves', () => {
  it('updates, refuses another inspector and a stale version, and checks submit’s completeness', async () => {
    const r = await ownReport();
    const works = [
      { workType: WORK_TYPE.inspection, taskId: String(team.task.id), role: 'LEAD' as const, hours: 6 },
      { workType: WORK_TYPE.sampling, hours: 1 },
      { workType: WORK_TYPE.travel, hours: 1.5, mileage: 42.5 },
    ];
    const other = await t.client.refused(
      ops.updateDailyReport,
      { id: r.id, version: r.version, works },
      { token: team.assistant },
    );
    expect(other.reason).toBe('E_DAILY_NOT_OWN');
    const over = await t.client.refused(
      ops.updateDailyReport,
      { id: r.id, version: r.version, works: [...works, { workType: WORK_TYPE.office, hours: 16 }] },
      { token: team.lead },
    );
    expect(over.reason).toBe('E_DAILY_HOURS');
    const u = await t.client.ok(
      ops.updateDailyReport,
      { id: r.id, version: r.version, works },
      { token: team.lead },
    );
    expect(u.hours).toBe(8.5);
    expect(u.works[2]).toMatchObject({ mileage: 42.5, hours: 1.5 });
    const stale = await t.client.refused(
      ops.updateDailyReport,
      { id: r.id, version: r.version, remark: 'x' },
      { token: team.lead },
    );
    expect(stale.reason).toBe('E_VERSION');
    const incomplete = await t.client.refused(
      ops.submitDailyReport,
      { id: u.id, version: u.version },
      { token: team.lead },
    );
    expect({ reason: incomplete.reason, error: incomplete.error }).toEqual({
      reason: 'E_DAILY_WORK_LINK',
      error: 'Work 2 must be linked to an inspection task or report',
    });
    const fixed = await t.client.ok(
      ops.updateDailyReport,
      { id: u.id, version: u.version, works: works.filter((w) => w.workType !== WORK_TYPE.sampling) },
      { token: team.lead },
    );
    const s = await t.client.ok(
      ops.submitDailyReport,
      { id: fixed.id, version: fixed.version },
      { token: team.lead },
    );
    expect(s.status).toBe(DAILY_REPORT_STATUS.submitted);
    expect(s.actions).toEqual([]);
    const late = await t.client.refused(
      ops.updateDailyReport,
      { id: s.id, version: s.version, remark: 'x' },
      { token: team.lead },
    );
    expect(late.reason).toBe('E_STATUS');
  });

  it('is rejected with a reason and submitted again', async () => {
    const r = await ownReport();
    const noReason = await t.client.refused(
      ops.rejectDailyReport,
      { id: r.id, version: r.version, reason: ' ' },
      { token: qcMgr },
    );
    expect(noReason.reason).toBeDefined();
    const j = await t.client.ok(
      ops.rejectDailyReport,
      { id: r.id, version: r.version, reason: 'Hours?' },
      { token: qcMgr },
    );
    expect(j).toMatchObject({ status: DAILY_REPORT_STATUS.returned, rejectReason: 'Hours?' });
    await t.client.ok(ops.submitDailyReport, { id: j.id, version: j.version }, { token: team.lead });
  });

  it('is never checked by its owner nor by an inspector', async () => {
    const mgrDate = addDays(today, -1);
    const mine = await t.client.ok(
      ops.createDailyReport,
      { workDate: mgrDate, attendanceId, works: [{ workType: WORK_TYPE.office, hours: 8 }] },
      { token: qcMgr },
    );
    const sub = await t.client.ok(
      ops.submitDailyReport,
      { id: mine.id, version: mine.version },
      { token: qcMgr },
    );
    const self = await t.client.refused(
      ops.checkDailyReport,
      { id: sub.id, version: sub.version },
      { token: qcMgr },
    );
    expect(self.reason).toBe('E_DAILY_SELF_CHECK');
    expect(self.error).toBe('You cannot check your own daily report');
    const r = await ownReport();
    const byInspector = await t.client.refused(
      ops.checkDailyReport,
      { id: r.id, version: r.version },
      { token: team.assistant },
    );
    expect(byInspector.reason).toBe('E_PERMISSION');
    expect((await ownReport()).status).toBe(DAILY_REPORT_STATUS.submitted);
  });

  it('warns while a report of that day awaits approval, then checks with the scores frozen', async () => {
    const pending = await report(INSPECTION_REPORT_STATUS.submitted);
    const r = await ownReport();
    const { result } = await t.client.call(
      ops.checkDailyReport,
      { id: r.id, version: r.version },
      { token: qcMgr, lang: 'en' },
    );
    expect(result.success).toBe(true);
    const answer = result.data as { saved: boolean; warnings: { key: string; en: string }[] };
    expect(answer.saved).toBe(false);
    expect(answer.warnings.map((w) => [w.key, w.en])).toEqual([
      [
        'W_DAILY_REPORTS_PENDING',
        'The inspector still has 1 inspection report of that day awaiting approval; the score will not change after the check',
      ],
    ]);
    expect((await ownReport()).status).toBe(DAILY_REPORT_STATUS.submitted);
    const checked = await t.client.ok(
      ops.checkDailyReport,
      { id: r.id, version: r.version, confirm: true },
      { token: qcMgr },
    );
    expect(checked.result).toMatchObject({ status: DAILY_REPORT_STATUS.checked, score: 120, assistScore: 0 });
    // Approved after the check: the daily report keeps its score, the scoring situation has it.
    await db()
      .update(inspectionReports)
      .set({ status: INSPECTION_REPORT_STATUS.approved, score: 80 })
      .where(eq(inspectionReports.id, pending.id));
    expect((await ownReport()).score).toBe(120);
    const situation = await t.client.ok(ops.dailyScores, { year, month }, { token: team.lead });
    expect(situation.list).toEqual([
      expect.objectContaining({ score: 200, assistScore: 0, reports: 2, manDays: 1, scorePerManDay: 200 }),
    ]);
  });

  it('sends the checked report to the department manager and the sales of the worked order', async () => {
    const manager = await buildUser(db(), {
      role: 'QC_MGR',
      department: 'QC',
      email: 'dwr.manager@example.com',
    });
    const [lead] = await db()
      .select()
      .from(users)
      .where(eq(users.id, await userIdOf(team.lead)));
    await db()
      .update(departments)
      .set({ managerId: manager.id })
      .where(eq(departments.id, lead!.departmentId!));
    const r = await ownReport();
    const { result } = await t.client.call(
      ops.sendDailyReport,
      { id: r.id, version: r.version },
      { token: qcMgr, lang: 'en' },
    );
    expect(result.success).toBe(true);
    expect(result.error).toBe('The mail has been sent, please check');
    expect((result.data as { status: number }).status).toBe(DAILY_REPORT_STATUS.sent);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.entityId, BigInt(r.id)));
    const sent = mails.filter((m) => m.template === 'daily-work-report-sent');
    const to = sent.map((m) => m.to);
    expect(to).toContain('dwr.manager@example.com');
    expect(to.length).toBeGreaterThanOrEqual(2);
    expect(sent[0]!.text).toContain(team.task.taskNo);
    expect(sent[0]!.text).toMatch(/1\.2/);
  });
});

describe('scope and reads', () => {
  it('an inspector searches and opens only their own reports', async () => {
    const own = await t.client.ok(ops.searchDailyReports, { year, month }, { token: team.lead });
    expect(own.list.map((r) => r.workDate)).toEqual([today]);
    const assistant = await t.client.ok(ops.searchDailyReports, { year, month }, { token: team.assistant });
    expect(assistant.list).toEqual([]);
    const leadId = String(await userIdOf(team.lead));
    const peek = await t.client.refused(
      ops.getDailyReport,
      { inspectorId: leadId, workDate: today },
      { token: team.assistant },
    );
    expect(peek.reason).toBe('E_SCOPE');
    const all = await t.client.ok(
      ops.searchDailyReports,
      { inspectorId: leadId, year, month },
      { token: qcMgr },
    );
    expect(all.list).toHaveLength(1);
    const work = await t.client.ok(ops.searchDailyReports, { work: true, pageSize: 100 }, { token: qcMgr });
    expect(
      work.list.every(
        (r) => r.status === DAILY_REPORT_STATUS.submitted || r.inspector.id === String(ids.get(qcMgr)),
      ),
    ).toBe(true);
    const none = await t.client.ok(
      ops.getDailyReport,
      { inspectorId: leadId, workDate: addDays(today, -3) },
      { token: team.lead },
    );
    expect(none.report).toBeNull();
  });

  it('refuses roles without the permission', async () => {
    const sales = await signInAs(t, 'SALES');
    expect((await t.client.refused(ops.searchDailyReports, {}, { token: sales })).reason).toBe(
      'E_PERMISSION',
    );
    expect((await t.client.refused(ops.dailyScores, { year, month }, { token: sales })).reason).toBe(
      'E_PERMISSION',
    );
    expect(
      (await t.client.refused(ops.assignOrderSearch, { workDate: today }, { token: sales })).reason,
    ).toBe('E_PERMISSION');
  });

  it('the scoring situation: an inspector their own row, a QC manager everybody’s', async () => {
    const leadId = String(await userIdOf(team.lead));
    const other = await t.client.refused(
      ops.dailyScores,
      { year, month, inspectorId: leadId },
      { token: team.assistant },
    );
    expect(other.reason).toBe('E_SCOPE');
    const assistant = await t.client.ok(ops.dailyScores, { year, month }, { token: team.assistant });
    // Two reports name the assistant; the later one was approved with no assist score.
    expect(assistant.list).toEqual([expect.objectContaining({ score: 0, assistScore: 60, reports: 2 })]);
    const everybody = await t.client.ok(ops.dailyScores, { year, month }, { token: qcMgr });
    expect(everybody.list.find((r) => r.inspector.id === leadId)).toMatchObject({ score: 200, manDays: 1 });
  });

  it('the predicted scoring adds the month’s open tasks as passed', async () => {
    const next = await signedInTask(t, { taskDate: today, quantities: [500, 500] });
    const leadId = await userIdOf(team.lead);
    await db()
      .update(inspectionTasks)
      .set({ inspectorId: leadId })
      .where(eq(inspectionTasks.id, next.task.id));
    const predicted = await t.client.ok(ops.predictScores, { year, month }, { token: team.lead });
    // PSI 1.00 × size 1.0 (1000 units at level II draw n = 80) × 2 products 1.1 = 1.10, on top of 2.00.
    const row = predicted.list[0]!;
    expect(row.openTasks).toBe(1);
    expect(row.score).toBe(310);
    expect(row.reports).toBe(2);
    const situation = await t.client.ok(ops.dailyScores, { year, month }, { token: team.lead });
    expect(situation.list[0]!.score).toBe(200);
  });
});
