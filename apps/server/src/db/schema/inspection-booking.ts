import { sql } from 'drizzle-orm';
import {
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
import { auditBlock, idColumn, ref, sortIndex, timestamptz } from '../columns';
import { clients } from './client';
import { bookingTypes, factories, inspectionTypes, outsourceFactories } from './config';
import { departments, users } from './identity';
import { inspectionPlans } from './inspection-plan';
import { orderProducts } from './order';

// Inspection bookings (验货预约, DOMAIN.md §2.7, §4.6): a service request of a client for one
// factory and date. The client's department is copied for the record scope (§5.4); the booking
// type's inspection type is copied for the task and the CLC rule. The assignment (inspector, date,
// plan) is set by the booking admin holding the checkout; the plan's assistants are the booking's.

export const inspectionBookings = pgTable(
  'inspection_bookings',
  {
    id: idColumn(),
    /** `BK` + yyMMdd + 4 (DOMAIN.md §6.9). */
    bookingNo: text('booking_no').notNull(),
    bookingTypeId: ref('booking_type_id')
      .notNull()
      .references(() => bookingTypes.id),
    inspectionTypeId: ref('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    factoryId: ref('factory_id')
      .notNull()
      .references(() => factories.id),
    outsourceFactoryId: ref('outsource_factory_id').references(() => outsourceFactories.id),
    /** The wished inspection date (advance-days rule at submit unless urgent). */
    inspectionDate: date('inspection_date', { mode: 'string' }).notNull(),
    /** The values of the booking type's extra fields, by key. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    remark: text('remark'),
    /** Set only by a booking admin: exempt from the advance days. */
    urgent: boolean('urgent').notNull().default(false),
    /** The author submitted inside the advance days: waiting for a booking admin to accept or return. */
    urgentRequested: boolean('urgent_requested').notNull().default(false),
    urgentReason: text('urgent_reason'),
    assignedInspectorId: ref('assigned_inspector_id').references(() => users.id),
    assignedDate: date('assigned_date', { mode: 'string' }),
    planId: ref('plan_id').references(() => inspectionPlans.id),
    lateCancel: boolean('late_cancel').notNull().default(false),
    reasonText: text('reason_text'),
    submittedAt: timestamptz('submitted_at'),
    checkedOutBy: ref('checked_out_by').references(() => users.id),
    checkedOutAt: timestamptz('checked_out_at'),
    checkoutExpiresAt: timestamptz('checkout_expires_at'),
    /** enum InspectionBookingStatus */
    status: smallint('status').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('inspection_bookings_no_uq').on(t.bookingNo),
    index('inspection_bookings_client_idx').on(t.clientId, t.id),
    index('inspection_bookings_department_idx').on(t.departmentId, t.id),
    index('inspection_bookings_factory_idx').on(t.factoryId, t.inspectionDate),
    index('inspection_bookings_type_idx').on(t.bookingTypeId),
    index('inspection_bookings_inspection_type_idx').on(t.inspectionTypeId),
    index('inspection_bookings_outsource_idx').on(t.outsourceFactoryId),
    index('inspection_bookings_inspector_idx').on(t.assignedInspectorId),
    index('inspection_bookings_plan_idx').on(t.planId),
    index('inspection_bookings_checked_out_idx').on(t.checkedOutBy),
    index('inspection_bookings_status_idx').on(t.status, t.inspectionDate, t.id),
    index('inspection_bookings_creator_idx').on(t.createdBy, t.status),
    sortIndex('inspection_bookings_date_sort_idx', t.inspectionDate, t.id),
    sortIndex('inspection_bookings_no_sort_idx', t.bookingNo, t.id),
  ],
);

/** The booking's product lines: an order product of its client, or a free-text line. */
export const inspectionBookingProducts = pgTable(
  'inspection_booking_products',
  {
    id: idColumn(),
    bookingId: ref('booking_id')
      .notNull()
      .references(() => inspectionBookings.id),
    orderProductId: ref('order_product_id').references(() => orderProducts.id),
    productNo: text('product_no'),
    itemNo: text('item_no'),
    name: text('name'),
    quantity: integer('quantity').notNull(),
    sort: integer('sort').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    index('inspection_booking_products_booking_idx').on(t.bookingId, t.sort).where(sql`valid = 1`),
    index('inspection_booking_products_product_idx').on(t.orderProductId),
  ],
);
