import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { clients } from './client';
import { sampleCheckItems } from './config';
import { files } from './files';
import { departments, users } from './identity';
import { orderProducts } from './order';
import { reversed } from './search-columns';

// First samples (首样, DOMAIN.md §2.3, §4.8): one row per round, its check items (rows of the
// `samplecheckitem` list) with their results and remarks, and the photos of each item (files).

export const firstSamples = pgTable(
  'first_samples',
  {
    id: idColumn(),
    /** `FS` + yyMMdd + 4 (DOMAIN.md §6.9). */
    sampleNo: text('sample_no').notNull(),
    itemNo: text('item_no').notNull(),
    orderProductId: ref('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    /** The product's client and department, copied on create: the record scope of DOMAIN.md §5.4. */
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    round: integer('round').notNull().default(1),
    previousId: ref('previous_id').references((): AnyPgColumn => firstSamples.id),
    receivedDate: date('received_date', { mode: 'string' }).notNull(),
    remark: text('remark'),
    /** enum FirstSampleStatus */
    status: smallint('status').notNull().default(10),
    /** enum FsCheckResult */
    checkResult: smallint('check_result').notNull().default(0),
    checkedBy: ref('checked_by').references(() => users.id),
    checkedAt: timestamptz('checked_at'),
    /** enum FsAuditResult */
    result: smallint('result').notNull().default(0),
    auditedBy: ref('audited_by').references(() => users.id),
    auditedAt: timestamptz('audited_at'),
    corrective: text('corrective'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('first_samples_sample_no_uq').on(t.sampleNo),
    // The item-no filter and the auto-complete: ends with.
    index('first_samples_item_rev_idx').using('btree', sql`${reversed(t.itemNo)} text_pattern_ops`),
    index('first_samples_sample_no_rev_idx').using('btree', sql`${reversed(t.sampleNo)} text_pattern_ops`),
    index('first_samples_product_idx').on(t.orderProductId, t.id),
    index('first_samples_client_idx').on(t.clientId, t.id),
    index('first_samples_department_idx').on(t.departmentId, t.id),
    index('first_samples_previous_idx').on(t.previousId),
    index('first_samples_status_idx').on(t.status, t.id),
    index('first_samples_checked_by_idx').on(t.checkedBy),
    index('first_samples_audited_by_idx').on(t.auditedBy),
    // The sorts of firstsample/search (the date range reads the received-date index too).
    sortIndex('first_samples_sample_no_sort_idx', t.sampleNo, t.id),
    sortIndex('first_samples_item_sort_idx', sql`lower(${t.itemNo})`, t.id),
    sortIndex('first_samples_received_sort_idx', t.receivedDate, t.id),
    sortIndex('first_samples_audited_sort_idx', t.auditedAt, t.id),
  ],
);

/** A check item of a first sample (DOMAIN.md §2.3 FirstSampleCheck). */
export const firstSampleChecks = pgTable(
  'first_sample_checks',
  {
    id: idColumn(),
    firstSampleId: ref('first_sample_id')
      .notNull()
      .references(() => firstSamples.id),
    sampleCheckItemId: ref('sample_check_item_id')
      .notNull()
      .references(() => sampleCheckItems.id),
    /** enum FsCheckResult */
    checkResult: smallint('check_result').notNull().default(0),
    remark: text('remark'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('first_sample_checks_item_uq').on(t.firstSampleId, t.sampleCheckItemId),
    index('first_sample_checks_check_item_idx').on(t.sampleCheckItemId),
  ],
);

/** The photos of a check item: stored image files of the files area. */
export const firstSampleCheckPhotos = pgTable(
  'first_sample_check_photos',
  {
    checkId: bigint('check_id', { mode: 'bigint' })
      .notNull()
      .references(() => firstSampleChecks.id),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.checkId, t.fileId] }),
    index('first_sample_check_photos_file_idx').on(t.fileId),
  ],
);
