import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineListExport } from './list-export';
import { defineOperation } from './operation';
import { PRODUCT_TEST_STATUSES } from './order';
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

// Order risk (订单风险 / 高风险测试, DOMAIN.md §2.5, §4.11, §6.5; spec §3 "Order risk"): per order
// product, the high-risk test items derived from the materials of its original sample and the
// client's mandatory test requirements (`orderrisk/sync`, also automatic while the risk is in 10),
// or raised by hand (byCreate). Waive and reset are transitions; test orders and published reports
// (later areas) move it to 20 and 30.

/** DOMAIN.md §3.2 OrderRiskStatus. */
export const ORDER_RISK_STATUS = { pending: 10, testing: 20, done: 30, waived: 40 } as const;

/** The product's test status derived from its order risk (issue 16), declared with the products. */
export { PRODUCT_TEST_STATUSES, type ProductTestStatus } from './order';

/**
 * The sortable columns of orderrisk/search: the product's order no and delivery date (walked in the
 * product's indexes, a valid risk per product) and the risk's status (see the order-risk EXPLAIN test).
 */
export const ORDER_RISK_SORTS = ['orderNo', 'deliveryDate', 'status'] as const;

/** At most this many items on one risk (a written list, not a feed). */
export const ORDER_RISK_ITEMS_MAX = 200;

const enumCode = (name: 'TestSearchResult' | 'OrderRiskStatus') =>
  enumSchema(name).transform((v) => Number(v));

const clientLabel = z.object({ id: idOut, code: z.string(), name: z.string() });

export const orderRiskItem = z.object({
  id: idOut,
  testItem: refOut,
  /** The material that called for the item (null: a client requirement or a manual item). */
  material: z.object({ id: idOut, upc: z.string(), name: z.string() }).nullable(),
  part: refOut.nullable(),
  /** The Risk row (config `risk`) that called for the item. */
  risk: refOut.nullable(),
  /** enum TestResult */
  result: z.number().int(),
  testReportId: idOut.nullable(),
});

export const orderRiskRow = z.object({
  id: idOut,
  order: z.object({ id: idOut, orderNo: z.string() }),
  product: z.object({
    id: idOut,
    productNo: z.string(),
    sku: z.string().nullable(),
    itemNo: z.string(),
    name: z.string(),
    /** enum ProductType */
    productType: z.number().int(),
    deliveryDate: dateOut,
  }),
  factory: refOut,
  client: clientLabel,
  department: refOut,
  /** true: raised by a user; false: derived by sync. */
  byCreate: z.boolean(),
  /** enum TestResult: the worst of the items (DOMAIN.md §6.4). */
  result: z.number().int(),
  /** enum OrderRiskStatus */
  status: z.number().int(),
  waiveReason: z.string().nullable(),
  /** Items: all, still without a result, and with a result (tested or waived). */
  itemCount: z.number().int(),
  openCount: z.number().int(),
  /** A new product (type 1) needs the full test list on a full test order besides these items (§6.5). */
  fullTest: z.boolean(),
  /** Issue 16: none, open, passed, failed, waived. */
  testStatus: z.enum(PRODUCT_TEST_STATUSES),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const orderRiskDetail = orderRiskRow.extend({
  items: z.array(orderRiskItem),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

export type OrderRiskRow = z.output<typeof orderRiskRow>;
export type OrderRiskDetail = z.output<typeof orderRiskDetail>;
export type OrderRiskItem = z.output<typeof orderRiskItem>;

/** An item written by hand: a test item, optionally the material and part it is for. */
const itemIn = z.object({
  testItemId: idIn,
  materialId: idIn.optional(),
  partId: idIn.optional(),
});

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchOrderRisks = defineOperation({
  path: 'orderrisk/search',
  method: 'POST',
  permission: 'orderrisk.search',
  summary:
    'Order risks (spec §3): order no ending, product no containing, factory containing (code or names), client, department, the product’s delivery date range (DOMAIN.md §2.11), result (TestSearchResult), byCreate, status; in scope; newest first unless sorted (ORDER_RISK_SORTS).',
  input: z
    .object({
      orderNo: optStr(32),
      productNo: optStr(40),
      factory: optStr(100),
      client: idIn.optional(),
      department: idIn.optional(),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      /** enum TestSearchResult: 0–6 the result, 10 any result out, 11 improve or fail. */
      result: enumCode('TestSearchResult').optional(),
      byCreate: z.boolean().optional(),
      status: enumCode('OrderRiskStatus').optional(),
      ...searchPaging,
      ...sorting(ORDER_RISK_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(orderRiskRow),
});

export const exportOrderRisks = defineListExport(searchOrderRisks, {
  path: 'orderrisk/export',
  summary:
    'The order risks of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const listOrderRisks = defineOperation({
  path: 'orderrisk/list',
  method: 'POST',
  permission: 'orderrisk.search',
  summary: 'The risks of one order’s products (the order’s risk tab), by product no.',
  input: z.object({ orderId: idIn }),
  output: z.object({ list: z.array(orderRiskRow) }),
});

export const getOrderRisk = defineOperation({
  path: 'orderrisk/details',
  method: 'GET',
  permission: 'orderrisk.search',
  summary: 'One order risk with its items.',
  input: z.object({ id: idIn }),
  output: orderRiskDetail,
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const syncOrderRisks = defineOperation({
  path: 'orderrisk/sync',
  method: 'POST',
  permission: 'orderrisk.sync',
  summary:
    'Derive the risks of an order’s products (DOMAIN.md §6.5), all or the ones named: a product without a risk gets one in 10 (byCreate false) when anything is derived; a derived risk still in 10 gets the derived items (or is removed when nothing is derived); manual risks and risks in 20–40 are left alone. Answers the counts.',
  input: z.object({
    orderId: idIn,
    productIds: z.array(idIn).min(1).max(500).optional(),
  }),
  output: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
  }),
});

export const updateOrderRisk = defineOperation({
  path: 'orderrisk/update',
  method: 'POST',
  permission: 'orderrisk.edit',
  summary:
    'Without id: raise a risk by hand on a product that has none (10, byCreate true; E_DUPLICATE when it has one) with optional items. With id and version: waive it (10 or 20 → 40) with a reason (E_REASON_REQUIRED); its items’ results become 4 (N/A). Answers the detail.',
  input: z.object({
    id: idIn.optional(),
    version: version.optional(),
    productId: idIn.optional(),
    items: z.array(itemIn).max(ORDER_RISK_ITEMS_MAX).optional(),
    waive: z.boolean().optional(),
    waiveReason: optStr(500),
  }),
  output: orderRiskDetail,
});

export const updateOrderRiskItems = defineOperation({
  path: 'orderrisk/update/item',
  method: 'POST',
  permission: 'orderrisk.edit',
  summary:
    'The items of a risk in 10, as a whole set (test item once each, E_DUPLICATE); E_STATUS in 20–40. Answers the detail.',
  input: z.object({ id: idIn, version, items: z.array(itemIn).max(ORDER_RISK_ITEMS_MAX) }),
  output: orderRiskDetail,
});

export const resetOrderRisk = defineOperation({
  path: 'orderrisk/reset',
  method: 'POST',
  permission: 'orderrisk.reset',
  summary:
    'Reset a risk in 10, 30 or 40 to 10: a derived risk gets its items derived again, a manual one is emptied; results and the waive reason are cleared. Refused in 20 (testing) with E_STATUS.',
  input: z.object({ id: idIn, version, reason: optStr(500) }),
  output: orderRiskDetail,
});
