import { type ChartKey, type DashboardCharts, percent } from '@qcdesk/contract/dashboard-charts';
import type { Language } from '@qcdesk/contract/language';

// The ECharts option of each chart on Home (issue 30), from the figures `dashboard/charts` answers:
// pure data, so it is unit-tested without a canvas. Axis names come from the caller (texts).

type Ref = { nameZh: string | null; nameEn: string | null; code: string | null };
const refName = (ref: Ref, lang: Language) =>
  (lang === 'zh' ? ref.nameZh : ref.nameEn) ?? ref.nameZh ?? ref.nameEn ?? ref.code ?? '';

type LeadRow = NonNullable<DashboardCharts['leadTime']>[number];

export interface AxisTexts {
  averageDays: string;
  maxDays: string;
  failRate: string;
  rework: string;
  lateLoads: string;
  items: string;
}

export type ChartOption = Record<string, unknown>;

const tooltip = { trigger: 'axis', confine: true };
const grid = { left: 8, right: 16, top: 16, bottom: 8, containLabel: true };
const legendGrid = { ...grid, bottom: 40 };
const legend = { type: 'scroll', bottom: 0 };

/** Months of a period, in order ("2026-06" … "2026-11"). */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

function passRateOption(
  rows: NonNullable<DashboardCharts['passRateByClient']>,
  months: string[],
  lang: Language,
) {
  const series = new Map<string, { name: string; data: (number | null)[] }>();
  for (const r of rows) {
    const line = series.get(r.ref.id) ?? { name: refName(r.ref, lang), data: months.map(() => null) };
    line.data[months.indexOf(r.month)] = percent(r.passed, r.reports);
    series.set(r.ref.id, line);
  }
  return {
    tooltip,
    legend,
    grid: legendGrid,
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: [...series.values()].map((s) => ({
      type: 'line',
      name: s.name,
      data: s.data,
      connectNulls: true,
    })),
  };
}

/** The chart's option, or null when it has nothing to draw. */
export function chartOption(
  key: ChartKey,
  charts: DashboardCharts,
  lang: Language,
  texts: AxisTexts,
): ChartOption | null {
  const months = monthsOf(charts.from, charts.to);
  switch (key) {
    case 'passRateByClient':
    case 'passRateByFactory': {
      const rows = charts[key];
      return rows?.length ? passRateOption(rows, months, lang) : null;
    }
    case 'leadTime': {
      const rows = charts.leadTime;
      if (!rows?.length) return null;
      const of = (pick: (r: LeadRow) => number) =>
        months.map((m) => {
          const row = rows.find((r) => r.month === m);
          return row ? pick(row) : null;
        });
      return {
        tooltip,
        legend,
        grid: legendGrid,
        xAxis: { type: 'category', data: months },
        yAxis: { type: 'value', min: 0 },
        series: [
          { type: 'bar', name: texts.averageDays, data: of((r) => r.averageDays) },
          { type: 'line', name: texts.maxDays, data: of((r) => r.maxDays), connectNulls: true },
        ],
      };
    }
    case 'factoryRanking': {
      const rows = charts.factoryRanking;
      if (!rows?.length) return null;
      const ranked = [...rows].reverse(); // the worst on top of a horizontal bar chart
      return {
        tooltip,
        legend,
        grid: legendGrid,
        yAxis: { type: 'category', data: ranked.map((r) => refName(r.factory, lang)) },
        xAxis: { type: 'value', min: 0 },
        series: [
          { type: 'bar', name: texts.failRate, data: ranked.map((r) => percent(r.failed, r.reports)) },
          { type: 'bar', name: texts.rework, data: ranked.map((r) => r.rework) },
          { type: 'bar', name: texts.lateLoads, data: ranked.map((r) => r.lateLoads) },
        ],
      };
    }
    case 'inspectorLoad': {
      const load = charts.inspectorLoad;
      if (!load?.rows.length) return null;
      const name = (r: (typeof load.rows)[number]) =>
        (lang === 'en' && r.inspector.englishName) || r.inspector.name;
      return {
        tooltip,
        legend,
        grid: legendGrid,
        xAxis: { type: 'category', data: load.days.map((d) => d.slice(5)) },
        yAxis: { type: 'value', min: 0, minInterval: 1 },
        series: load.rows.map((r) => ({ type: 'bar', stack: 'tasks', name: name(r), data: r.tasks })),
      };
    }
    case 'highRiskTests': {
      const rows = charts.highRiskTests;
      if (!rows?.length) return null;
      const ranked = [...rows].reverse();
      return {
        tooltip,
        grid,
        yAxis: { type: 'category', data: ranked.map((r) => refName(r.client, lang)) },
        xAxis: { type: 'value', min: 0, minInterval: 1 },
        series: [{ type: 'bar', name: texts.items, data: ranked.map((r) => r.items) }],
      };
    }
  }
}
