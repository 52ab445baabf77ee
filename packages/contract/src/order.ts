import { z } from 'zod';
import { businessDate } from './config';
import { enumSchema } from './enumerations';
import { defineListExport } from './list-export';
import { defineOperation } from './operation';
import {
  clearable,
  dateOut,
  dateRangeOk,
  dateTimeOut,
  flag,
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
import { containerNo, SHIPPING_STATUS_SET, shippingInput, shippingRow } from './shipping';

// Orders and their products (DOMAIN.md §2.4, spec §3 "Order / product", §7 "Contracts and orders").
// The order list shows one row per order product (its filters are spec §3's Product filters);
// an order's products are its child rows, logged on the order as `products[productNo].field`.

/** DOMAIN.md §2.4: order no ≤ 32, `[A-Za-z0-9_/-]`; generated `OD`+yyMMdd+4 when not supplied. */
export const ORDER_NO_PATTERN = /^[A-Za-z0-9_/-]{1,32}$/;
/** DOMAIN.md §7.2: order quantity 1 – 9 999 999. */
export const QUANTITY_MAX = 9_999_999;
/** Lines of one order a single write may carry (import and sync split larger files by order). */
export const ORDER_LINES_MAX = 2000;
/** The generic-selection bulk actions (assignment) take at most this many products at once. */
export const SELECTION_MAX = 500;

export const orderNo = str(32).refine((v) => ORDER_NO_PATTERN.test(v), { params: { reason: 'E_FORMAT' } });
const quantity = z.number().int().min(1).max(QUANTITY_MAX);
const enumCode = (name: 'ProductType' | 'QuantityUnit') => enumSchema(name).transform((v) => Number(v));

/**
 * Issue 16: a product's test status, derived from its order risk — none (no risk), open (10–20, or
 * 30 without a decisive result), passed (30 with pass, or all N/A), failed (30 with improve or fail),
 * waived (40). Declared with the products that show it; the order-risk area derives it too.
 */
export const PRODUCT_TEST_STATUSES = ['none', 'open', 'passed', 'failed', 'waived'] as const;
export type ProductTestStatus = (typeof PRODUCT_TEST_STATUSES)[number];

/** The sortable columns of order/search (each served by an index, see the order EXPLAIN test). */
export const ORDER_SORTS = ['orderNo', 'po', 'deliveryDate', 'createdAt'] as const;

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

/** A product line as create, replace, import and sync send it. */
export const productInput = z.object({
  /** Unique; generated `{orderNo}-nn` when empty. */
  productNo: optStr(40),
  sku: optStr(40),
  itemNo: str(40),
  name: str(200),
  description: optStr(2000),
  factoryId: idIn,
  quantity,
  quantityUnit: enumCode('QuantityUnit').default(1),
  deliveryDate: businessDate,
  productType: enumCode('ProductType').default(1),
});

export type ProductInput = z.input<typeof productInput>;

const clientLabel = z.object({ id: idOut, code: z.string(), name: z.string() });
const sampleLabel = z.object({ id: idOut, itemNo: z.string(), name: z.string() });

/** An order as other rows show it (contracts, shipping, later areas). */
export const orderLabel = z.object({ id: idOut, orderNo: z.string(), clientPo: z.string().nullable() });

/** An order product as other areas' rows show it. */
export const orderProductLabel = z.object({
  id: idOut,
  productNo: z.string(),
  itemNo: z.string(),
  name: z.string(),
  orderId: idOut,
  orderNo: z.string(),
});

/** One row of the order list: an order product with its order, client and factory. */
export const orderProductRow = z.object({
  id: idOut,
  productNo: z.string(),
  order: orderLabel,
  client: clientLabel,
  department: refOut,
  sku: z.string().nullable(),
  itemNo: z.string(),
  name: z.string(),
  factory: refOut,
  quantity: z.number().int(),
  /** enum QuantityUnit */
  quantityUnit: z.number().int(),
  deliveryDate: dateOut,
  /** enum ProductType */
  productType: z.number().int(),
  originalSample: sampleLabel.nullable(),
  /** The production sample the product is made to (DOMAIN.md §2.4). */
  productionSample: z.object({ id: idOut, itemNo: z.string() }).nullable(),
  qc: userLabel.nullable(),
  /** Issue 16: the product's test status, from its valid order risk (`risk`, null: none). */
  testStatus: z.enum(PRODUCT_TEST_STATUSES),
  risk: z.object({ id: idOut }).nullable(),
  valid: z.number().int(),
  createdAt: dateTimeOut,
});

/** A product line of an order's detail. */
export const orderProductLine = orderProductRow
  .omit({ order: true, client: true, department: true, createdAt: true })
  .extend({
    /** The line number the generated product no counts with. */
    line: z.number().int(),
    /** Where the line is shown among the order's lines (order/item/sort). */
    sort: z.number().int(),
    description: z.string().nullable(),
    /** The upstream feed left the product out while something references it: for a person to resolve. */
    removedUpstream: z.boolean(),
    version: z.number().int(),
  });

export const orderSource = z.object({
  /** enum OrderSource: 1 manual, 2 import, 3 sync. */
  source: z.number().int(),
  /** The file name or the upstream's reference. */
  ref: z.string().nullable(),
  at: z.string(),
});

export const orderDetail = z.object({
  id: idOut,
  orderNo: z.string(),
  clientPo: z.string().nullable(),
  client: clientLabel,
  department: refOut,
  sales: userLabel.nullable(),
  description: z.string().nullable(),
  inspectionRequirement: z.string().nullable(),
  testRequirement: z.string().nullable(),
  sources: z.array(orderSource),
  /** Σ quantity of the valid products (read-only). */
  total: z.number().int(),
  /** The earliest delivery date of the valid products (DOMAIN.md §6.8). */
  deliveryDate: dateOut.nullable(),
  /** Valid products first; deleted ones only for holders of order.edit (to undelete them). */
  products: z.array(orderProductLine),
  /** The order's shipment (the shipping tab of the order). */
  shipping: shippingRow.nullable(),
  valid: z.number().int(),
  version: z.number().int(),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
  updatedAt: dateTimeOut,
});

export type OrderProductRow = z.output<typeof orderProductRow>;
export type OrderProductLine = z.output<typeof orderProductLine>;
export type OrderDetail = z.output<typeof orderDetail>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchOrders = defineOperation({
  path: 'order/search',
  method: 'POST',
  permission: 'order.search',
  summary:
    'Order products (spec §3 Product filters): order no and PO ending, product no and SKU containing, item no ending, client, factory containing (code or names), department, delivery date range, product type, work (due soon or overdue products of the caller as QC or sales); in scope; newest first unless sorted.',
  input: z
    .object({
      orderNo: optStr(32),
      po: optStr(40),
      productNo: optStr(40),
      sku: optStr(40),
      itemNo: optStr(40),
      client: idIn.optional(),
      factory: optStr(100),
      department: idIn.optional(),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      type: enumCode('ProductType').optional(),
      work: z.boolean().optional(),
      /** Deleted products (of valid orders) instead of valid ones (order.edit only, to undelete them). */
      deleted: z.boolean().default(false),
      ...searchPaging,
      ...sorting(ORDER_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(orderProductRow),
});

export const exportOrders = defineListExport(searchOrders, {
  path: 'order/export',
  summary:
    'The order products of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const listOrders = defineOperation({
  path: 'order/list',
  method: 'POST',
  permission: 'order.search',
  summary: 'The order auto-complete: valid orders in scope whose order no or PO ends with the keyword.',
  input: z.object({
    keyword: optStr(40),
    client: idIn.optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({ list: z.array(orderLabel.extend({ client: clientLabel })) }),
});

export const listOrderProducts = defineOperation({
  path: 'order/product/list',
  method: 'POST',
  permission: 'order.search',
  summary:
    'The order-product auto-complete: valid products in scope whose product no contains the keyword, optionally of one order or client.',
  input: z.object({
    keyword: optStr(40),
    order: idIn.optional(),
    client: idIn.optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({ list: z.array(orderProductLabel) }),
});

export const getOrder = defineOperation({
  path: 'order/details',
  method: 'GET',
  permission: 'order.search',
  summary: 'One order with its products, sources and requirements.',
  input: z.object({ id: idIn }),
  output: orderDetail,
});

/**
 * Issue 25: a published test report as a product's compliance lists it — ours from a test order,
 * the factory's or the client's (`reportType`, enum TestReportType) — with its result for this
 * product and whether its valid-until date has passed (business date).
 */
export const complianceReport = z.object({
  id: idOut,
  reportNo: z.string().nullable(),
  /** enum TestReportType */
  reportType: z.number().int(),
  lab: refOut,
  reportDate: dateOut.nullable(),
  validUntil: dateOut.nullable(),
  /** enum TestResult: this product's result in the report. */
  result: z.number().int(),
  expired: z.boolean(),
});

export const productCompliance = z.object({
  /** enum TestResult: the worst result of the current (not expired) reports; null when there is none. */
  result: z.number().int().nullable(),
  /** How many of the reports have expired. */
  expired: z.number().int(),
  /** Newest report date first. */
  reports: z.array(complianceReport),
});

export type ComplianceReport = z.output<typeof complianceReport>;
export type ProductCompliance = z.output<typeof productCompliance>;

export const getProductCompliance = defineOperation({
  path: 'order/product/compliance',
  method: 'GET',
  permission: 'order.search',
  summary:
    'Issue 25: every published test report that concerns one order product (ours, the factory’s, the client’s), with its validity, and the worst current result (DOMAIN.md §6.4; expired reports do not count); in the order’s scope.',
  input: z.object({ orderProductId: idIn }),
  output: productCompliance,
});

// ---------------------------------------------------------------------------------------------
// Writes (order.edit unless stated); every one answers the order's detail
// ---------------------------------------------------------------------------------------------

export const createOrder = defineOperation({
  path: 'order/create',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Create an order with its products (order no `OD`+yyMMdd+4 and product nos `{orderNo}-nn` when not given; requirements default from the client).',
  input: z.object({
    orderNo: orderNo.optional(),
    clientPo: optStr(40),
    clientId: idIn,
    description: optStr(2000),
    inspectionRequirement: optStr(4000),
    testRequirement: optStr(4000),
    products: z.array(productInput).min(1).max(ORDER_LINES_MAX),
    /** shipping.edit: an existing shipment of the client, or a new one. */
    shippingId: idIn.optional(),
    shipping: shippingInput.optional(),
  }),
  output: orderDetail,
});

const shippingStatus = z
  .number()
  .int()
  .refine((v) => (SHIPPING_STATUS_SET as readonly number[]).includes(v), { params: { reason: 'E_FORMAT' } });

export const updateOrder = defineOperation({
  path: 'order/update',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Change the PO, client or description of an order, and (shipping.edit) its shipment or the shipment’s status; valid 0/1 deletes and undeletes it (E_IN_USE while anything references it or its products).',
  input: z.object({
    id: idIn,
    version,
    clientPo: clearable(40),
    clientId: idIn.optional(),
    description: clearable(2000),
    valid: flag.optional(),
    /** shipping.edit: another shipment of the client (null: none), a new one, or its status (30, 90). */
    shippingId: idIn.nullable().optional(),
    shipping: shippingInput.optional(),
    shippingStatus: shippingStatus.optional(),
  }),
  output: orderDetail,
});

export const updateOrderItem = defineOperation({
  path: 'order/item/update',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Change one product of an order (with the order’s version); valid 0/1 deletes and undeletes it (E_IN_USE while referenced).',
  input: z.object({
    id: idIn,
    version,
    productId: idIn,
    sku: clearable(40),
    itemNo: str(40).optional(),
    name: str(200).optional(),
    description: clearable(2000),
    factoryId: idIn.optional(),
    quantity: quantity.optional(),
    quantityUnit: enumCode('QuantityUnit').optional(),
    deliveryDate: businessDate.optional(),
    valid: flag.optional(),
  }),
  output: orderDetail,
});

export const addOrderItems = defineOperation({
  path: 'order/item/create',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Add product lines to an existing order (with the order’s version), after its current lines; a product no the order or another order already holds is E_DUPLICATE.',
  input: z.object({
    id: idIn,
    version,
    products: z.array(productInput).min(1).max(ORDER_LINES_MAX),
  }),
  output: orderDetail,
});

export const sortOrderItems = defineOperation({
  path: 'order/item/sort',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Put the valid products of an order in a new order (every valid product once: E_REF_NOT_FOUND otherwise); each moved product is logged with its new position.',
  input: z.object({
    id: idIn,
    version,
    productIds: z.array(idIn).min(1).max(ORDER_LINES_MAX),
  }),
  output: orderDetail,
});

export const updateOrderRequirements = defineOperation({
  path: 'order/require/update',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Set the inspection and test requirements of an order; `fromClient` copies the client’s current texts instead.',
  input: z.object({
    id: idIn,
    version,
    inspectionRequirement: clearable(4000),
    testRequirement: clearable(4000),
    fromClient: z.boolean().default(false),
  }),
  output: orderDetail,
});

export const updateProductType = defineOperation({
  path: 'order/producttype/update',
  method: 'POST',
  permission: 'order.edit',
  summary: 'Set the product type (new, repeat, modified) of some products of an order.',
  input: z.object({
    id: idIn,
    version,
    productIds: z.array(idIn).min(1).max(ORDER_LINES_MAX),
    productType: enumCode('ProductType'),
  }),
  output: orderDetail,
});

export const relateOrderProducts = defineOperation({
  path: 'order/relation',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Link products of an order to original samples (from the original-sample cart; the order’s client’s or shared ones) and to production samples (the order’s client’s, not cancelled), or unlink them (null).',
  input: z.object({
    id: idIn,
    version,
    links: z
      .array(
        z.object({
          productId: idIn,
          /** An original sample (null unlinks; absent leaves the link as it is). */
          originalSampleId: idIn.nullable().optional(),
          /** A production sample of the order's client, not cancelled (null unlinks; absent: as it is). */
          productionSampleId: idIn.nullable().optional(),
        }),
      )
      .min(1)
      .max(ORDER_LINES_MAX),
  }),
  output: orderDetail,
});

export const assignOrderProducts = defineOperation({
  path: 'order/assigns',
  method: 'POST',
  permission: 'order.assign',
  summary:
    'Assign a QC to products (a generic selection: all of one client and department, E_CART_CLIENT_DEPT otherwise); null clears the assignment.',
  input: z.object({
    productIds: z.array(idIn).min(1).max(SELECTION_MAX),
    qcId: idIn.nullable(),
  }),
  output: z.object({ count: z.number().int() }),
});

export const replaceOrderProducts = defineOperation({
  path: 'order/replace',
  method: 'POST',
  permission: 'order.edit',
  summary:
    'Replace the products of an order: lines matched by product no are updated, new ones added, missing ones removed (E_IN_USE when one is referenced; nothing changes then).',
  input: z.object({
    id: idIn,
    version,
    clientPo: clearable(40),
    products: z.array(productInput).min(1).max(ORDER_LINES_MAX),
  }),
  output: orderDetail,
});

// ---------------------------------------------------------------------------------------------
// The order feed: import of an order file (XLSX) and sync from the upstream system (JSON), both
// one row per product line with its order's columns repeated, clients and factories by code.
// ---------------------------------------------------------------------------------------------

/** The columns of the order file and the sync rows, in template order. */
export const ORDER_FEED_COLUMNS = [
  'orderNo',
  'clientPo',
  'client',
  'description',
  'productNo',
  'sku',
  'itemNo',
  'name',
  'factory',
  'quantity',
  'quantityUnit',
  'deliveryDate',
  'productType',
  'vehicle',
  'etd',
  'eta',
  'containerNo',
  'shippingStatus',
] as const;

export type OrderFeedColumn = (typeof ORDER_FEED_COLUMNS)[number];

/** Columns a file must have (the others may be left out). */
export const ORDER_FEED_REQUIRED: readonly OrderFeedColumn[] = [
  'orderNo',
  'client',
  'itemNo',
  'name',
  'factory',
  'quantity',
  'deliveryDate',
];

/** The headers of the order-file template, zh and en (the file's row 2; row 1 holds the keys). */
export const ORDER_FEED_LABELS: Record<OrderFeedColumn, { zh: string; en: string }> = {
  orderNo: { zh: '订单号', en: 'Order no' },
  clientPo: { zh: '客户PO', en: 'Client PO' },
  client: { zh: '客户编码', en: 'Client code' },
  description: { zh: '订单描述', en: 'Order description' },
  productNo: { zh: '产品编号', en: 'Product no' },
  sku: { zh: 'SKU', en: 'SKU' },
  itemNo: { zh: '货号', en: 'Item no' },
  name: { zh: '品名', en: 'Product name' },
  factory: { zh: '工厂编码', en: 'Factory code' },
  quantity: { zh: '数量', en: 'Quantity' },
  quantityUnit: { zh: '数量单位', en: 'Quantity unit' },
  deliveryDate: { zh: '交货期', en: 'Delivery date' },
  productType: { zh: '产品类型', en: 'Product type' },
  vehicle: { zh: '交通工具编码', en: 'Vehicle code' },
  etd: { zh: '预计离港', en: 'ETD' },
  eta: { zh: '预计到港', en: 'ETA' },
  containerNo: { zh: '柜号', en: 'Container no' },
  shippingStatus: { zh: '出货状态', en: 'Shipping status' },
};

const code = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((v) => v.toUpperCase());

/** One line of the feed (DOMAIN.md §7.2: order no required on import and sync). */
export const orderFeedRow = z.object({
  orderNo,
  clientPo: optStr(40),
  client: code,
  description: optStr(2000),
  productNo: optStr(40),
  sku: optStr(40),
  itemNo: str(40),
  name: str(200),
  factory: code,
  quantity,
  quantityUnit: enumCode('QuantityUnit').default(1),
  deliveryDate: businessDate,
  productType: enumCode('ProductType').default(1),
  /** The order's shipment (DOMAIN.md §2.4: written by import and sync): created once, with an ETD. */
  vehicle: code.optional(),
  etd: businessDate.optional(),
  eta: businessDate.optional(),
  containerNo,
  /** 30 shipped, 90 cancelled: the upstream's word on the order's shipment. */
  shippingStatus: z.coerce
    .number()
    .int()
    .refine((v) => (SHIPPING_STATUS_SET as readonly number[]).includes(v), { params: { reason: 'E_FORMAT' } })
    .optional(),
});

export type OrderFeedRow = z.output<typeof orderFeedRow>;

/** One bad cell of an order file or sync: its row (as the user sees it), column and value. */
export const orderFeedError = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
  zh: z.string(),
  en: z.string(),
});

export type OrderFeedError = z.output<typeof orderFeedError>;

/** Feed rows a single sync call carries. */
export const SYNC_ROWS_MAX = 20_000;

export const syncOrders = defineOperation({
  path: 'order/sync',
  method: 'POST',
  permission: 'order.sync',
  summary:
    'The upstream system’s orders (authoritative): upserted by order no and product no; lines it leaves out are removed unless referenced (then kept and flagged); the same feed twice changes nothing. Any bad row refuses the call (E_IMPORT_ROWS with the row errors).',
  input: z.object({
    /** The upstream's reference of this call, recorded in the sources of the orders it changes. */
    ref: str(200),
    rows: z
      .array(orderFeedRow.extend({ productNo: str(40) }))
      .min(1)
      .max(SYNC_ROWS_MAX),
  }),
  output: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Products kept because something references them although the feed left them out. */
    flagged: z.array(z.object({ orderNo: z.string(), productNo: z.string() })),
  }),
});

export const orderImport = z.object({
  id: idOut,
  fileName: z.string(),
  replace: z.boolean(),
  /** queued, reading, writing, done (written), refused (row errors: nothing written), failed. */
  status: z.enum(['queued', 'reading', 'writing', 'done', 'refused', 'failed']),
  rowsRead: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  /** The first row errors (all of them up to 1,000), and how many there are. */
  errors: z.array(orderFeedError),
  errorCount: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** The orders a done import wrote (the first 100 of them), for the result's links. */
  orders: z.array(z.object({ id: z.string(), orderNo: z.string() })),
  /** A refused import's uploaded rows with their errors (a column and cell notes), as a download. */
  errorFile: z.object({ name: z.string(), url: z.string() }).nullable(),
  createdAt: dateTimeOut,
});

export type OrderImport = z.output<typeof orderImport>;

export const importOrders = defineOperation({
  path: 'order/import',
  method: 'POST',
  permission: 'order.import',
  summary:
    'Import an uploaded order file (XLSX, ≤ 50 MB) as a job: every row is checked before anything is written; an order no that exists is an error unless `replace` (order/replace per order). Poll order/import/status.',
  input: z.object({ fileId: idIn, replace: z.boolean().default(false) }),
  output: orderImport,
});

export const orderImportStatus = defineOperation({
  path: 'order/import/status',
  method: 'GET',
  permission: 'order.import',
  summary: 'The progress and result of one of the caller’s order-file imports.',
  input: z.object({ id: idIn }),
  output: orderImport,
});

export const orderImportTemplate = defineOperation({
  path: 'order/import/template',
  method: 'GET',
  permission: 'order.import',
  summary:
    'The order-file template (XLSX): row 1 the column keys, row 2 their zh/en headers, an example row.',
  input: z.object({}),
  output: z.object({ name: z.string(), url: z.string() }),
});
