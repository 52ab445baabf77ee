import type { DashboardCharts as Charts } from '@qcdesk/contract/dashboard-charts';
import type { OperationDef } from '@qcdesk/contract/operation';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { i18n } from '../../i18n/i18n';
import { chartOption, monthsOf } from './chart-options';
import { dashboardEn } from './dashboard.en';
import { DashboardCharts } from './dashboard-charts';

// The canvas needs a browser; here the chart is a stand-in and the figures are read from the tables.
vi.mock('./chart-canvas', () => ({
  ChartCanvas: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const factory = { id: '5', code: 'F-HM-SZ', nameZh: '华美玩具厂', nameEn: 'Huamei Toys' };
const client = { id: '9', code: 'C1', nameZh: '客户甲', nameEn: '客户甲' };
const CHARTS: Charts = {
  from: '2026-06-01',
  to: '2026-11-28',
  passRateByClient: [{ month: '2026-11', ref: client, reports: 4, passed: 3 }],
  passRateByFactory: [],
  leadTime: [{ month: '2026-11', reports: 2, averageDays: 3, maxDays: 4 }],
  factoryRanking: [{ factory, reports: 4, failed: 1, rework: 1, lateLoads: 2 }],
  inspectorLoad: null,
  highRiskTests: [{ client, products: 1, items: 3 }],
};

function show() {
  const calls: { path: string; input: unknown }[] = [];
  vi.spyOn(api, 'call').mockImplementation(async (op: OperationDef, input: unknown) => {
    calls.push({ path: op.path, input });
    if (op.path === 'dashboard/charts') return CHARTS as never;
    return { fileName: 'factoryRanking.xlsx', contentType: 'application/x', content: 'UEs=' } as never;
  });
  render(
    <QueryClientProvider client={queryClient as QueryClient}>
      <DashboardCharts />
    </QueryClientProvider>,
  );
  return calls;
}

describe('DashboardCharts', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('shows each chart the caller may see, with its table view and its XLSX download', async () => {
    await i18n.changeLanguage('en');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const calls = show();
    const ranking = await screen.findByTestId('chart-factoryRanking');
    expect(within(ranking).getByRole('img', { name: 'Factory ranking' })).toBeTruthy();
    // No inspector load for this caller (null); an empty chart says so.
    expect(screen.queryByTestId('chart-inspectorLoad')).toBeNull();
    expect(
      within(screen.getByTestId('chart-passRateByFactory')).getByText('No figures in this period'),
    ).toBeTruthy();

    fireEvent.click(within(ranking).getByText('Table'));
    const table = within(ranking).getByTestId('chart-factoryRanking-table');
    expect(within(table).getByText('Huamei Toys')).toBeTruthy();
    expect(within(table).getAllByText('Fail rate %').length).toBeGreaterThan(0);
    expect(within(table).getByText('25')).toBeTruthy();

    fireEvent.click(within(ranking).getByRole('button', { name: 'Download Factory ranking as XLSX' }));
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('dashboard/charts/xlsx'));
    expect(calls.find((c) => c.path === 'dashboard/charts/xlsx')?.input).toEqual({
      chart: 'factoryRanking',
      months: 6,
    });
  });

  it('names the charts and the table columns in Chinese', async () => {
    // The app's texts, loaded by the language change (a bundle added before would stand for them all:
    // the next file in this worker found no other Chinese text).
    await i18n.changeLanguage('zh');
    show();
    const risks = await screen.findByTestId('chart-highRiskTests');
    fireEvent.click(within(risks).getByText('表格'));
    expect(within(risks).getAllByText('测试项目数').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: '数据概览' })).toBeTruthy();
  });
});

describe('chart options', () => {
  it('spans every month of the period and draws a pass rate per client in percent', () => {
    expect(monthsOf('2025-11-01', '2026-02-10')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    const texts = Object.fromEntries(Object.keys(dashboardEn).map((k) => [k, k])) as never;
    const option = chartOption('passRateByClient', CHARTS, 'en', texts) as {
      xAxis: { data: string[] };
      series: { name: string; data: (number | null)[] }[];
    };
    expect(option.xAxis.data).toHaveLength(6);
    expect(option.series).toEqual([
      expect.objectContaining({ name: '客户甲', data: [null, null, null, null, null, 75] }),
    ]);
    expect(chartOption('passRateByFactory', CHARTS, 'en', texts)).toBeNull();
  });
});
