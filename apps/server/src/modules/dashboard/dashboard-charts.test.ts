import { areas, type RoleCode } from '@qcdesk/contract';
import { CHART_LOAD_DAYS } from '@qcdesk/contract/dashboard-charts';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { roles } from '../../db/schema/identity';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { inspectionReports } from '../../db/schema/inspection-report';
import { superviseReportProducts, superviseReports } from '../../db/schema/supervise-report';
import { addDays } from '../../domain/calendar';
import { businessDate } from '../../platform/business-time';
import { rows } from '../../platform/db';
import { linkClientUser } from '../inspection-booking/inspection-booking.factory';
import { buildReport } from '../inspection-report/inspection-report.factory';
import { buildOrder } from '../order/order.factory';
import { buildOrderRisk } from '../order-risk/order-risk.factory';
import { buildSuperviseReport } from '../supervise-report/supervise-report.factory';

// The dashboard's charts through the envelope (issue 30): the figures of reports, loadings, tasks
// and risks a test makes, in the caller's scope (a CLIENT user's only of their own client, and only
// what was sent to them), null without the chart's permission; a chart's XLSX read back.

const charts = areas.dashboard.dashboardCharts;
const xlsx = areas.dashboard.dashboardChartXlsx;
const { approved, sent } = INSPECTION_REPORT_STATUS;
const DAY = 86_400_000;
let t: TestApp;
const db = () => t.database.db;
const today = businessDate();
const thisMonth = today.slice(0, 7);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Built = Awaited<ReturnType<typeof buildOrder>>;

/** A final report of the order: its result, status, and days from the application's submit to the send. */
async function finalReport(order: Built, result: number, status: number, leadDays?: number) {
  const report = await buildReport(db(), order);
  const sentAt = new Date();
  await db()
    .update(inspectionReports)
    .set({ result, status, inspectionDate: today, sentAt: status === approved ? null : sentAt })
    .where(eq(inspectionReports.id, report.id));
  if (leadDays !== undefined)
    await db()
      .update(inspectionApplies)
      .set({ submittedAt: new Date(sentAt.getTime() - leadDays * DAY) })
      .where(eq(inspectionApplies.id, report.applyId!));
  return report;
}

async function highRiskOf(order: Built) {
  const [risk] = await rows<{ id: string }>(
    db(),
    sql`select k.id from risks k join risk_levels l on l.id = k.risk_level_id where l.high_risk and k.valid = 1 limit 1`,
  );
  const built = await buildOrderRisk(db(), {
    orderId: order.order.id,
    orderProductId: order.products[0]!.id,
    items: { 'T-EN71-1': 0 },
  });
  await db().execute(
    sql`update order_risk_items set risk_id = ${risk!.id} where order_risk_id = ${built.id}`,
  );
}

