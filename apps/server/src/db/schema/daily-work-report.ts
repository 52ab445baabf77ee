import { date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { attendances } from './config';
import { users } from './identity';

// Daily work reports (DOMAIN.md §2.8, §4.12): one per inspector and work date.

/**
 * One work of the day as stored: ids as decimal strings, hours and mileage in tenths (dec(4,1) and
 * dec(7,1) of DOMAIN.md §2.8 kept as integers, like the scores).
 */
export interface StoredWork {
  workType: number;
  taskId: string | null;
  reportId: string | null;
  orderProductId: string | null;
  factoryId: string | null;
  role: 'LEAD' | 'ASSIST' | null;
  hoursTenths: number;
  vehicleId: string | null;
  mileageTenths: number | null;
  remark: string | null;
}

export const dailyWorkReports = pgTable(
  'daily_work_reports',
  {
    id: idColumn(),
    inspectorId: ref('inspector_id')
      .notNull()
      .references(() => users.id),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    attendanceId: ref('attendance_id')
      .notNull()
      .references(() => attendances.id),
    works: jsonb('works').$type<StoredWork[]>().notNull().default([]),
    /** Σ works' hours, in tenths (≤ 240). */
    hoursTenths: integer('hours_tenths').notNull().default(0),
    /** × 100 (§6.6); written when the report is checked (frozen), 0 before. */
    score: integer('score').notNull().default(0),
    assistScore: integer('assist_score').notNull().default(0),
    remark: text('remark'),
    rejectReason: text('reject_reason'),
    checkedBy: ref('checked_by').references(() => users.id),
    checkedAt: timestamptz('checked_at'),
    sentAt: timestamptz('sent_at'),
    /** enum DailyReportStatus (changed only by transition()). */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('daily_work_reports_inspector_date_uq').on(t.inspectorId, t.workDate),
    index('daily_work_reports_status_idx').on(t.status, t.workDate),
    sortIndex('daily_work_reports_date_sort_idx', t.workDate, t.id),
  ],
);
