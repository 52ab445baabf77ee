import { z } from 'zod';
import { DAILY_REPORT_STATUS } from './daily-work-report';
import { INSPECTION_APPLY_STATUS } from './inspection-apply';
import { INSPECTION_BOOKING_STATUS } from './inspection-booking';
import { INSPECTION_REPORT_STATUS } from './inspection-report';
import { defineOperation } from './operation';
import type { Permission } from './permissions';
import { PRODUCTION_SAMPLE_STATUS } from './production-sample';
import { dateOut } from './schemas';
import { SUPERVISE_REPORT_STATUS } from './supervise-report';
import { TEST_REPORT_STATUS } from './test-report';

// The dashboard on Home (issue 30): what each role opens the day with. First the personal work
// queue: one count per to-do set the caller holds the permission for, each the total of a list's
// own search (its WHERE, the caller's scope of DOMAIN.md §5.4 and the `work` sets of §6.8), and
// each linking to that list with the same filters in its URL.

type Labels = { readonly zh: string; readonly en: string };

/** Days of "my tasks": today and the next 13 (two weeks). */
export const QUEUE_TASK_DAYS = 14;

interface QueueItemDef {
  readonly label: Labels;
  /** Who gets the count (the list's search permission is implied by the role matrix). */
  readonly permission: Permission;
  /** The list route the count opens (DOMAIN.md §5.2 route names). */
  readonly route: string;
  /** The list's URL parameters (the search bar's input names) that give the counted set. */
  readonly params: (today: string, lastTaskDay: string) => Readonly<Record<string, string>>;
}

/** Every queue item, in the order shown. */
export const DASHBOARD_QUEUE = {
  productionSamplesToAudit: {
    label: { zh: '待审核的大货样', en: 'Production samples to audit' },
    permission: 'productionsample.audit',
    route: 'ProductionSample',
    params: () => ({ status: String(PRODUCTION_SAMPLE_STATUS.registered) }),
  },
  testReportsToVerify: {
    label: { zh: '待审核的测试报告', en: 'Test reports to verify' },
    permission: 'testreport.verify',
    route: 'TestReport',
    params: () => ({ status: String(TEST_REPORT_STATUS.issued) }),
  },
  testReportsToPublish: {
    label: { zh: '待发布的测试报告', en: 'Test reports to publish' },
    permission: 'testreport.verify',
    route: 'TestReport',
    params: () => ({ status: String(TEST_REPORT_STATUS.verified) }),
  },
  appliesToPlan: {
    label: { zh: '待计划的验货申请', en: 'Applications to plan' },
    permission: 'inspplan.create',
    route: 'InspectionApply',
    params: () => ({ status: String(INSPECTION_APPLY_STATUS.submitted) }),
  },
  reportsToApprove: {
    label: { zh: '待审核的验货报告', en: 'Inspection reports to approve' },
    permission: 'insp.report.audit',
    route: 'InspectionReport',
    params: () => ({ status: String(INSPECTION_REPORT_STATUS.submitted) }),
  },
  reportsToApproveLevelTwo: {
    label: { zh: '待二级审核的验货报告', en: 'Inspection reports to approve (level 2)' },
    permission: 'insp.report.admin',
    route: 'InspectionReport',
    params: () => ({ status: String(INSPECTION_REPORT_STATUS.levelTwo) }),
  },
  bookingsToAssign: {
    label: { zh: '待分配的验货预约', en: 'Bookings to assign' },
    permission: 'booking.admin',
    route: 'InspectionBooking',
    params: () => ({ view: 'work', status: String(INSPECTION_BOOKING_STATUS.submitted) }),
  },
  dailyReportsToCheck: {
    label: { zh: '待检查的工作日报', en: 'Daily reports to check' },
    permission: 'dailyreport.check',
    route: 'DailyWorkReport',
    params: () => ({ work: 'true', status: String(DAILY_REPORT_STATUS.submitted) }),
  },
  superviseReportsToApprove: {
    label: { zh: '待审核的监装报告', en: 'Supervise reports to approve' },
    permission: 'supervise.audit',
    route: 'SuperviseReport',
    params: () => ({ status: String(SUPERVISE_REPORT_STATUS.submitted) }),
  },
  deliveriesDue: {
    label: { zh: '我的临近或逾期交货', en: 'My deliveries due soon or overdue' },
    permission: 'order.search',
    route: 'Order',
    params: () => ({ work: 'true' }),
  },
  myTasks: {
    label: { zh: '我的验货任务（两周内）', en: 'My inspection tasks (next two weeks)' },
    permission: 'insptask.search',
    route: 'InspectionTask',
    params: (today, lastTaskDay) => ({ taskRange: `${today},${lastTaskDay}` }),
  },
} as const satisfies Record<string, QueueItemDef>;

export type QueueKey = keyof typeof DASHBOARD_QUEUE;
export const QUEUE_KEYS = Object.keys(DASHBOARD_QUEUE) as QueueKey[];

export const queueItem = z.object({
  key: z.enum(QUEUE_KEYS as [QueueKey, ...QueueKey[]]),
  count: z.number().int(),
  /** More than the search total cap: the count is the cap. */
  capped: z.boolean(),
});

export type QueueItem = z.output<typeof queueItem>;

export const dashboardQueue = defineOperation({
  path: 'dashboard/queue',
  method: 'POST',
  permission: 'signed-in',
  summary:
    "The caller's work queue (issue 30): for each to-do set the caller holds the permission for, the count of the list's search with the set's filters, in the caller's scope; `today` and `lastTaskDay` (Asia/Shanghai) name the task range of `myTasks`.",
  input: z.object({}),
  output: z.object({ today: dateOut, lastTaskDay: dateOut, items: z.array(queueItem) }),
});
export { dashboardCharts, dashboardChartXlsx } from './dashboard-charts';
