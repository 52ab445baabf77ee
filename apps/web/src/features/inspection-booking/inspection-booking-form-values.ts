import type { RemoteOption } from '../../components/remote-auto-complete';
import type { CreateBookingInput, InspectionBookingDetail } from './api';

// The booking form's values and the inputs made from them (pure: no React).

/** A field definition of a booking type (master data `bookingtype`, DOMAIN.md §2.10). */
export interface BookingFieldDef {
  key: string;
  labelZh: string;
  labelEn: string;
  fieldType: number;
  required?: boolean;
  options?: string[];
}

export interface ProductRowValues {
  orderProduct?: RemoteOption | null;
  name?: string;
  quantity?: number;
}

export interface BookingFormValues {
  bookingTypeId?: string;
  client?: RemoteOption | null;
  factoryId?: string;
  inspectionDate?: string;
  contactName?: string;
  contactPhone?: string;
  remark?: string;
  extra?: Record<string, unknown>;
  products?: ProductRowValues[];
}

export function bookingFormValues(record: InspectionBookingDetail | undefined): BookingFormValues {
  if (!record) return { extra: {}, products: [{}] };
  return {
    bookingTypeId: record.bookingType.id,
    factoryId: record.factory.id,
    inspectionDate: record.inspectionDate,
    contactName: record.contactName,
    contactPhone: record.contactPhone,
    remark: record.remark ?? '',
    extra: record.extra,
    products: record.products.map((p) => ({
      orderProduct: p.orderProductId
        ? { value: p.orderProductId, label: [p.productNo, p.itemNo, p.name].filter(Boolean).join(' · ') }
        : null,
      name: p.orderProductId ? undefined : (p.name ?? p.productNo ?? undefined),
      quantity: p.quantity,
    })),
  };
}

/** Empty extra values are left out: the server keeps only filled ones. */
const extraOf = (extra: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    Object.entries(extra ?? {}).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as CreateBookingInput['extra'];

export function productsInput(rows: readonly ProductRowValues[] | undefined) {
  return (rows ?? [])
    .filter((r) => r.orderProduct || r.name)
    .map((r) =>
      r.orderProduct
        ? { orderProductId: r.orderProduct.value, quantity: r.quantity ?? 1 }
        : { name: r.name, quantity: r.quantity ?? 1 },
    );
}

export function createBookingInput(v: BookingFormValues): CreateBookingInput {
  return {
    bookingTypeId: v.bookingTypeId ?? '',
    ...(v.client ? { clientId: v.client.value } : {}),
    factoryId: v.factoryId ?? '',
    inspectionDate: v.inspectionDate ?? '',
    contactName: v.contactName ?? '',
    contactPhone: v.contactPhone ?? '',
    ...(v.remark ? { remark: v.remark } : {}),
    extra: extraOf(v.extra),
    products: productsInput(v.products),
  };
}

export function updateBookingInput(record: InspectionBookingDetail, v: BookingFormValues) {
  return {
    id: record.id,
    version: record.version,
    bookingTypeId: v.bookingTypeId,
    factoryId: v.factoryId,
    inspectionDate: v.inspectionDate,
    contactName: v.contactName,
    contactPhone: v.contactPhone,
    remark: v.remark ?? null,
    extra: extraOf(v.extra),
    products: productsInput(v.products),
  };
}
