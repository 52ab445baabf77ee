/** English texts of Home's charts (features/home/dashboard-charts.tsx); the `dashboard` namespace. */
export const dashboardEn = {
  charts: 'Figures',
  period: 'Period',
  months: 'Last {{count}} months',
  view: 'View',
  chart: 'Chart',
  table: 'Table',
  download: 'XLSX',
  downloadLabel: 'Download {{title}} as XLSX',
  empty: 'No figures in this period',
  failed: 'The figures could not be loaded',
  averageDays: 'Average days',
  maxDays: 'Longest days',
  failRate: 'Fail rate %',
  rework: 'Rework',
  lateLoads: 'Loaded after delivery date',
  items: 'Open test items',
} as const;

export type DashboardShape = { -readonly [K in keyof typeof dashboardEn]: string };
