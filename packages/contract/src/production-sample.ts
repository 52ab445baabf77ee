import { z } from 'zod';
import { businessDate } from './config';
import { type EnumCode, enumSchema } from './enumerations';
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
  str,
  userLabel,
  version,
} from './schemas';
import { defineTexts } from './texts';

// Production samples (大货样, DOMAIN.md §2.3, §4.7; spec §3 "Production sample"): a sample of the
// bulk production a factory sends in, audited (签样 / 通知 / 改进 / 不合格放行) and linked from order
// products (OrderProduct.productionSampleId, `order/relation`). Audit and cancel are transitions.

/** DOMAIN.md §3.2 ProductionSampleStatus. */
export const PRODUCTION_SAMPLE_STATUS = { registered: 10, audited: 20, cancelled: 90 } as const;
/** AuditResult codes by name (DOMAIN.md §3.1). */
export const AUDIT_RESULT = {
  unaudited: 0,
  sign: 1,
  notice: 2,
  improve: 3,
  unqualifiedRelease: 4,
} as const satisfies Record<string, EnumCode<'AuditResult'>>;
/** AuditResult codes an audit may give (0 = unaudited is never given). */
export const AUDIT_RESULTS = [1, 2, 3, 4] as const;
/** AuditResult codes that need an audit remark and mail sales and the factory (DOMAIN.md §4.7, §7.3). */
export const AUDIT_RESULTS_WITH_REMARK = [3, 4] as const;
/** DOMAIN.md §2.3: quantity ≥ 1 (the order quantity's upper bound). */
export const SAMPLE_QUANTITY_MAX = 9_999_999;

/** The sortable columns of productionsample/search (each served by an index). */
export const PRODUCTION_SAMPLE_SORTS = ['itemNo', 'receivedDate', 'auditTime'] as const;

const enumCode = (name: 'AuditResult' | 'ProductionSampleStatus' | 'OrderPlacedFlag') =>
  enumSchema(name).transform((v) => Number(v));

const auditResultIn = z
  .number()
  .int()
  .refine((v) => (AUDIT_RESULTS as readonly number[]).includes(v), { params: { reason: 'E_FORMAT' } });

const clientLabel = z.object({ id: idOut, code: z.string(), name: z.string() });

/** A production sample as other rows show it (order products, auto-complete). */
export const productionSampleLabel = z.object({ id: idOut, itemNo: z.string() });

export const productionSampleRow = z.object({
  id: idOut,
  itemNo: z.string(),
  client: clientLabel,
  department: refOut,
  /** The spec's "provider": the factory that sent the sample. */
  provider: refOut,
  originalSample: z.object({ id: idOut, itemNo: z.string(), name: z.string() }).nullable(),
  receivedDate: dateOut,
  quantity: z.number().int(),
  /** enum ProductionSampleStatus */
  status: z.number().int(),
  /** enum AuditResult */
  auditResult: z.number().int(),
  /** enum TestResult: worst of the published test reports of linked products (0 until testing lands). */
  testResult: z.number().int(),
  auditTime: dateTimeOut.nullable(),
  auditor: userLabel.nullable(),
  auditRemark: z.string().nullable(),
  /** enum OrderPlacedFlag: 1 when a valid order product links the sample. */
  orderPlaced: z.number().int(),
  valid: z.number().int(),
  version: z.number().int(),
  updatedAt: dateTimeOut,
});

export const productionSampleDetail = productionSampleRow.extend({
  /** The valid order products linking the sample. */
  products: z.array(
    z.object({
      id: idOut,
      productNo: z.string(),
      itemNo: z.string(),
      name: z.string(),
      orderId: idOut,
      orderNo: z.string(),
      /** Issue 25: the product's test status (its order risk and its published test reports). */
      testStatus: z.enum(PRODUCT_TEST_STATUSES),
    }),
  ),
  createdBy: userLabel.nullable(),
  createdAt: dateTimeOut,
});

export type ProductionSampleRow = z.output<typeof productionSampleRow>;
export type ProductionSampleDetail = z.output<typeof productionSampleDetail>;

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const searchProductionSamples = defineOperation({
  path: 'productionsample/search',
  method: 'POST',
  permission: 'productionsample.search',
  summary:
    'Production samples (spec §3): item no ending, client, department, received date range, audit result, status (the audit results list: 20), order placed (0: the samples without an order); in scope; newest first unless sorted.',
  input: z
    .object({
      itemNo: optStr(40),
      client: idIn.optional(),
      department: idIn.optional(),
      startTime: businessDate.optional(),
      endTime: businessDate.optional(),
      /** enum AuditResult (DOMAIN.md §2.11: `result` = auditResult). */
      result: enumCode('AuditResult').optional(),
      status: enumCode('ProductionSampleStatus').optional(),
      orderPlaced: enumCode('OrderPlacedFlag').optional(),
      ...searchPaging,
      ...sorting(PRODUCTION_SAMPLE_SORTS),
    })
    .refine(dateRangeOk, { path: ['endTime'], params: { reason: 'E_DATE_RANGE' } }),
  output: searchPageOf(productionSampleRow),
});

