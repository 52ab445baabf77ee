import { sql } from 'drizzle-orm';
import { date, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref } from '../columns';
import { clients } from './client';
import { countries, vehicles } from './config';
import { reversed } from './search-columns';

// Shipping (DOMAIN.md §2.4): one shipment of one or more orders of one client; its orders name it
// (Order.shippingId).

export const shippings = pgTable(
  'shippings',
  {
    id: idColumn(),
    /** `SH` + yyMMdd + 4 digits. */
    shippingNo: text('shipping_no').notNull(),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    etd: date('etd', { mode: 'string' }).notNull(),
    eta: date('eta', { mode: 'string' }),
    loadingPort: text('loading_port'),
    destinationCountryId: ref('destination_country_id').references(() => countries.id),
    containerType: text('container_type'),
    containerNo: text('container_no'),
    sealNo: text('seal_no'),
    /** enum ShippingStatus: 10 planned, 20 loaded, 30 shipped, 90 cancelled. */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('shippings_shipping_no_uq').on(t.shippingNo).where(sql`valid = 1`),
    index('shippings_shipping_no_rev_idx').using('btree', sql`${reversed(t.shippingNo)} text_pattern_ops`),
    index('shippings_client_idx').on(t.clientId, t.id),
    index('shippings_vehicle_idx').on(t.vehicleId),
    index('shippings_country_idx').on(t.destinationCountryId),
  ],
);
