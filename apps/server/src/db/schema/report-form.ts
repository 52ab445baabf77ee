import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, ref, timestamptz } from '../columns';
import { files } from './files';
import { users } from './identity';
import { jobs } from './platform';

// Report forms (DOMAIN.md §6.12): one row per export a user asked for — "my exports" — with the job
// that builds it and, once built, its file. Kept 7 days (`expiresAt`); the same form and filters
// asked again while the first is unfinished join it (`filterKey`).

export const reportFormExports = pgTable(
  'report_form_exports',
  {
    id: idColumn(),
    requestedBy: ref('requested_by')
      .notNull()
      .references(() => users.id),
    jobId: bigint('job_id', { mode: 'bigint' })
      .notNull()
      .references(() => jobs.id),
    form: text('form').notNull(),
    startTime: date('start_time', { mode: 'string' }).notNull(),
    endTime: date('end_time', { mode: 'string' }).notNull(),
    /** The filters as asked (ids as decimal strings), for the job and the list. */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    /** The form, language and filters in one text: equal requests join one job. */
    filterKey: text('filter_key').notNull(),
    fileId: ref('file_id').references(() => files.id),
    rows: integer('rows'),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('report_form_exports_user_idx').on(t.requestedBy, t.createdAt),
    index('report_form_exports_key_idx').on(t.requestedBy, t.filterKey),
    index('report_form_exports_job_idx').on(t.jobId),
    index('report_form_exports_expiry_idx').on(t.expiresAt),
  ],
);

// The month close of the fee form (issue 30, a billing-period lock): an admin closes a month; its fee
// lines are frozen here, and a later change of a report of a closed month (reopened, re-approved with
// another result) shows as a correction line in the next open month, frozen with that month's close.

export const feePeriodCloses = pgTable('fee_period_closes', {
  /** yyyy-MM */
  month: text('month').primaryKey(),
  closedBy: ref('closed_by')
    .notNull()
    .references(() => users.id),
  closedAt: timestamptz('closed_at').notNull().default(sql`now()`),
});

export const feePeriodLines = pgTable(
  'fee_period_lines',
  {
    id: idColumn(),
    /** The closed month whose fee form holds the line. */
    period: text('period').notNull(),
    /** The month of the report's inspection date (≠ period for a correction). */
    sourceMonth: text('source_month').notNull(),
    correction: boolean('correction').notNull().default(false),
    reportId: bigint('report_id', { mode: 'bigint' }).notNull(),
    inspectorId: bigint('inspector_id', { mode: 'bigint' }).notNull(),
    departmentId: bigint('department_id', { mode: 'bigint' }).notNull(),
    clientId: bigint('client_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    manDaysHundredths: integer('man_days_hundredths').notNull(),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
    travelCents: bigint('travel_cents', { mode: 'bigint' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'bigint' }).notNull(),
    /** The line as the form shows it, in each language. */
    rowZh: jsonb('row_zh').$type<Record<string, string | number | null>>().notNull(),
    rowEn: jsonb('row_en').$type<Record<string, string | number | null>>().notNull(),
  },
  (t) => [
    index('fee_period_lines_period_idx').on(t.period, t.id),
    index('fee_period_lines_source_idx').on(t.sourceMonth, t.reportId, t.inspectorId),
  ],
);
