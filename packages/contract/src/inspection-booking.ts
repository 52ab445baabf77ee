import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineOperation } from './operation';
import {
  dateOut,
  dateRangeOk,
  dateTimeOut,
  idIn,
  idOut,
  optStr,
  refOut,
  searchPageOf,
  searchPaging,
  sorting,
  str,
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';
import { confirmIn, warnable } from './warnings';

// Inspection bookings (验货预约, DOMAIN.md §2.7, §4.6, §6.7, §6.10; spec §3 "Inspection booking",
// §4 "submit booking", "checkout"): an external client, sales or QC books an inspection of a
// factory on a date; the booking admin checks it out and assigns an inspector and a date, which
// creates a dispatched plan and task (for CLC types the supervise-report area adds its report).
// Submit keeps the advance-days rule (E_ADVANCE_DAYS); a date inside the advance days goes only as
// an urgent request with a reason, which a booking admin accepts (`urgent`) or returns. The booking
// type's field definitions (master data `bookingtype`) drive the extra fields (E_BK_EXTRA).

/** DOMAIN.md §3.2 InspectionBookingStatus. */
export const INSPECTION_BOOKING_STATUS = {
  draft: 10,
  submitted: 20,
  scheduled: 30,
  performed: 40,
  returned: 80,
  cancelled: 90,
} as const;

/** DOMAIN.md §3.2 BookingFieldType. */
export const BOOKING_FIELD_TYPE = {
  text: 1,
  number: 2,
  date: 3,
  select: 4,
  multiSelect: 5,
  file: 6,
  yesNo: 7,
} as const;

/** The sortable columns of inspection/booking/search (each served by an index). */
export const INSPECTION_BOOKING_SORTS = ['bookingNo', 'inspectionDate'] as const;

/** At most this many product lines on one booking. */
export const BOOKING_PRODUCTS_MAX = 100;

const statusCode = enumSchema('InspectionBookingStatus').transform((v) => Number(v));

/** An extra field's value: text, number, yes-no, or a list of texts (multi-select, files). */
export const extraValue = z.union([
  z.string().max(500),
  z.number(),
  z.boolean(),
  z.array(z.string().max(200)).max(20),
]);
export const extraIn = z.record(z.string().max(40), extraValue.nullable());

/** A product line: an order product of the booking's client, or a free-text line. */
export const bookingProductIn = z
  .object({
    orderProductId: idIn.optional(),
    productNo: optStr(40),
    itemNo: optStr(40),
    name: optStr(200),
    quantity: z.number().int().min(1).max(9_999_999),
  })
  .refine((p) => p.orderProductId !== undefined || p.name !== undefined || p.productNo !== undefined, {
    path: ['name'],
    params: { reason: 'E_REQUIRED' },
  });

export const bookingProduct = z.object({
  id: idOut,
  orderProductId: idOut.nullable(),
  orderNo: z.string().nullable(),
  productNo: z.string().nullable(),
  itemNo: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number().int(),
});

export const inspectionBookingRow = z.object({
  id: idOut,
  bookingNo: z.string(),
  bookingType: refOut,
  inspectionType: refOut,
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
  factory: refOut,
  inspectionDate: dateOut,
  urgent: z.boolean(),
  /** The author asked for a date inside the advance days; a booking admin accepts or returns it. */
  urgentRequested: z.boolean(),
  assignedInspector: userLabel.nullable(),
  assignedDate: dateOut.nullable(),
  lateCancel: z.boolean(),
  productCount: z.number().int(),
  /** enum InspectionBookingStatus */
  status: z.number().int(),
  createdBy: userLabel.nullable(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const inspectionBookingDetail = inspectionBookingRow.extend({
  outsourceFactory: refOut.nullable(),
  products: z.array(bookingProduct),
  extra: z.record(z.string(), z.unknown()),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string().nullable(),
  urgentReason: z.string().nullable(),
  reasonText: z.string().nullable(),
  assistants: z.array(userLabel),
  plan: z.object({ id: idOut, planNo: z.string(), status: z.number().int() }).nullable(),
  /** Whether its inspection type is a loading supervision (CLC): it needs an order product. */
  clc: z.boolean(),
  submittedAt: dateTimeOut.nullable(),
  checkedOutBy: userLabel.nullable(),
  checkoutExpiresAt: dateTimeOut.nullable(),
  createdAt: dateTimeOut,
  /** What the caller may do now: update, products, submit, checkout, release, assign, urgent, return, cancel. */
  actions: z.array(z.string()),
});

export type InspectionBookingRow = z.output<typeof inspectionBookingRow>;
export type InspectionBookingDetail = z.output<typeof inspectionBookingDetail>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchInspectionBookings = defineOperation({
  path: 'inspection/booking/search',
  method: 'POST',
  permission: 'booking.search',
  summary:
    'Inspection bookings (spec §3): order no ending, product no and factory containing, inspection-date range, booking type, status, `work` (DOMAIN.md §6.8: 20 for booking admins, own 10/80, assigned 30 for inspectors); in scope (CLIENT users their own client in every status); newest first unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      factory: optStr(100),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      type: idIn.optional(),
      status: statusCode.optional(),
      work: z.boolean().default(false),
      ...searchPaging,
      ...sorting(INSPECTION_BOOKING_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(inspectionBookingRow),
});

export const listInspectionBookings = defineOperation({
  path: 'inspection/booking/list',
  method: 'POST',
  permission: 'booking.search',
  summary:
    'The booking auto-complete: bookings in scope, not cancelled, whose booking no ends with the keyword; newest first.',
  input: z.object({ keyword: optStr(16), limit: z.number().int().min(1).max(50).default(10) }),
  output: z.object({
    list: z.array(
      inspectionBookingRow.pick({ id: true, bookingNo: true, inspectionDate: true, status: true }),
    ),
  }),
});

export const getInspectionBooking = defineOperation({
  path: 'inspection/booking/details',
  method: 'GET',
  permission: 'booking.search',
  summary: 'One booking with its products, extra fields, assignment and the actions the caller may take.',
  input: z.object({ id: idIn }),
  output: inspectionBookingDetail,
});

export const bookingReport = z.object({
  /** An inspection report (`inspection/report/{id}`) or a CLC booking's loading report (`supervisereport/{id}`). */
  kind: z.enum(['inspection', 'supervise']),
  id: idOut,
  reportNo: z.string(),
  /** The inspection date; a loading report's loading date. */
  inspectionDate: dateOut,
  /** enum InspectionResult */
  result: z.number().int(),
  /** enum InspectionReportStatus; a loading report's SuperviseReportStatus */
  status: z.number().int(),
});

export const inspectionBookingReports = defineOperation({
  path: 'inspection/booking/reports',
  method: 'GET',
  permission: 'booking.search',
  summary:
    'Report retrieval: the approved (and later) final inspection reports of the booking’s tasks (CLIENT users only sent ones, 40–50), and a CLC booking’s approved loading reports (40–50; CLIENT users only sent ones, 50); by date.',
  input: z.object({ id: idIn }),
  output: z.object({ list: z.array(bookingReport) }),
});

export const bookingScheduleItem = inspectionBookingRow.pick({
  id: true,
  bookingNo: true,
  bookingType: true,
  inspectionType: true,
  client: true,
  factory: true,
  inspectionDate: true,
  urgent: true,
  urgentRequested: true,
  productCount: true,
  version: true,
});

export const inspectionBookingSchedule = defineOperation({
  path: 'inspection/booking/schedule',
  method: 'POST',
  permission: 'booking.admin',
  summary:
    'The booking admin’s assignment view: the submitted bookings (20) to assign, in inspection-date order (at most 200), and each active inspector’s man-days per day of the range (≤ 31 days) across plans not cancelled.',
  input: z
    .object({ startTime: businessDate, endTime: businessDate })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: z.object({
    bookings: z.array(bookingScheduleItem),
    inspectors: z.array(
      z.object({
        inspector: userLabel,
        days: z.array(z.object({ date: dateOut, manDays: z.string() })),
      }),
    ),
  }),
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

const bookingFields = {
  bookingTypeId: idIn,
  factoryId: idIn,
  outsourceFactoryId: idIn.nullable().optional(),
  inspectionDate: businessDate,
  contactName: str(50),
  contactPhone: str(30),
  remark: optStr(500),
  extra: extraIn.default({}),
};

export const createInspectionBooking = defineOperation({
  path: 'inspection/booking/create',
  method: 'POST',
  permission: 'booking.create',
  summary:
    'A booking in 10 (`BK`+yyMMdd+4); a CLIENT user’s booking is of its own client whatever it sends. Extra fields are checked against the booking type’s definitions (E_BK_EXTRA); order products must be of the client (E_BK_PRODUCT).',
  input: z.object({
    ...bookingFields,
    clientId: idIn.optional(),
    products: z.array(bookingProductIn).max(BOOKING_PRODUCTS_MAX).default([]),
  }),
  output: inspectionBookingDetail,
});

export const updateInspectionBooking = defineOperation({
  path: 'inspection/booking/update',
  method: 'POST',
  permission: 'booking.create',
  alsoPermitted: ['booking.admin'],
  summary:
    'Modify (DOMAIN.md §4.6): the author in 10/80, and in 20 while nobody holds the checkout; a booking admin holding the checkout in 20/30 (E_NOT_CHECKED_OUT). Only a booking admin sets `urgent` (E_BK_URGENT_ADMIN). With `inspectorId` and `assignedDate` the holder assigns (20 → 30: a dispatched plan and task) or reschedules (30); warnings W_FACTORY_CLOSED, W_NON_WORKING_DAY, W_INSPECTOR_BUSY unless `confirm`.',
  input: z.object({
    id: idIn,
    version,
    bookingTypeId: idIn.optional(),
    factoryId: idIn.optional(),
    outsourceFactoryId: idIn.nullable().optional(),
    inspectionDate: businessDate.optional(),
    contactName: str(50).optional(),
    contactPhone: str(30).optional(),
    remark: z.string().trim().max(500).nullable().optional(),
    extra: extraIn.optional(),
    urgent: z.boolean().optional(),
    urgentReason: optStr(500),
    inspectorId: idIn.optional(),
    assistantIds: z.array(idIn).max(5).optional(),
    assignedDate: businessDate.optional(),
    manDays: z.number().min(0.5).max(30).multipleOf(0.5).optional(),
    ...confirmIn,
  }),
  output: warnable(inspectionBookingDetail),
});

export const updateInspectionBookingProducts = defineOperation({
  path: 'inspection/booking/product/update',
  method: 'POST',
  permission: 'booking.create',
  alsoPermitted: ['booking.admin'],
  summary:
    'Replace the product lines (order products of the booking’s client, or free-text lines with a quantity ≥ 1), by whoever may modify the booking now.',
  input: z.object({
    id: idIn,
    version,
    products: z.array(bookingProductIn).max(BOOKING_PRODUCTS_MAX),
  }),
  output: inspectionBookingDetail,
});

export const submitInspectionBooking = defineOperation({
  path: 'inspection/booking/submit',
  method: 'POST',
  permission: 'booking.create',
  summary:
    'Submit (10, 80 → 20) by the author: ≥ 1 product (a CLC booking ≥ 1 order product, E_BK_CLC_ORDER), contact, the type’s required extra fields, and the advance-days rule (E_ADVANCE_DAYS) — unless `urgentRequested` with `urgentReason`, which submits it as an urgent request for a booking admin to accept or return. Warns W_NON_WORKING_DAY unless `confirm`; mails the booking admins.',
  input: z.object({
    id: idIn,
    version,
    urgentRequested: z.boolean().default(false),
    urgentReason: optStr(500),
    ...confirmIn,
  }),
  output: warnable(inspectionBookingDetail),
});

export const checkoutInspectionBooking = defineOperation({
  path: 'inspection/booking/checkout',
  method: 'POST',
  permission: 'booking.admin',
  summary:
    'Take the booking’s exclusive lock while scheduling (20, 30) for `checkout.ttlHours`; E_CHECKED_OUT while another admin holds a live one (of two at once, one wins).',
  input: z.object({ id: idIn }),
  output: inspectionBookingDetail,
});

export const releaseInspectionBooking = defineOperation({
  path: 'inspection/booking/release',
  method: 'POST',
  permission: 'booking.admin',
  summary: 'Give the lock back; a booking admin may force another’s (`force`).',
  input: z.object({ id: idIn, force: z.boolean().default(false) }),
  output: inspectionBookingDetail,
});

const reasonIn = z.object({ id: idIn, version, reason: optStr(500) });

export const returnInspectionBooking = defineOperation({
  path: 'inspection/booking/return',
  method: 'POST',
  permission: 'booking.admin',
  summary: 'Return a submitted booking to its author (20 → 80, reason R), e.g. an urgent request refused.',
  input: reasonIn,
  output: inspectionBookingDetail,
});

export const cancelInspectionBooking = defineOperation({
  path: 'inspection/booking/cancel',
  method: 'POST',
  permission: 'booking.create',
  alsoPermitted: ['booking.admin'],
  summary:
    'Cancel (→ 90): the author or a booking admin in 10/20/80; a booking admin in 30 with a reason (its plan and task are cancelled; `lateCancel` when after the 17:00 cutoff of the last working day before the inspection date).',
  input: reasonIn,
  output: inspectionBookingDetail,
});

/** The keys only this area raises. */
export const texts = defineTexts({
  errors: {
    E_BK_EXTRA: {
      zh: '附加字段“{field}”不符合预约类型的定义',
      en: 'The extra field "{field}" does not match the booking type',
    },
    E_BK_URGENT_ADMIN: {
      zh: '只有预约管理员可以设为加急',
      en: 'Only a booking admin may mark a booking urgent',
    },
    E_BK_URGENT_PENDING: {
      zh: '请先接受或退回加急申请',
      en: 'Accept or return the urgent request first',
    },
    E_BK_CLC_ORDER: {
      zh: '监装预约至少需要一个订单产品',
      en: 'A loading supervision booking needs at least one order product',
    },
    E_BK_PRODUCT: { zh: '产品不属于该预约的客户', en: 'The product does not belong to the booking’s client' },
  },
  fields: {
    bookingNo: { zh: '预约单号', en: 'Booking no' },
    bookingTypeId: { zh: '预约类型', en: 'Booking type' },
    outsourceFactoryId: { zh: '外发厂', en: 'Outsource factory' },
    contactName: { zh: '现场联系人', en: 'Contact on site' },
    contactPhone: { zh: '联系电话', en: 'Contact phone' },
    urgent: { zh: '加急', en: 'Urgent' },
    urgentRequested: { zh: '申请加急', en: 'Urgent requested' },
    urgentReason: { zh: '加急原因', en: 'Urgent reason' },
    assignedInspectorId: { zh: '验货员', en: 'Inspector' },
    assignedDate: { zh: '安排日期', en: 'Assigned date' },
    lateCancel: { zh: '延迟取消', en: 'Late cancel' },
    extra: { zh: '附加字段', en: 'Extra fields' },
    checkedOutAt: { zh: '签出时间', en: 'Checked out at' },
    checkoutExpiresAt: { zh: '签出到期', en: 'Checkout expires' },
    planId: { zh: '验货计划', en: 'Inspection plan' },
    reasonText: { zh: '原因说明', en: 'Reason text' },
  },
});