export const exportProductionSamples = defineListExport(searchProductionSamples, {
  path: 'productionsample/export',
  summary:
    'The production samples of the search’s filters (in the caller’s scope) as XLSX, mailed to the caller as a download link; answers the job id.',
});

export const listProductionSamples = defineOperation({
  path: 'productionsample/list',
  method: 'POST',
  permission: 'productionsample.search',
  summary:
    'The production-sample auto-complete and the list of samples without an order (orderPlaced 0): samples in scope, not cancelled, whose item no ends with the keyword, newest first.',
  input: z.object({
    keyword: optStr(40),
    client: idIn.optional(),
    orderPlaced: enumCode('OrderPlacedFlag').optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({
    list: z.array(
      productionSampleLabel.extend({
        client: clientLabel,
        receivedDate: dateOut,
        auditResult: z.number().int(),
        orderPlaced: z.number().int(),
      }),
    ),
  }),
});

export const getProductionSample = defineOperation({
  path: 'productionsample/details',
  method: 'GET',
  permission: 'productionsample.search',
  summary: 'One production sample with its audit and the order products linking it.',
  input: z.object({ id: idIn }),
  output: productionSampleDetail,
});

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export const createProductionSample = defineOperation({
  path: 'productionsample/create',
  method: 'POST',
  permission: 'productionsample.edit',
  summary:
    'Register a production sample (status 10, unaudited); its department is the client’s. Answers the detail.',
  input: z.object({
    itemNo: str(40),
    clientId: idIn,
    providerFactoryId: idIn,
    originalSampleId: idIn.optional(),
    /** Default today (Asia/Shanghai). */
    receivedDate: businessDate.optional(),
    quantity: z.number().int().min(1).max(SAMPLE_QUANTITY_MAX),
  }),
  output: productionSampleDetail,
});

export const updateProductionSample = defineOperation({
  path: 'productionsample/update',
  method: 'POST',
  permission: 'productionsample.edit',
  summary:
    'Change a production sample in 10 or 20 (the audit fields are changed only by the audit calls). Answers the detail.',
  input: z.object({
    id: idIn,
    version,
    itemNo: str(40).optional(),
    clientId: idIn.optional(),
    providerFactoryId: idIn.optional(),
    originalSampleId: idIn.nullable().optional(),
    receivedDate: businessDate.optional(),
    quantity: z.number().int().min(1).max(SAMPLE_QUANTITY_MAX).optional(),
  }),
  output: productionSampleDetail,
});

const auditInput = z.object({
  id: idIn,
  version,
  /** AuditResult 1–4. */
  auditResult: auditResultIn,
  /** Required for results 3 and 4 (E_REQUIRED). */
  auditRemark: optStr(1000),
});

export const auditProductionSample = defineOperation({
  path: 'productionsample/audit/create',
  method: 'POST',
  permission: 'productionsample.audit',
  summary:
    'Audit a registered sample (10 → 20) with result 1–4; a remark is required for 3–4, which also mail the client’s sales and the factory contacts.',
  input: auditInput,
  output: productionSampleDetail,
});

export const reauditProductionSample = defineOperation({
  path: 'productionsample/audit/update',
  method: 'POST',
  permission: 'productionsample.audit',
  summary:
    'Re-audit an audited sample (20): a new result and remark; the old ones stay in the change log. Results 3–4 mail sales and the factory.',
  input: auditInput,
  output: productionSampleDetail,
});

export const cancelProductionSample = defineOperation({
  path: 'productionsample/cancel',
  method: 'POST',
  permission: 'productionsample.cancel',
  summary:
    'Cancel a production sample (10 or 20 → 90; the web asks "取消大货样？ / Cancel production sample?"); the links from order products are removed. Refused with E_SAMPLE_IN_USE while a linked product has an inspection in progress.',
  input: z.object({ id: idIn, version, reason: optStr(500) }),
  output: productionSampleDetail,
});

/** The error keys only this area raises (texts.ts); the shared ones are in messages.ts. */
export const texts = defineTexts({
  errors: {
    E_SAMPLE_IN_USE: {
      zh: '大货样已用于进行中的验货，不能取消',
      en: 'The production sample is used by an inspection in progress and cannot be cancelled',
    },
    E_PRODUCTION_SAMPLE_CLIENT: {
      zh: '大货样属于其他客户，不能关联',
      en: 'The production sample belongs to another client and cannot be linked',
    },
  },
});
