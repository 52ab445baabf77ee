import type { DashboardShape } from './dashboard.en';

/** 首页图表的中文（features/home/dashboard-charts.tsx）；`dashboard` 命名空间。 */
export const dashboardZh: DashboardShape = {
  charts: '数据概览',
  period: '期间',
  months: '最近{{count}}个月',
  view: '显示方式',
  chart: '图表',
  table: '表格',
  download: 'XLSX',
  downloadLabel: '下载 XLSX：{{title}}',
  empty: '本期间没有数据',
  failed: '数据加载失败',
  averageDays: '平均天数',
  maxDays: '最长天数',
  failRate: '不合格率 %',
  rework: '返工',
  lateLoads: '晚于交货期装柜',
  items: '未完成测试项目',
};
