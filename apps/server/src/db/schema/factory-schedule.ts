import { date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref } from '../columns';
import { factories } from './config';
import { orderProducts } from './order';

// Factory schedules (排期, DOMAIN.md §2.8): a factory's production runs of order products (types
// 1–3: production, packing, ready for inspection) and its closures (type 4, no product). Planning
// warns on a closure (W_FACTORY_CLOSED); the calendar per factory and the month view across
// factories read the date ranges.

export const factorySchedules = pgTable(
  'factory_schedules',
  {
    id: idColumn(),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    /** Null for a closure. */
    orderProductId: ref('order_product_id').references(() => orderProducts.id),
    /** enum ScheduleType: 1 production, 2 packing, 3 ready for inspection, 4 closure. */
    type: smallint('type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity'),
    remark: text('remark'),
    ...auditBlock(),
  },
  (t) => [
    // The calendar of one factory and the closure check of a plan: its rows overlapping a range.
    index('factory_schedules_factory_idx').on(t.factoryId, t.startDate, t.endDate),
    // The month view across factories.
    index('factory_schedules_start_idx').on(t.startDate, t.endDate),
    index('factory_schedules_product_idx').on(t.orderProductId),
  ],
);