describe('dashboard/charts', () => {
  let own: Built;
  let clientToken: string;
  let factoryId: string;

  beforeAll(async () => {
    own = await buildOrder(db(), { lines: [{ deliveryDate: addDays(today, -2) }] });
    const other = await buildOrder(db());
    factoryId = String(own.products[0]!.factoryId);
    await finalReport(own, INSPECTION_RESULT.pass, sent, 4);
    await finalReport(own, INSPECTION_RESULT.fail, sent, 2);
    await finalReport(own, INSPECTION_RESULT.rework, approved);
    await finalReport(other, INSPECTION_RESULT.pass, sent, 1);
    await highRiskOf(own);
    await highRiskOf(other);
    // A loading approved today of a product due two days ago.
    const loading = await buildSuperviseReport(db(), { clientId: own.order.clientId });
    const [late] = await rows<{ id: string }>(
      db(),
      sql`select op.id from order_products op join orders o on o.id = op.order_id
          where o.shipping_id = ${loading.shippingId} limit 1`,
    );
    await db()
      .update(superviseReports)
      .set({ status: SUPERVISE_REPORT_STATUS.sent, loadingDate: today })
      .where(eq(superviseReports.id, loading.id));
    await db().execute(
      sql`update order_products set delivery_date = ${addDays(today, -2)} where id = ${late!.id}`,
    );
    await db()
      .insert(superviseReportProducts)
      .values({ reportId: loading.id, orderProductId: BigInt(late!.id) });

    // A client-scoped role that also reads order risks (the seeded CLIENT role does not).
    await db()
      .insert(roles)
      .values({
        code: 'DASH_CHARTS',
        nameZh: '看板',
        nameEn: 'Charts',
        permissions: ['insp.report.search', 'orderrisk.search'],
        scope: 'client',
      });
    const reader = await buildUser(db(), { role: 'DASH_CHARTS' as RoleCode, department: 'EXT' });
    await linkClientUser(db(), reader.id, own.order.clientId);
    clientToken = await signIn(t, reader.username);
  });

  it("gives a CLIENT user only their own client's figures, and only what was sent", async () => {
    const answer = await t.client.ok(charts, {}, { token: clientToken });
    expect(answer.to).toBe(today);
    expect(answer.from).toMatch(/^\d{4}-\d{2}-01$/);
    const clientId = String(own.order.clientId);
    expect(answer.passRateByClient).toEqual([
      { month: thisMonth, ref: expect.objectContaining({ id: clientId }), reports: 2, passed: 1 },
    ]);
    expect(answer.passRateByFactory).toEqual([
      { month: thisMonth, ref: expect.objectContaining({ id: factoryId }), reports: 2, passed: 1 },
    ]);
    expect(answer.leadTime).toEqual([{ month: thisMonth, reports: 2, averageDays: 3, maxDays: 4 }]);
    expect(answer.factoryRanking).toEqual([
      { factory: expect.objectContaining({ id: factoryId }), reports: 2, failed: 1, rework: 0, lateLoads: 1 },
    ]);
    expect(answer.highRiskTests).toEqual([
      { client: expect.objectContaining({ id: clientId }), products: 1, items: 1 },
    ]);
    // The inspectors' load is the company's planning, not a client's figure.
    expect(answer.inspectorLoad).toBeNull();
  });

  it("counts a QC manager's inspectors' tasks of the next two weeks, leads and assistants", async () => {
    const answer = await t.client.ok(charts, { months: 1 }, { token: await signInAs(t, 'QC_MGR') });
    const load = answer.inspectorLoad!;
    expect(load.days).toHaveLength(CHART_LOAD_DAYS);
    expect(load.days[0]).toBe(today);
    // Each of the four reports' tasks (tomorrow) has a new lead and a new assistant.
    const tomorrow = load.days.indexOf(addDays(today, 1));
    const withOne = load.rows.filter((r) => r.tasks[tomorrow] === 1 && r.tasks.reduce((a, b) => a + b) === 1);
    expect(withOne.length).toBeGreaterThanOrEqual(8);
    // Over all clients: the rework report (approved, not sent) counts for staff.
    const ranking = answer.factoryRanking!.find((r) => r.factory.id === factoryId);
    expect(ranking?.rework).toBeGreaterThanOrEqual(1);
  });

  it('leaves out the charts the caller holds no permission for', async () => {
    const inspector = await t.client.ok(charts, {}, { token: await signInAs(t, 'INSPECTOR') });
    expect(inspector.inspectorLoad).toBeNull();
    expect(inspector.highRiskTests).toBeNull();
    const client = await t.client.ok(charts, {}, { token: await signInAs(t, 'CLIENT') });
    expect(client.highRiskTests).toBeNull();
    const refused = await t.client.refused(
      xlsx,
      { chart: 'inspectorLoad' },
      { token: await signInAs(t, 'INSPECTOR') },
    );
    expect(refused.reason).toBe('E_PERMISSION');
    expect((await t.client.refused(charts, { months: 25 }, { token: clientToken })).field).toBe('months');
  });

  it("downloads a chart's table as XLSX in the caller's language", async () => {
    const file = await t.client.ok(xlsx, { chart: 'factoryRanking' }, { token: clientToken, lang: 'en' });
    expect(file.fileName).toMatch(/^factoryRanking-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.content, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Factory',
      'Reports',
      'Failed',
      'Fail rate %',
      'Rework',
      'Loaded after delivery date',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(2)).toEqual([2, 1, 50, 0, 1]);
    expect(sheet.rowCount).toBe(2);
  });
});
