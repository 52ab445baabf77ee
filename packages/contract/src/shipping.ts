import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { containerCheckDigit } from './iso6346';
import { defineOperation } from './operation';
import { dateOut, dateTimeOut, idIn, idOut, optStr, refOut, searchPageOf, searchPaging } from './schemas';
import { defineTexts } from './texts';

// Shipping (DOMAIN.md §2.4): one shipment of one or more orders of a client. Read through
// `/shippingList` (the list, or one shipment with `id`); written by the shipping fields of order
// create, update, import and sync (shipping.edit) — spec §7 has no shipping write call.

/** DOMAIN.md §3.2 ShippingStatus. */
export const SHIPPING_STATUS = { planned: 10, loaded: 20, shipped: 30, cancelled: 90 } as const;

/** Statuses people (and the order feed) set: shipped and cancelled; loaded comes from supervise approval. */
export const SHIPPING_STATUS_SET = [SHIPPING_STATUS.shipped, SHIPPING_STATUS.cancelled] as const;

/** ISO 6346 container number: owner code (3 letters), category letter, 6-digit serial, check digit. */
export const CONTAINER_NO_PATTERN = /^[A-Z]{4}[0-9]{7}$/;

/** Whether a container number has the ISO 6346 form and its check digit (DOMAIN.md §7.2). */
export function containerNoOk(no: string): boolean {
  return CONTAINER_NO_PATTERN.test(no) && containerCheckDigit(no.slice(0, 10)) === Number(no[10]);
}

/** An ISO 6346 container number, upper-cased, its check digit verified (empty: none). */
export const containerNo = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase().replace(/\s+/g, ''))
  .refine((v) => v === '' || containerNoOk(v), { params: { reason: 'E_FORMAT' } })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A new shipment as order create and update (and the order feed) give it. */
export const shippingInput = z
  .object({
    vehicleId: idIn,
    etd: businessDate,
    eta: businessDate.optional(),
    loadingPort: optStr(100),
    destinationCountryId: idIn.optional(),
    containerType: optStr(10),
    containerNo,
    sealNo: optStr(30),
  })
  .refine((v) => !v.eta || v.eta >= v.etd, { path: ['eta'], params: { reason: 'E_DATE_RANGE' } });

export const shippingRow = z.object({
  id: idOut,
  /** `SH` + yyMMdd + 4 digits (DOMAIN.md §6.9). */
  shippingNo: z.string(),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
  vehicle: refOut,
  etd: dateOut,
  eta: dateOut.nullable(),
  loadingPort: z.string().nullable(),
  destinationCountry: refOut.nullable(),
  containerType: z.string().nullable(),
  containerNo: z.string().nullable(),
  sealNo: z.string().nullable(),
  /** enum ShippingStatus */
  status: z.number().int(),
  /** The orders of the shipment (Order.shippingId). */
  orders: z.array(z.object({ id: idOut, orderNo: z.string(), clientPo: z.string().nullable() })),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export type ShippingRow = z.output<typeof shippingRow>;

export const shippingList = defineOperation({
  path: 'shippingList',
  method: 'POST',
  permission: 'order.search',
  alsoPermitted: ['supervise.search'],
  summary:
    'Shipments in scope: one by id (its details), or by shipping no ending, client, status and order no ending; newest first.',
  input: z.object({
    id: idIn.optional(),
    shippingNo: optStr(16),
    client: idIn.optional(),
    status: enumSchema('ShippingStatus')
      .transform((v) => Number(v))
      .optional(),
    orderNo: optStr(32),
    ...searchPaging,
  }),
  output: searchPageOf(shippingRow),
});

/** The error keys only this area raises (texts.ts); the shared ones are in messages.ts. */
export const texts = defineTexts({
  errors: {
    E_SHIPPING_CLIENT: {
      zh: '出货记录属于其他客户',
      en: 'The shipment belongs to another client',
    },
  },
});
