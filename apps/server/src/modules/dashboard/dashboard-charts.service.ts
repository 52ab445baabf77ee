import {
  CHART_LOAD_DAYS,
  CHART_RANKING_MAX,
  CHART_SERIES_MAX,
  type ChartKey,
  chartTable,
  DASHBOARD_CHARTS,
  type DashboardCharts,
} from '@qcdesk/contract/dashboard-charts';
import type { Language } from '@qcdesk/contract/language';
import type ExcelJS from 'exceljs';
import { addDays } from '../../domain/calendar';
import type { Principal } from '../../platform/auth';
import { addMonths, businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { loadExcelJS } from '../../platform/lazy-packages';
import { XLSX_TYPE } from '../../platform/list-export-xlsx';
import { type Scope, scopeOf } from '../../platform/scope';
import { sheetCells } from '../../platform/spreadsheet-text';
import {
  factoryResults,
  highRiskTests,
  inspectorLoad,
  lateLoads,
  leadTimes,
  type Period,
  passRates,
} from './dashboard-charts.queries';

// dashboard/charts and its XLSX (issue 30): each chart the caller holds the permission for, in
// their scope, the queries side by side on the pool.

type PassRates = Awaited<ReturnType<typeof passRates>>;

/** The lines drawn: the clients or factories with the most reports in the period. */
function topSeries(found: PassRates): PassRates {
  const totals = new Map<bigint, number>();
  for (const r of found) totals.set(r.ref.id, (totals.get(r.ref.id) ?? 0) + r.reports);
  const kept = new Set(
    [...totals]
      .sort((a, b) => b[1] - a[1] || Number(a[0] - b[0]))
      .slice(0, CHART_SERIES_MAX)
      .map(([id]) => id),
  );
  return found.filter((r) => kept.has(r.ref.id));
}

/** Factories by fail rate (then failures, reports), with their late loadings. */
async function ranking(db: Db, scope: Scope, period: Period) {
  const [results, late] = await Promise.all([
    factoryResults(db, scope, period),
    lateLoads(db, scope, period),
  ]);
  const byId = new Map(results.map((r) => [r.factory.id, { ...r, lateLoads: 0 }]));
  for (const l of late) {
    const row = byId.get(l.factory.id) ?? {
      factory: l.factory,
      reports: 0,
      failed: 0,
      rework: 0,
      lateLoads: 0,
    };
    byId.set(l.factory.id, { ...row, lateLoads: l.lateLoads });
  }
  const rate = (r: { failed: number; reports: number }) => (r.reports === 0 ? 0 : r.failed / r.reports);
  return [...byId.values()]
    .sort(
      (a, b) =>
        rate(b) - rate(a) ||
        b.failed - a.failed ||
        b.rework - a.rework ||
        b.lateLoads - a.lateLoads ||
        b.reports - a.reports,
    )
    .slice(0, CHART_RANKING_MAX);
}

async function load(db: Db, scope: Scope, today: string) {
  const days = Array.from({ length: CHART_LOAD_DAYS }, (_, i) => addDays(today, i));
  const found = await inspectorLoad(db, scope, { from: today, to: days.at(-1)! });
  const rows = new Map<bigint, { inspector: (typeof found)[number]['inspector']; tasks: number[] }>();
  for (const r of found) {
    const row = rows.get(r.inspector.id) ?? { inspector: r.inspector, tasks: days.map(() => 0) };
    row.tasks[days.indexOf(r.day)] = r.tasks;
    rows.set(r.inspector.id, row);
  }
  return { days, rows: [...rows.values()] };
}

/** dashboard/charts: the last `months` months (this one included) up to today. */
export async function dashboardCharts(db: Db, input: { months: number }, user: Principal) {
  const scope = await scopeOf(db, user);
  const to = businessDate();
  const period = { from: `${addMonths(to, 1 - input.months).slice(0, 7)}-01`, to };
  const may = (key: ChartKey) => user.permissions.has(DASHBOARD_CHARTS[key].permission);
  const when = <T>(key: ChartKey, ok: boolean, run: () => Promise<T>) =>
    may(key) && ok ? run() : Promise.resolve(null);
  const staff = scope.kind !== 'client';
  const [passRateByClient, passRateByFactory, leadTime, factoryRanking, load14, highRisk] = await Promise.all(
    [
      when('passRateByClient', true, async () => topSeries(await passRates(db, scope, period, 'client'))),
      when('passRateByFactory', true, async () => topSeries(await passRates(db, scope, period, 'factory'))),
      when('leadTime', true, () => leadTimes(db, scope, period)),
      when('factoryRanking', true, () => ranking(db, scope, period)),
      when('inspectorLoad', staff, () => load(db, scope, to)),
      when('highRiskTests', true, () => highRiskTests(db, scope, CHART_RANKING_MAX)),
    ],
  );
  return {
    ...period,
    passRateByClient,
    passRateByFactory,
    leadTime,
    factoryRanking,
    inspectorLoad: load14,
    highRiskTests: highRisk,
  };
}

/** dashboard/charts/xlsx: one chart's table as a workbook in the caller's language. */
export async function dashboardChartXlsx(
  db: Db,
  input: { months: number; chart: ChartKey },
  user: Principal,
  lang: Language,
) {
  if (!user.permissions.has(DASHBOARD_CHARTS[input.chart].permission)) throw new AppError('E_PERMISSION');
  const charts = await dashboardCharts(db, input, user);
  // The wire shape (ids as strings) is what the table reads; the labels' ids are not shown.
  const table = chartTable(input.chart, charts as unknown as DashboardCharts, lang);
  const excel = await loadExcelJS();
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(DASHBOARD_CHARTS[input.chart].label[lang].slice(0, 31));
  sheet.addRow(sheetCells(table.header));
  for (const row of table.rows) sheet.addRow(sheetCells(row));
  sheet.getRow(1).font = { bold: true };
  table.header.forEach((h, i) => {
    sheet.getColumn(i + 1).width = Math.max(10, Math.min(40, h.length * 2 + 4));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    fileName: `${input.chart}-${charts.from}-${charts.to}.xlsx`,
    contentType: XLSX_TYPE,
    content: buffer.toString('base64'),
  };
}
