import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineListExport } from './list-export';
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
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';
import { confirmIn, warnable } from './warnings';

// Inspection applications (验货申请, DOMAIN.md §2.6, §4.1; spec §3 "Inspection application", §4
// "Inspection application cart"): sales asks QC to inspect lots of one order. The cart holds
// products of one order (E_CART_ORDER); create splits it by factory into one application each. For
// each product and inspection type Σ applied (applications not cancelled, re-inspections excluded)
// ≤ the product's quantity (E_QTY_EXCEEDS). Submit keeps the advance-days rule (§6.7,
// E_ADVANCE_DAYS; urgent and re-inspections exempt) and warns (docs/adr/0018-warnings.md):
// W_AFTER_DELIVERY, W_NON_WORKING_DAY.

/** DOMAIN.md §3.2 InspectionApplyStatus. */
export const INSPECTION_APPLY_STATUS = {
  draft: 10,
  submitted: 20,
  planned: 30,
  inspecting: 40,
  completed: 50,
  returned: 80,
  cancelled: 90,
} as const;

/** DOMAIN.md §3.1 InspectionResult. */
export const INSPECTION_RESULT = {
  empty: 0,
  pass: 1,
  conditionalPass: 2,
  rework: 3,
  fail: 4,
  noReport: 5,
  giveUp: 6,
} as const;

/** DOMAIN.md §3.2 ApplyType. */
export const APPLY_TYPE = { normal: 1, urgent: 2, reinspection: 3, supplementary: 4 } as const;

/** DOMAIN.md §3.2 ReasonCode. */
export const REASON_CODE = {
  aborted: 'ABORTED',
  waived: 'WAIVED',
  rejected: 'REJECTED',
  split: 'SPLIT',
  reset: 'RESET',
  other: 'OTHER',
} as const;

/** At most this many products in the cart (one order's lines). */
export const INSPECTION_APPLY_ITEMS_MAX = 200;

/** The sortable columns of inspection/apply/search (each served by an index). */
export const INSPECTION_APPLY_SORTS = ['applyNo', 'expectedDate'] as const;

const enumCode = (name: 'InspectionApplyStatus' | 'ApplyType') =>
  enumSchema(name).transform((v) => Number(v));

/** An inspection quantity: an integer ≥ 1 (E_RANGE), ≤ the open quantity (E_QTY_EXCEEDS, server). */
export const applyQuantityIn = z.number().int().min(1).max(9_999_999);

export const applyItemIn = z.object({ orderProductId: idIn, applyQuantity: applyQuantityIn });

export const applyItem = z.object({
  id: idOut,
  orderProductId: idOut,
  productNo: z.string(),
  itemNo: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  deliveryDate: dateOut,
  /** The product's quantity and its unit (enum QuantityUnit). */
  quantity: z.number().int(),
  quantityUnit: z.number().int(),
  applyQuantity: z.number().int(),
  inspectedQuantity: z.number().int(),
});

