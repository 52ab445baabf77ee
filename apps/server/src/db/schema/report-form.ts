import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
