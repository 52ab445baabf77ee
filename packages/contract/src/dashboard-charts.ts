import { z } from 'zod';
import type { Language } from './language';
import { defineOperation } from './operation';
import type { Permission } from './permissions';
import { dateOut, refOut, userLabel } from './schemas';

// The dashboard's charts on Home (issue 30), after the work queue: inspection pass rate by client
// and by factory over time, lead time from application to sent report, the factory ranking, the
// inspectors' load of the next two weeks and the open high-risk tests. One operation answers them
// all in the caller's scope (DOMAIN.md §5.4: CLIENT users only their own orders' figures); a chart
// the caller lacks the permission for is null. Each chart is also a table (its screen-reader view
// and its XLSX download): `chartTable` gives both sides the same header and cells.

type Labels = { readonly zh: string; readonly en: string };

/** Months of history the time charts cover by default (this month and the five before). */
export const CHART_MONTHS = 6;
/** The longest history a caller may ask for. */
export const CHART_MONTHS_MAX = 24;
/** Clients or factories drawn as lines of the pass-rate charts: the ones with the most reports. */
export const CHART_SERIES_MAX = 8;
/** Rows of the factory ranking and of the high-risk tests. */
export const CHART_RANKING_MAX = 10;
/** Days of the inspectors' load: today and the next 13. */
export const CHART_LOAD_DAYS = 14;

const count = z.number().int();
const month = z.string(); // yyyy-MM

export const passRateRow = z.object({ month, ref: refOut, reports: count, passed: count });
export const leadTimeRow = z.object({ month, reports: count, averageDays: z.number(), maxDays: z.number() });
export const rankingRow = z.object({
  factory: refOut,
  reports: count,
  failed: count,
  rework: count,
  /** Order products loaded (supervise report approved) after their delivery date. */
  lateLoads: count,
});
export const loadRow = z.object({ inspector: userLabel, tasks: z.array(count) });
export const highRiskRow = z.object({ client: refOut, products: count, items: count });

export const chartsOutput = z.object({
  from: dateOut,
  to: dateOut,
  passRateByClient: z.array(passRateRow).nullable(),
  passRateByFactory: z.array(passRateRow).nullable(),
  leadTime: z.array(leadTimeRow).nullable(),
  factoryRanking: z.array(rankingRow).nullable(),
  inspectorLoad: z.object({ days: z.array(dateOut), rows: z.array(loadRow) }).nullable(),
  highRiskTests: z.array(highRiskRow).nullable(),
});
export type DashboardCharts = z.output<typeof chartsOutput>;

/** Every chart, in the order shown, with the permission that shows it. */
export const DASHBOARD_CHARTS = {
  passRateByClient: {
    label: { zh: '各客户验货合格率', en: 'Inspection pass rate by client' },
    permission: 'insp.report.search',
  },
  passRateByFactory: {
    label: { zh: '各工厂验货合格率', en: 'Inspection pass rate by factory' },
    permission: 'insp.report.search',
  },
  leadTime: {
    label: { zh: '从申请到报告发送的周期', en: 'Lead time from application to sent report' },
    permission: 'insp.report.search',
  },
  factoryRanking: {
    label: { zh: '工厂排名', en: 'Factory ranking' },
    permission: 'insp.report.search',
  },
  inspectorLoad: {
    label: { zh: '验货员未来两周负荷', en: 'Inspector load, next two weeks' },
    permission: 'inspplan.create',
  },
  highRiskTests: {
    label: { zh: '未完成的高风险测试', en: 'Open high-risk tests' },
    permission: 'orderrisk.search',
  },
} as const satisfies Record<string, { label: Labels; permission: Permission }>;

export type ChartKey = keyof typeof DASHBOARD_CHARTS;
export const CHART_KEYS = Object.keys(DASHBOARD_CHARTS) as ChartKey[];

export const chartsInput = z.object({
  months: z.number().int().min(1).max(CHART_MONTHS_MAX).default(CHART_MONTHS),
});

export const dashboardCharts = defineOperation({
  path: 'dashboard/charts',
  method: 'POST',
  permission: 'signed-in',
  summary:
    "The dashboard's charts (issue 30) over the last `months` months (this one included) in the caller's scope; a chart is null without its permission (DASHBOARD_CHARTS). Pass rate: final reports (approved, sent, confirmed; for CLIENT users sent and confirmed) passed or conditionally passed, per month and client or factory (the 8 with most reports). Lead time: days from the application's submit to the report's send. Ranking: the 10 factories with the highest fail rate. Load: tasks per inspector (lead or assistant) per day of the next 14. High-risk tests: open order-risk items of high-risk levels without a pass, per client (top 10).",
  input: chartsInput,
  output: chartsOutput,
});

