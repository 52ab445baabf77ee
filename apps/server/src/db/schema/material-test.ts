import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { labs, testItems } from './config';
import { files } from './files';
import { materials } from './material';

// Material tests (DOMAIN.md §2.3, §4.13).

export const materialTests = pgTable(
  'material_tests',
  {
    id: idColumn(),
    /** `MT` + yyMMdd + 4 digits (DOMAIN.md §6.9). */
    testNo: text('test_no').notNull(),
    materialId: ref('material_id')
      .notNull()
      .references(() => materials.id),
    labId: ref('lab_id').references(() => labs.id),
    /** The validity range. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** enum TestResult */
    result: smallint('result').notNull().default(0),
    /** enum MaterialTestStatus: 10 draft, 20 completed, 30 pushed (changed only by transition()). */
    status: smallint('status').notNull().default(10),
    remark: text('remark'),
    pushedAt: timestamptz('pushed_at'),
    pushCount: integer('push_count').notNull().default(0),
    pushedTo: text('pushed_to').array().notNull().default(sql`'{}'::text[]`),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('material_tests_no_uq').on(t.testNo),
    index('material_tests_material_idx').on(t.materialId, t.endDate),
    index('material_tests_start_idx').on(t.startDate),
    index('material_tests_end_idx').on(t.endDate),
    // The sorts of materialtest/search: testNo, startDate and endDate by the indexes above.
    sortIndex('material_tests_pushed_sort_idx', t.pushedAt, t.id),
    sortIndex('material_tests_updated_sort_idx', t.updatedAt, t.id),
  ],
);

export const materialTestItems = pgTable(
  'material_test_items',
  {
    materialTestId: ref('material_test_id')
      .notNull()
      .references(() => materialTests.id),
    testItemId: ref('test_item_id')
      .notNull()
      .references(() => testItems.id),
  },
  (t) => [
    primaryKey({ columns: [t.materialTestId, t.testItemId] }),
    index('material_test_items_item_idx').on(t.testItemId),
  ],
);

/** The report files of a material test, in the order given. */
export const materialTestFiles = pgTable(
  'material_test_files',
  {
    materialTestId: ref('material_test_id')
      .notNull()
      .references(() => materialTests.id),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.materialTestId, t.fileId] }),
    index('material_test_files_file_idx').on(t.fileId),
  ],
);
