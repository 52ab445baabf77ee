import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { uploadedFile } from './files';
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

// Test orders (测试单, DOMAIN.md §2.5, §4.9; spec §3 "Test order", §4 "Order test cart"): a request to
// a lab for test items of order products of one client and one department, created from the
// order-test cart, in one currency. Money travels as strings with 2 decimals (never floats).

/** DOMAIN.md §3.2 TestOrderStatus. */
export const TEST_ORDER_STATUS = {
  draft: 10,
  submitted: 20,
  received: 30,
  reported: 40,
  closed: 50,
  cancelled: 90,
} as const;

/** DOMAIN.md §3.2 TestApplyType. */
export const TEST_APPLY_TYPE = { full: 1, risk: 2, retest: 3 } as const;

export const CURRENCIES = ['RMB', 'USD', 'HKD'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** At most this many products in one cart, and lines on one order. */
export const TEST_ORDER_PRODUCTS_MAX = 100;
export const TEST_ORDER_ITEMS_MAX = 500;

/** The sortable columns of ordertest/search (each served by an index). */
export const TEST_ORDER_SORTS = ['testOrderNo', 'planTime'] as const;

/** A money amount in an input: a decimal string, at most 2 decimals (E_FORMAT otherwise). */
export const moneyIn = z
  .string()
  .trim()
  .refine((v) => /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/.test(v), { params: { reason: 'E_FORMAT' } });

/** A discount in percent: 0–100 (E_RANGE), at most 2 decimals (E_FORMAT). */
export const discountIn = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { params: { reason: 'E_FORMAT' } });

const enumCode = (name: 'TestSearchResult' | 'TestOrderStatus' | 'TestApplyType' | 'ProvidedFlag') =>
  enumSchema(name).transform((v) => Number(v));

const currencyIn = z.enum(CURRENCIES);

const clientLabel = z.object({ id: idOut, code: z.string(), name: z.string() });

/** A money amount in an output: the numeric column's text ("12.50"). */
const moneyOut = z.string();

export const testItemLabel = refOut.extend({
  /** The test item's list price and its currency. */
  price: moneyOut,
  currency: z.string(),
});

export const testOrderProduct = z.object({
  id: idOut,
  productNo: z.string(),
  sku: z.string().nullable(),
  itemNo: z.string(),
  name: z.string(),
  /** enum ProductType */
  productType: z.number().int(),
  order: z.object({ id: idOut, orderNo: z.string() }),
  factory: refOut,
});

export const testOrderItem = z.object({
  id: idOut,
  product: testOrderProduct,
  testItem: testItemLabel,
  /** In the order's currency; null until entered (test item priced in another currency). */
  price: moneyOut.nullable(),
  orderRiskItemId: idOut.nullable(),
});