export const dashboardChartXlsx = defineOperation({
  path: 'dashboard/charts/xlsx',
  method: 'POST',
  permission: 'signed-in',
  summary:
    "One chart's table (the same figures as `dashboard/charts`, in the caller's language) as an XLSX file, base64; E_PERMISSION without the chart's permission.",
  input: chartsInput.extend({ chart: z.enum(CHART_KEYS as [ChartKey, ...ChartKey[]]) }),
  output: z.object({ fileName: z.string(), contentType: z.string(), content: z.string() }),
});

// ----- The table of a chart (screen readers and XLSX) -----

type Ref = z.output<typeof refOut>;
type Person = z.output<typeof userLabel>;
export type ChartCell = string | number;
export interface ChartTable {
  header: string[];
  rows: ChartCell[][];
}

const refName = (ref: Ref, lang: Language) =>
  (lang === 'zh' ? ref.nameZh : ref.nameEn) ?? ref.nameZh ?? ref.nameEn ?? ref.code ?? '';
const personName = (p: Person, lang: Language) => (lang === 'en' && p.englishName) || p.name;

/** A rate in percent with one decimal (0 for no reports). */
export const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

const COLUMNS = {
  month: { zh: '月份', en: 'Month' },
  client: { zh: '客户', en: 'Client' },
  factory: { zh: '工厂', en: 'Factory' },
  reports: { zh: '报告数', en: 'Reports' },
  passed: { zh: '合格数', en: 'Passed' },
  passRate: { zh: '合格率 %', en: 'Pass rate %' },
  averageDays: { zh: '平均天数', en: 'Average days' },
  maxDays: { zh: '最长天数', en: 'Longest days' },
  failed: { zh: '不合格', en: 'Failed' },
  failRate: { zh: '不合格率 %', en: 'Fail rate %' },
  rework: { zh: '返工', en: 'Rework' },
  lateLoads: { zh: '晚于交货期装柜', en: 'Loaded after delivery date' },
  inspector: { zh: '验货员', en: 'Inspector' },
  total: { zh: '合计', en: 'Total' },
  products: { zh: '产品数', en: 'Products' },
  items: { zh: '测试项目数', en: 'Test items' },
} as const satisfies Record<string, Labels>;

export const chartColumn = (key: keyof typeof COLUMNS, lang: Language) => COLUMNS[key][lang];

/** A chart's figures as a table: the header and the rows in the language. */
export function chartTable(key: ChartKey, charts: DashboardCharts, lang: Language): ChartTable {
  const col = (...keys: (keyof typeof COLUMNS)[]) => keys.map((k) => COLUMNS[k][lang]);
  switch (key) {
    case 'passRateByClient':
    case 'passRateByFactory':
      return {
        header: col(
          'month',
          key === 'passRateByClient' ? 'client' : 'factory',
          'reports',
          'passed',
          'passRate',
        ),
        rows: (charts[key] ?? []).map((r) => [
          r.month,
          refName(r.ref, lang),
          r.reports,
          r.passed,
          percent(r.passed, r.reports),
        ]),
      };
    case 'leadTime':
      return {
        header: col('month', 'reports', 'averageDays', 'maxDays'),
        rows: (charts.leadTime ?? []).map((r) => [r.month, r.reports, r.averageDays, r.maxDays]),
      };
    case 'factoryRanking':
      return {
        header: col('factory', 'reports', 'failed', 'failRate', 'rework', 'lateLoads'),
        rows: (charts.factoryRanking ?? []).map((r) => [
          refName(r.factory, lang),
          r.reports,
          r.failed,
          percent(r.failed, r.reports),
          r.rework,
          r.lateLoads,
        ]),
      };
    case 'inspectorLoad': {
      const load = charts.inspectorLoad ?? { days: [], rows: [] };
      return {
        header: [COLUMNS.inspector[lang], ...load.days.map((d) => d.slice(5)), COLUMNS.total[lang]],
        rows: load.rows.map((r) => [
          personName(r.inspector, lang),
          ...r.tasks,
          r.tasks.reduce((a, b) => a + b, 0),
        ]),
      };
    }
    case 'highRiskTests':
      return {
        header: col('client', 'products', 'items'),
        rows: (charts.highRiskTests ?? []).map((r) => [refName(r.client, lang), r.products, r.items]),
      };
  }
}
