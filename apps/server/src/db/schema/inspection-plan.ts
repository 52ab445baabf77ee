import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { factories } from './config';
import { users } from './identity';

// Inspection plans (验货计划, DOMAIN.md §2.6, §4.2): which inspectors go to one factory on which
// days, for applications in 20 (or bookings, later). One task per application (inspection-task.ts).
// man-days: numeric(4,1), 0.5–30 in steps of 0.5, spread over the plan's working days and counted
// for the lead and each assistant (W_INSPECTOR_BUSY above 1.0 a day).

export const inspectionPlans = pgTable(
  'inspection_plans',
  {
    id: idColumn(),
    /** `IP` + yyMMdd + 4 (DOMAIN.md §6.9). */
    planNo: text('plan_no').notNull(),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    planDate: date('plan_date', { mode: 'string' }).notNull(),
    /** ≥ planDate; = planDate for a one-day plan. */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    leadInspectorId: ref('lead_inspector_id')
      .notNull()
      .references(() => users.id),
    manDays: numeric('man_days', { precision: 4, scale: 1 }).notNull().default('1.0'),
    remark: text('remark'),
    reasonText: text('reason_text'),
    dispatchedAt: timestamptz('dispatched_at'),
    /** enum InspectionPlanStatus */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_plans_no_uq').on(t.planNo),
    index('inspection_plans_factory_idx').on(t.factoryId, t.planDate),
    // The man-days of an inspector across plans on a date range (W_INSPECTOR_BUSY, the board).
    index('inspection_plans_lead_idx').on(t.leadInspectorId, t.planDate, t.endDate),
    index('inspection_plans_status_idx').on(t.status, t.planDate, t.id),
    sortIndex('inspection_plans_date_sort_idx', t.planDate, t.id),
    sortIndex('inspection_plans_no_sort_idx', t.planNo, t.id),
  ],
);

/** The plan's assistants (at most 5, never the lead), in the order chosen. */
export const inspectionPlanAssistants = pgTable(
  'inspection_plan_assistants',
  {
    id: idColumn(),
    planId: ref('plan_id')
      .notNull()
      .references(() => inspectionPlans.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    sort: integer('sort').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_plan_assistants_uq').on(t.planId, t.userId).where(sql`valid = 1`),
    index('inspection_plan_assistants_user_idx').on(t.userId, t.planId),
  ],
);