export const inspectionApplyRow = z.object({
  id: idOut,
  applyNo: z.string(),
  /** enum ApplyType */
  applyType: z.number().int(),
  inspectionType: refOut,
  order: z.object({ id: idOut, orderNo: z.string(), clientPo: z.string().nullable() }),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
  department: refOut,
  factory: refOut,
  expectedDate: dateOut,
  /** The earliest delivery date of its products. */
  deliveryDate: dateOut.nullable(),
  /** Σ applyQuantity */
  quantity: z.number().int(),
  itemCount: z.number().int(),
  /** enum InspectionResult */
  result: z.number().int(),
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  /** enum InspectionApplyStatus */
  status: z.number().int(),
  createdBy: userLabel.nullable(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const inspectionApplyDetail = inspectionApplyRow.extend({
  items: z.array(applyItem),
  remark: z.string().nullable(),
  previousReportId: idOut.nullable(),
  splitFromId: idOut.nullable(),
  submittedAt: dateTimeOut.nullable(),
  createdAt: dateTimeOut,
  /** The transitions the caller may take now (submit, return, waive, cancel, updateqnty). */
  actions: z.array(z.string()),
});

export type InspectionApplyRow = z.output<typeof inspectionApplyRow>;
export type InspectionApplyDetail = z.output<typeof inspectionApplyDetail>;

/** A cart product with what is still open to apply for, per inspection type. */
export const cartProduct = z.object({
  id: idOut,
  productNo: z.string(),
  itemNo: z.string(),
  name: z.string(),
  order: z.object({ id: idOut, orderNo: z.string() }),
  factory: refOut,
  deliveryDate: dateOut,
  quantity: z.number().int(),
  /** Σ applied of the inspection type asked (applications not cancelled, re-inspections excluded). */
  applied: z.number().int(),
  open: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchInspectionApplies = defineOperation({
  path: 'inspection/apply/search',
  method: 'POST',
  permission: 'inspapply.search',
  summary:
    'Inspection applications (spec §3): order no / PO / shipping no ending, product no and factory containing, expected-date range, status; in scope (DOMAIN.md §5.4; CLIENT users 20–50); newest first unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      po: optStr(40),
      shipping: optStr(16),
      productNo: optStr(40),
      factory: optStr(100),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      status: enumCode('InspectionApplyStatus').optional(),
      ...searchPaging,
      ...sorting(INSPECTION_APPLY_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(inspectionApplyRow),
});

export const exportInspectionApplies = defineListExport(searchInspectionApplies, {
  path: 'inspection/apply/export',
  summary:
    'The applications of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const getInspectionApply = defineOperation({
  path: 'inspection/apply/details',
  method: 'GET',
  permission: 'inspapply.search',
  summary: 'One application with its items and the actions the caller may take.',
  input: z.object({ id: idIn }),
  output: inspectionApplyDetail,
});

export const inspectionApplyCart = defineOperation({
  path: 'inspection/apply/cart',
  method: 'POST',
  permission: 'inspapply.edit',
  summary:
    'The cart’s products (order product ids, one order: E_CART_ORDER) with their open quantity for an inspection type, in the caller’s write scope.',
  input: z.object({
    ids: z.array(idIn).min(1).max(INSPECTION_APPLY_ITEMS_MAX),
    inspectionTypeId: idIn.optional(),
  }),
  output: z.object({ list: z.array(cartProduct) }),
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const createInspectionApply = defineOperation({
  path: 'inspection/apply/create',
  method: 'POST',
  permission: 'inspapply.edit',
  summary:
    'Applications from the cart (products of one order: E_CART_ORDER), one per factory, in 10 — or submitted (20) with `submit` (advance days: E_ADVANCE_DAYS; warnings W_AFTER_DELIVERY, W_NON_WORKING_DAY unless `confirm`). Quantities ≥ 1 and ≤ the open quantity (E_QTY_EXCEEDS). Answers the applications.',
  input: z
    .object({
      items: z.array(applyItemIn).min(1).max(INSPECTION_APPLY_ITEMS_MAX),
      inspectionTypeId: idIn,
      applyType: enumCode('ApplyType').default(APPLY_TYPE.normal),
      expectedDate: businessDate,
      /** R for a re-inspection (type 3): the failed or rework report. */
      previousReportId: idIn.optional(),
      remark: optStr(500),
      submit: z.boolean().default(false),
      ...confirmIn,
    })
    .refine((v) => v.applyType !== APPLY_TYPE.reinspection || v.previousReportId !== undefined, {
      path: ['previousReportId'],
      params: { reason: 'E_REQUIRED' },
    }),
  output: warnable(z.object({ list: z.array(inspectionApplyDetail) })),
});

export const updateInspectionApply = defineOperation({
  path: 'inspection/apply/update',
  method: 'POST',
  permission: 'inspapply.edit',
  summary:
    'Change a draft or returned application (10, 80): type, inspection type, expected date, remark, item quantities (E_QTY_EXCEEDS); `submit` moves it to 20 (advance days E_ADVANCE_DAYS; warnings W_AFTER_DELIVERY, W_NON_WORKING_DAY unless `confirm`), mailing the QC managers. Answers the detail.',
  input: z.object({
    id: idIn,
    version,
    applyType: enumCode('ApplyType').optional(),
    inspectionTypeId: idIn.optional(),
    expectedDate: businessDate.optional(),
    previousReportId: idIn.nullable().optional(),
    remark: z.string().trim().max(500).nullable().optional(),
    /** The items' quantities (the products stay those of the application). */
    items: z.array(applyItemIn).min(1).max(INSPECTION_APPLY_ITEMS_MAX).optional(),
    submit: z.boolean().default(false),
    ...confirmIn,
  }),
  output: warnable(inspectionApplyDetail),
});

export const updateInspectionApplyQuantity = defineOperation({
  path: 'inspection/apply/updateqnty',
  method: 'POST',
  permission: 'inspapply.edit',
  alsoPermitted: ['inspplan.create'],
  summary:
    'Modify item quantities (inspapply.edit in 10/20, inspplan.create in 30; E_STATUS otherwise): ≥ 1 and ≤ the open quantity (E_QTY_EXCEEDS); with `split` a lowered quantity’s rest goes to a new draft (reason SPLIT). Answers the application and the split one.',
  input: z.object({
    id: idIn,
    version,
    items: z.array(applyItemIn).min(1).max(INSPECTION_APPLY_ITEMS_MAX),
    split: z.boolean().default(false),
  }),
  output: z.object({ record: inspectionApplyDetail, split: inspectionApplyDetail.nullable() }),
});

const reasonIn = z.object({ id: idIn, version, reason: optStr(500) });

export const returnInspectionApply = defineOperation({
  path: 'inspection/apply/return',
  method: 'POST',
  permission: 'inspplan.create',
  summary:
    'Return a submitted application to its applicant (20 → 80, reason REJECTED, reason text R); mails the applicant.',
  input: reasonIn,
  output: inspectionApplyDetail,
});

export const waiveInspectionApply = defineOperation({
  path: 'inspection/apply/waive',
  method: 'POST',
  permission: 'inspapply.waive',
  summary:
    'Waive the inspection (20, 30 → 50, result 1 exemption, reason WAIVED); open tasks are cancelled; mails sales and the factory.',
  input: reasonIn,
  output: inspectionApplyDetail,
});

export const cancelInspectionApply = defineOperation({
  path: 'inspection/apply/cancel',
  method: 'POST',
  permission: 'inspapply.edit',
  alsoPermitted: ['inspapply.waive', 'inspplan.create'],
  summary:
    'Cancel (→ 90): the author with inspapply.edit or inspapply.waive in 10, 20, 80; inspplan.create in 30 with a reason (its tasks are cancelled).',
  input: reasonIn,
  output: inspectionApplyDetail,
});

/** The keys only this area raises; E_CART_ORDER, E_ADVANCE_DAYS and E_QTY_EXCEEDS are shared (messages.ts). */
export const texts = defineTexts({
  errors: {
    // Warnings (docs/adr/0018-warnings.md): answered with success=true, never as a refusal.
    W_AFTER_DELIVERY: { zh: '验货日期晚于交货期', en: 'The inspection date is after the delivery date' },
    W_NON_WORKING_DAY: { zh: '所选日期为非工作日', en: 'The chosen date is not a working day' },
  },
  fields: {
    applyNo: { zh: '申请单号', en: 'Application no' },
    applyType: { zh: '申请类型', en: 'Application type' },
    expectedDate: { zh: '期望验货日期', en: 'Expected inspection date' },
    submittedAt: { zh: '提交时间', en: 'Submitted at' },
    applyQuantity: { zh: '申请数量', en: 'Apply quantity' },
    inspectedQuantity: { zh: '已验数量', en: 'Inspected quantity' },
    splitFromId: { zh: '拆分自', en: 'Split from' },
    reasonCode: { zh: '原因', en: 'Reason' },
    reasonText: { zh: '原因说明', en: 'Reason text' },
  },
});
