import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref } from '../columns';
import { files } from './files';
import { orders } from './order';

// Contracts and their files (DOMAIN.md §2.4, §4.14): one contract per order, created by the first
// upload; each contract file links an uploaded file under its stored name.

export const contracts = pgTable(
  'contracts',
  {
    id: idColumn(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    contractNo: text('contract_no').notNull(),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('contracts_order_uq').on(t.orderId).where(sql`valid = 1`),
    index('contracts_contract_no_idx').on(sql`lower(${t.contractNo})`),
  ],
);

export const contractFiles = pgTable(
  'contract_files',
  {
    id: idColumn(),
    contractId: ref('contract_id')
      .notNull()
      .references(() => contracts.id),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id),
    /** `{yyyyMMddHHmmss}{6 random}@@{original name}`; the display name follows the marker. */
    name: text('name').notNull(),
    ...auditBlock(),
  },
  (t) => [
    index('contract_files_contract_idx').on(t.contractId),
    uniqueIndex('contract_files_file_uq').on(t.fileId),
  ],
);