export const testOrderRow = z.object({
  id: idOut,
  testOrderNo: z.string(),
  client: clientLabel,
  department: refOut,
  lab: refOut,
  labContact: z.object({ id: idOut, name: z.string(), email: z.string() }).nullable(),
  testType: refOut,
  /** enum TestApplyType */
  applyType: z.number().int(),
  planTime: dateOut,
  receiveTime: dateOut.nullable(),
  hopeTime: dateOut.nullable(),
  price: moneyOut,
  discount: z.string(),
  amount: moneyOut,
  currency: z.string(),
  retest: z.boolean(),
  previousReportId: idOut.nullable(),
  /** The inspection report whose samples drawn on site this order tests (issue 27). */
  inspectionReportId: idOut.nullable(),
  paid: z.boolean(),
  /** enum ProvidedFlag */
  sampleProvided: z.number().int(),
  quotation: z.string().nullable(),
  invoice: z.string().nullable(),
  /** enum TestResult: worst of its reports. */
  result: z.number().int(),
  /** enum TestOrderStatus */
  status: z.number().int(),
  itemCount: z.number().int(),
  productCount: z.number().int(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const testOrderDetail = testOrderRow.extend({
  /** Issue 24: the lab's quotation and the invoice as files (beside their numbers), signed downloads. */
  quotationFile: uploadedFile.nullable(),
  invoiceFile: uploadedFile.nullable(),
  items: z.array(testOrderItem),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

export type TestOrderRow = z.output<typeof testOrderRow>;
export type TestOrderDetail = z.output<typeof testOrderDetail>;
export type TestOrderItem = z.output<typeof testOrderItem>;

/** A cart product with the lines it brings: its open risk items, and the full list when new (§6.5). */
export const cartProduct = testOrderProduct.extend({
  client: clientLabel,
  department: refOut,
  items: z.array(
    z.object({
      testItem: testItemLabel,
      orderRiskItemId: idOut.nullable(),
      /** risk: an open order-risk item; full: the full list of a new product (type 1). */
      source: z.enum(['risk', 'full']),
    }),
  ),
});
export type CartProduct = z.output<typeof cartProduct>;

/** A line written by the user. `price` only when the test item is priced in another currency. */
export const testOrderItemIn = z.object({
  orderProductId: idIn,
  testItemId: idIn,
  price: moneyIn.optional(),
  orderRiskItemId: idIn.optional(),
});

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchTestOrders = defineOperation({
  path: 'ordertest/search',
  method: 'POST',
  permission: 'test.search',
  summary:
    'Test orders (spec §3): order no ending, product no / sku / factory containing (any line), client, department, plan date range, result (TestSearchResult), status; in scope; newest first unless sorted.',
  input: z
    .object({
      testOrderNo: optStr(16),
      orderNo: optStr(32),
      productNo: optStr(40),
      sku: optStr(40),
      factory: optStr(100),
      client: idIn.optional(),
      department: idIn.optional(),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      /** enum TestSearchResult: 0–6 the result, 10 any result out, 11 improve or fail. */
      result: enumCode('TestSearchResult').optional(),
      status: enumCode('TestOrderStatus').optional(),
      ...searchPaging,
      ...sorting(TEST_ORDER_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(testOrderRow),
});

export const exportTestOrders = defineListExport(searchTestOrders, {
  path: 'ordertest/export',
  summary:
    'The test orders of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const listTestOrders = defineOperation({
  path: 'ordertest/list',
  method: 'POST',
  permission: 'test.search',
  summary: 'The test orders (not cancelled) that test a product of one order, or one product; newest first.',
  input: z.object({ orderId: idIn.optional(), orderProductId: idIn.optional() }),
  output: z.object({ list: z.array(testOrderRow) }),
});

export const listTestOrderProducts = defineOperation({
  path: 'ordertest/list/products',
  method: 'POST',
  permission: 'test.search',
  summary:
    'The cart’s products (order product ids) with the lines each brings: its open order-risk items and, for a new product (type 1), the full list (client requirements, country requirements, common standard tests). All must share client and department (E_CART_CLIENT_DEPT).',
  input: z.object({ ids: z.array(idIn).min(1).max(TEST_ORDER_PRODUCTS_MAX) }),
  output: z.object({ list: z.array(cartProduct) }),
});

export const getTestOrder = defineOperation({
  path: 'ordertest/details',
  method: 'GET',
  permission: 'test.search',
  summary: 'One test order with its lines.',
  input: z.object({ id: idIn }),
  output: testOrderDetail,
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const createTestOrder = defineOperation({
  path: 'ordertest/create',
  method: 'POST',
  permission: 'test.create',
  summary:
    'A draft test order (10) from the cart: the products must share client and department (E_CART_CLIENT_DEPT); without `items` the lines are those of list/products; a line takes the test item’s price when it is in the order’s currency, else the entered price. planTime ≥ today. Answers the detail.',
  input: z
    .object({
      orderProductIds: z.array(idIn).min(1).max(TEST_ORDER_PRODUCTS_MAX),
      labId: idIn,
      labContactId: idIn.optional(),
      testTypeId: idIn,
      currency: currencyIn.default('RMB'),
      planTime: businessDate,
      hopeTime: businessDate.optional(),
      /** enum TestApplyType 1 or 2; default: 1 when a product is new (type 1), else 2. */
      applyType: z.union([z.literal(1), z.literal(2)]).optional(),
      items: z.array(testOrderItemIn).max(TEST_ORDER_ITEMS_MAX).optional(),
    })
    .refine((v) => !v.hopeTime || v.hopeTime >= v.planTime, {
      path: ['hopeTime'],
      params: { reason: 'E_DATE_RANGE' },
    }),
  output: testOrderDetail,
});

export const updateTestOrder = defineOperation({
  path: 'ordertest/update',
  method: 'POST',
  permission: 'test.create',
  alsoPermitted: ['test.edit', 'test.finance'],
  summary:
    'Fields by who may change them (E_FIELD_LOCKED otherwise): lab, contact, test type, plan and hope time with test.create in 10; receiveTime (20 → 30) and hope time with test.edit in 20–30; paid, invoice and quotation (numbers and files: the caller’s own uploads, E_REF_NOT_FOUND otherwise), discount with test.finance in any status but 90. Answers the detail.',
  input: z.object({
    id: idIn,
    version,
    labId: idIn.optional(),
    labContactId: idIn.nullable().optional(),
    testTypeId: idIn.optional(),
    planTime: businessDate.optional(),
    hopeTime: businessDate.nullable().optional(),
    receiveTime: businessDate.optional(),
    paid: z.boolean().optional(),
    invoice: z.string().trim().max(60).nullable().optional(),
    quotation: z.string().trim().max(60).nullable().optional(),
    /** An uploaded file (the caller's own upload, or the order's current one); null removes it. */
    invoiceFileId: idIn.nullable().optional(),
    quotationFileId: idIn.nullable().optional(),
    discount: discountIn.optional(),
    sampleProvided: enumCode('ProvidedFlag').optional(),
  }),
  output: testOrderDetail,
});

export const updateTestOrderItems = defineOperation({
  path: 'ordertest/update/item',
  method: 'POST',
  permission: 'test.create',
  summary:
    'The lines of a draft (10) as a whole set, products of the order’s client and department (E_CART_CLIENT_DEPT), a test item once per product (E_DUPLICATE); price recomputed. E_STATUS after 10. Answers the detail.',
  input: z.object({ id: idIn, version, items: z.array(testOrderItemIn).max(TEST_ORDER_ITEMS_MAX) }),
  output: testOrderDetail,
});

const transitionIn = z.object({ id: idIn, version, reason: optStr(500) });

export const submitTestOrder = defineOperation({
  path: 'ordertest/submit',
  method: 'POST',
  permission: 'test.create',
  summary:
    'Submit a draft (10 → 20): lab, test type, plan time, currency and ≥ 1 line with a price (E_REQUIRED on the field, on items, on price); mails the lab contact; the linked order risks go to 20.',
  input: transitionIn,
  output: testOrderDetail,
});

export const closeTestOrder = defineOperation({
  path: 'ordertest/close',
  method: 'POST',
  permission: 'test.finance',
  summary:
    'Close a reported order (40 → 50); needs paid or an invoice, its number or its file (E_TEST_UNPAID).',
  input: transitionIn,
  output: testOrderDetail,
});

export const cancelTestOrder = defineOperation({
  path: 'ordertest/cancel',
  method: 'POST',
  permission: 'test.create',
  summary: 'Cancel a draft or submitted order (10, 20 → 90); mails the lab when it was submitted.',
  input: transitionIn,
  output: testOrderDetail,
});

/** The error keys only this area raises (texts.ts); the shared ones are in messages.ts. */
export const texts = defineTexts({
  errors: {
    E_FIELD_LOCKED: { zh: '您不能修改{field}', en: 'You may not change {field} now' },
    E_TEST_UNPAID: { zh: '未付款或开票，不能结案', en: 'Not paid or invoiced yet' },
  },
});
