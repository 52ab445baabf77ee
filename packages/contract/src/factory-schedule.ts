import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineOperation } from './operation';
import { dateOut, dateTimeOut, flag, idIn, idOut, optStr, refOut, version } from './schemas';

// Factory schedules (排期, DOMAIN.md §2.8; spec §2 `factory/schedule`, §7 "/config/factory/schedule"):
// a factory's production runs of order products (types 1–3) and its closures (type 4, no product).
// The calendar of one factory and the month view across factories read date ranges; planning warns
// on a closure (W_FACTORY_CLOSED).

/** DOMAIN.md §3.2 ScheduleType. */
export const SCHEDULE_TYPE = { production: 1, packing: 2, ready: 3, closure: 4 } as const;

/** The longest range one calendar read answers. */
export const SCHEDULE_RANGE_DAYS_MAX = 93;

const typeIn = enumSchema('ScheduleType').transform((v) => Number(v));

export const factoryScheduleRow = z.object({
  id: idOut,
  factory: refOut,
  orderProduct: z
    .object({ id: idOut, productNo: z.string(), orderNo: z.string(), name: z.string() })
    .nullable(),
  /** enum ScheduleType */
  type: z.number().int(),
  startDate: dateOut,
  endDate: dateOut,
  quantity: z.number().int().nullable(),
  remark: z.string().nullable(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});
export type FactoryScheduleRow = z.output<typeof factoryScheduleRow>;

const rangeOk = (v: { startDate: string; endDate: string }) => v.endDate >= v.startDate;

export const searchFactorySchedules = defineOperation({
  path: 'config/factory/schedule',
  method: 'POST',
  permission: 'schedule.search',
  summary:
    'The calendar of one factory (or of every factory matching `factory`): its production runs and closures overlapping startDate..endDate (≤ 93 days), by start date.',
  input: z
    .object({
      factoryId: idIn.optional(),
      factory: optStr(100),
      startDate: businessDate,
      endDate: businessDate,
      type: typeIn.optional(),
    })
    .refine(rangeOk, { path: ['endDate'], params: { reason: 'E_DATE_RANGE' } }),
  output: z.object({ list: z.array(factoryScheduleRow) }),
});

export const factoryScheduleMonth = defineOperation({
  path: 'config/factory/schedule/month',
  method: 'POST',
  permission: 'schedule.search',
  summary:
    'The month view across factories: per factory with schedules in the month (`YYYY-MM`), its runs and closures overlapping the month.',
  input: z.object({
    // A business month: its first day a business date (±100 years; year 0308 was a 500, issue 32).
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .refine((v) => businessDate.safeParse(`${v}-01`).success, { params: { reason: 'E_FORMAT' } }),
    factory: optStr(100),
    type: typeIn.optional(),
  }),
  output: z.object({
    startDate: dateOut,
    endDate: dateOut,
    factories: z.array(z.object({ factory: refOut, schedules: z.array(factoryScheduleRow) })),
  }),
});

const scheduleFields = {
  /** R for production, packing and ready (types 1–3), absent for a closure (E_REQUIRED / E_FORMAT). */
  orderProductId: idIn.nullable().optional(),
  quantity: z.number().int().min(0).max(9_999_999).nullable().optional(),
  remark: z.string().trim().max(500).nullable().optional(),
};

export const createFactorySchedule = defineOperation({
  path: 'config/factory/schedule/create',
  method: 'POST',
  permission: 'schedule.edit',
  summary:
    'A production run (of an order product of that factory) or a closure of a factory. endDate ≥ startDate (E_DATE_RANGE).',
  input: z
    .object({
      factoryId: idIn,
      type: typeIn,
      startDate: businessDate,
      endDate: businessDate,
      ...scheduleFields,
    })
    .refine(rangeOk, { path: ['endDate'], params: { reason: 'E_DATE_RANGE' } }),
  output: factoryScheduleRow,
});

export const updateFactorySchedule = defineOperation({
  path: 'config/factory/schedule/update',
  method: 'POST',
  permission: 'schedule.edit',
  summary:
    'Change a schedule row (dates, type, product, quantity, remark); valid 0/1 deletes and undeletes it.',
  input: z.object({
    id: idIn,
    version,
    type: typeIn.optional(),
    startDate: businessDate.optional(),
    endDate: businessDate.optional(),
    valid: flag.optional(),
    ...scheduleFields,
  }),
  output: factoryScheduleRow,
});
