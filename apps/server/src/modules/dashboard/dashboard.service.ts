import { DAILY_REPORT_STATUS } from '@qcdesk/contract/daily-work-report';
import {
  DASHBOARD_QUEUE,
  QUEUE_KEYS,
  QUEUE_TASK_DAYS,
  type QueueItem,
  type QueueKey,
} from '@qcdesk/contract/dashboard';
import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import { addDays } from '../../domain/calendar';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { type Scope, scopeOf } from '../../platform/scope';
import { countDailyReports } from '../daily-work-report/daily-work-report.service';
import { countInspectionApplies } from '../inspection-apply/inspection-apply.service';
import { countInspectionBookings } from '../inspection-booking/inspection-booking.service';
import { countInspectionReports } from '../inspection-report/inspection-report.service';
import { countInspectionTasks } from '../inspection-task/inspection-task.service';
import { countOrderProducts } from '../order/order-read.service';
import { countProductionSamples } from '../production-sample/production-sample.service';
import { countSuperviseReports } from '../supervise-report/supervise-report.service';
import { countTestReports } from '../test-report/test-report.service';

// The dashboard's work queue (issue 30): each item is the total of one list's search, through that
// area's own count (its search WHERE, scope and `work` set), with the filters the item's link puts
// in the list's URL (contract DASHBOARD_QUEUE `params`). Only the items the caller holds the
// permission for are counted; they run side by side on the pool.

type Total = { total: number; totalCapped: boolean };
interface QueueContext {
  db: Db;
  user: Principal;
  today: string;
  lastTaskDay: string;
}

const COUNTS: Record<QueueKey, (c: QueueContext) => Promise<Total>> = {
  productionSamplesToAudit: ({ db, user }) =>
    countProductionSamples(db, { status: PRODUCTION_SAMPLE_STATUS.registered }, user),
  testReportsToVerify: ({ db, user }) => countTestReports(db, { status: TEST_REPORT_STATUS.issued }, user),
  testReportsToPublish: ({ db, user }) => countTestReports(db, { status: TEST_REPORT_STATUS.verified }, user),
  appliesToPlan: ({ db, user }) =>
    countInspectionApplies(db, { status: INSPECTION_APPLY_STATUS.submitted }, user),
  reportsToApprove: ({ db, user }) =>
    countInspectionReports(
      db,
      { work: true, interim: false, status: INSPECTION_REPORT_STATUS.submitted },
      user,
    ),
  reportsToApproveLevelTwo: ({ db, user }) =>
    countInspectionReports(
      db,
      { work: true, interim: false, status: INSPECTION_REPORT_STATUS.levelTwo },
      user,
    ),
  bookingsToAssign: ({ db, user }) =>
    countInspectionBookings(db, { work: true, status: INSPECTION_BOOKING_STATUS.submitted }, user),
  dailyReportsToCheck: ({ db, user }) =>
    countDailyReports(db, { work: true, status: DAILY_REPORT_STATUS.submitted }, user),
  superviseReportsToApprove: ({ db, user }) =>
    countSuperviseReports(db, { status: SUPERVISE_REPORT_STATUS.submitted }, user),
  deliveriesDue: ({ db, user }) => countOrderProducts(db, { work: true }, user),
  myTasks: ({ db, user, today, lastTaskDay }) =>
    countInspectionTasks(db, { startTime: today, endTime: lastTaskDay }, user),
};

/** "My" items are the caller's own work: not for CLIENT users, and tasks only for inspectors. */
function applies(key: QueueKey, scope: Scope): boolean {
  if (key === 'myTasks') return scope.kind === 'inspector';
  if (key === 'deliveriesDue') return scope.kind !== 'client';
  return true;
}

/** dashboard/queue: the caller's counts, in the contract's order. */
export async function dashboardQueue(db: Db, user: Principal) {
  const scope = await scopeOf(db, user);
  const today = businessDate();
  const context: QueueContext = { db, user, today, lastTaskDay: addDays(today, QUEUE_TASK_DAYS - 1) };
  const keys = QUEUE_KEYS.filter(
    (key) => user.permissions.has(DASHBOARD_QUEUE[key].permission) && applies(key, scope),
  );
  const items = await Promise.all(
    keys.map(async (key): Promise<QueueItem> => {
      const { total, totalCapped } = await COUNTS[key](context);
      return { key, count: total, capped: totalCapped };
    }),
  );
  return { today: context.today, lastTaskDay: context.lastTaskDay, items };
}
