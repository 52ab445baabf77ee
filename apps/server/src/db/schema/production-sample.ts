import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { clients } from './client';
import { factories } from './config';
import { departments, users } from './identity';
import { originalSamples } from './original-sample';
import { reversed } from './search-columns';

// Production samples (大货样, DOMAIN.md §2.3, §4.7). Order products link them
// (order_products.production_sample_id); "order placed" is derived from those links.

export const productionSamples = pgTable(
  'production_samples',
  {
    id: idColumn(),
    itemNo: text('item_no').notNull(),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    /** The client's department: the record scope of DOMAIN.md §5.4. */
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    /** The spec's "provider". */
    providerFactoryId: ref('provider_factory_id')
      .notNull()
      .references(() => factories.id),
    originalSampleId: ref('original_sample_id').references(() => originalSamples.id),
    receivedDate: date('received_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** enum ProductionSampleStatus */
    status: smallint('status').notNull().default(10),
    /** enum AuditResult */
    auditResult: smallint('audit_result').notNull().default(0),
    /** enum TestResult: worst of the published test reports of linked products (DOMAIN.md §6.4). */
    testResult: smallint('test_result').notNull().default(0),
    auditTime: timestamptz('audit_time'),
    auditorId: ref('auditor_id').references(() => users.id),
    auditRemark: text('audit_remark'),
    ...auditBlock(),
  },
  (t) => [
    // Home search and the item-no filter: ends with.
    index('production_samples_item_rev_idx').using('btree', sql`${reversed(t.itemNo)} text_pattern_ops`),
    index('production_samples_client_idx').on(t.clientId, t.id),
    index('production_samples_department_idx').on(t.departmentId, t.id),
    index('production_samples_provider_idx').on(t.providerFactoryId),
    index('production_samples_original_idx').on(t.originalSampleId),
    index('production_samples_auditor_idx').on(t.auditorId),
    // The audit results list (status 20) and the result filter.
    index('production_samples_status_idx').on(t.status, t.id),
    // The sorts of productionsample/search (the date range reads the received-date index too).
    sortIndex('production_samples_item_sort_idx', sql`lower(${t.itemNo})`, t.id),
    sortIndex('production_samples_received_sort_idx', t.receivedDate, t.id),
    sortIndex('production_samples_audit_time_sort_idx', t.auditTime, t.id),
  ],
);
