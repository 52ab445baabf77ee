import type { OrderFeedError, OrderImport } from '@qcdesk/contract/order';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref } from '../columns';
import { clients } from './client';
import { factories } from './config';
import { files } from './files';
import { departments, users } from './identity';
import { originalSamples } from './original-sample';
import { productionSamples } from './production-sample';
import { bigrams, reversed, searchText } from './search-columns';
import { shippings } from './shipping';

// Orders and order products (DOMAIN.md §2.4), the table that grows fastest (issue 14: 1M orders,
// 2M products). The order list is a list of products, so a product carries what its filters,
// sort and record scope read (order no, PO, client, department, sales owner): every search is
// then one table and its indexes, never a join over two million rows. The service keeps the
// copies equal to the order's on every write.

/** One entry of an order's `sources` (DOMAIN.md §2.4 OrderSource). */
export interface OrderSourceEntry {
  /** enum OrderSource: 1 manual, 2 import, 3 sync. */
  source: number;
  ref: string | null;
  at: string;
}

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    clientPo: text('client_po'),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    /** The client's department: the record scope of DOMAIN.md §5.4. */
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    /** The client's sales owner: SALES writes the orders of its own clients. */
    salesId: ref('sales_id').references(() => users.id),
    description: text('description'),
    inspectionRequirement: text('inspection_requirement'),
    testRequirement: text('test_requirement'),
    sources: jsonb('sources').$type<OrderSourceEntry[]>().notNull().default([]),
    /** The order's shipment (DOMAIN.md §2.4 Order.shippingId). */
    shippingId: ref('shipping_id').references((): AnyPgColumn => shippings.id),
    /** Σ quantity of the valid products, kept by every write of the products. */
    total: integer('total').notNull().default(0),
    /** The earliest delivery date of the valid products (DOMAIN.md §6.8). */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(sql`lower(${t.orderNo})`).where(sql`valid = 1`),
    // Home search and the order auto-complete: order no or PO ends with the term.
    index('orders_order_no_rev_idx').using('btree', sql`${reversed(t.orderNo)} text_pattern_ops`),
    index('orders_po_rev_idx').using('btree', sql`${reversed(t.clientPo)} text_pattern_ops`),
    index('orders_client_idx').on(t.clientId),
    index('orders_department_idx').on(t.departmentId),
    index('orders_shipping_idx').on(t.shippingId),
  ],
);

export const orderProducts = pgTable(
  'order_products',
  {
    id: idColumn(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    productNo: text('product_no').notNull(),
    /** The line number generated product nos count with (`{orderNo}-nn`); never reused. */
    line: integer('line').notNull(),
    /** Where the line is shown among its order's lines (order/item/sort); a new line's is its `line`. */
    sort: integer('sort').notNull().default(0),
    sku: text('sku'),
    itemNo: text('item_no').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    quantity: integer('quantity').notNull(),
    /** enum QuantityUnit */
    quantityUnit: smallint('quantity_unit').notNull().default(1),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    /** enum ProductType */
    productType: smallint('product_type').notNull().default(1),
    originalSampleId: ref('original_sample_id').references(() => originalSamples.id),
    /** The production sample of the product (DOMAIN.md §2.4, `order/relation`); removed by its cancel. */
    productionSampleId: ref('production_sample_id').references(() => productionSamples.id),
    /** The QC assigned by order/assigns. */
    qcId: ref('qc_id').references(() => users.id),
    // Copies of the order's, for one-table searches (see above).
    orderNo: text('order_no').notNull(),
    clientPo: text('client_po'),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    salesId: ref('sales_id').references(() => users.id),
    /** The order's `valid`: a deleted order's products leave the lists with it. */
    orderValid: smallint('order_valid').notNull().default(1),
    /**
     * The upstream feed (order/sync) left the product out while something references it: kept, and
     * flagged for a person to resolve (issue 14). The next feed that names it clears the flag.
     */
    removedUpstream: boolean('removed_upstream').notNull().default(false),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('order_products_product_no_uq').on(sql`lower(${t.productNo})`).where(sql`valid = 1`),
    index('order_products_order_idx').on(t.orderId),
    // "product no has", "sku has": trigrams for 3+ characters, bigrams for 2-character terms.
    index('order_products_product_no_trgm_idx').using('gin', sql`${searchText(t.productNo)} gin_trgm_ops`),
    index('order_products_product_no_bigram_idx').using('gin', bigrams(searchText(t.productNo))),
    index('order_products_sku_trgm_idx').using('gin', sql`${searchText(t.sku)} gin_trgm_ops`),
    index('order_products_sku_bigram_idx').using('gin', bigrams(searchText(t.sku))),
    // "ends with": order no, PO, item no.
    index('order_products_order_no_rev_idx').using('btree', sql`${reversed(t.orderNo)} text_pattern_ops`),
    index('order_products_po_rev_idx').using('btree', sql`${reversed(t.clientPo)} text_pattern_ops`),
    index('order_products_item_no_rev_idx').using('btree', sql`${reversed(t.itemNo)} text_pattern_ops`),
    // Equality filters, the record scope and the "work" list.
    index('order_products_client_idx').on(t.clientId, t.id),
    index('order_products_department_idx').on(t.departmentId, t.id),
    index('order_products_factory_idx').on(t.factoryId, t.id),
    // "Factory has" with a delivery window: an index-only range per matching factory (1.85 s → 6 ms
    // on 2M products for a 2-character term matching 101 factories and a 60-day window).
    // The trailing columns make it index-only: the page needs the id, the filter the two valid flags.
    index('order_products_factory_delivery_idx').on(t.factoryId, t.deliveryDate, t.id, t.valid, t.orderValid),
    index('order_products_qc_idx').on(t.qcId, t.deliveryDate),
    index('order_products_sales_idx').on(t.salesId, t.deliveryDate),
    index('order_products_sample_idx').on(t.originalSampleId),
    index('order_products_production_sample_idx').on(t.productionSampleId),
    // The sorts of order/search (the date range reads the delivery-date index too).
    index('order_products_delivery_idx').on(t.deliveryDate, t.id),
    index('order_products_order_no_idx').on(t.orderNo, t.id),
    index('order_products_po_idx').on(t.clientPo, t.id),
    index('order_products_created_idx').on(t.createdAt, t.id),
  ],
);

/** An order-file import (issue 14): the job that reads, checks and writes one uploaded XLSX file. */
export const orderImports = pgTable(
  'order_imports',
  {
    id: idColumn(),
    fileId: ref('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    /** Orders that exist already are replaced (order/replace semantics) instead of refused. */
    replace: boolean('replace').notNull().default(false),
    /** queued, reading, writing, done (written), refused (row errors, nothing written), failed. */
    status: text('status').$type<OrderImport['status']>().notNull().default('queued'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /** Row-level errors: {row, column, value, reason, zh, en}. */
    errors: jsonb('errors').$type<OrderFeedError[]>().notNull().default([]),
    errorCount: integer('error_count').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    /** The orders a done import wrote (the first 100), for the result's links. */
    orders: jsonb('orders').$type<{ id: string; orderNo: string }[]>().notNull().default([]),
    /** A refused import's file annotated with its row errors (issue 25), stored as the owner's file. */
    errorFileId: ref('error_file_id').references(() => files.id),
    ...auditBlock(),
  },
  (t) => [index('order_imports_creator_idx').on(t.createdBy, t.id)],
);
