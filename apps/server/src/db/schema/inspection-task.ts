import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex } from '../columns';
import { factories, inspectionTypes } from './config';
import { users } from './identity';
import { inspectionApplies } from './inspection-apply';
import { inspectionBookings } from './inspection-booking';
import { inspectionPlans } from './inspection-plan';

// Inspection tasks (验货任务, DOMAIN.md §2.6, §4.3): one per application (or booking, later) of a
// plan, numbered `{planNo}-nn`. Inspectors see their own (lead or assistant) while the plan is in
// 20–40. The factory is copied from the plan for one-table searches.

export const inspectionTasks = pgTable(
  'inspection_tasks',
  {
    id: idColumn(),
    taskNo: text('task_no').notNull(),
    planId: ref('plan_id')
      .notNull()
      .references(() => inspectionPlans.id),
    /** applyId xor bookingId; neither for the CLC task of a supervise report made from a shipping. */
    applyId: ref('apply_id').references(() => inspectionApplies.id),
    /** The booking the task serves (its assignment, DOMAIN.md §4.6). */
    bookingId: ref('booking_id').references(() => inspectionBookings.id),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    inspectionTypeId: ref('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    inspectorId: ref('inspector_id')
      .notNull()
      .references(() => users.id),
    taskDate: date('task_date', { mode: 'string' }).notNull(),
    /** Set when the task's first report is created (DOMAIN.md §6.9). */
    reportBaseNo: text('report_base_no'),
    /** enum InspectionTaskStatus */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_tasks_no_uq').on(t.taskNo),
    index('inspection_tasks_plan_idx').on(t.planId),
    index('inspection_tasks_apply_idx').on(t.applyId),
    index('inspection_tasks_booking_idx').on(t.bookingId),
    index('inspection_tasks_factory_idx').on(t.factoryId, t.taskDate),
    index('inspection_tasks_type_idx').on(t.inspectionTypeId),
    index('inspection_tasks_inspector_idx').on(t.inspectorId, t.taskDate),
    sortIndex('inspection_tasks_date_sort_idx', t.taskDate, t.id),
  ],
);

/** The task's assistants: copied from the plan, editable per task. */
export const inspectionTaskAssistants = pgTable(
  'inspection_task_assistants',
  {
    id: idColumn(),
    taskId: ref('task_id')
      .notNull()
      .references(() => inspectionTasks.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    sort: integer('sort').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_task_assistants_uq').on(t.taskId, t.userId).where(sql`valid = 1`),
    index('inspection_task_assistants_user_idx').on(t.userId, t.taskId),
  ],
);
