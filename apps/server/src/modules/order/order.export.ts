import { areas } from '@qcdesk/contract';
import { orderProducts } from '../../db/schema/order';
import { complianceInWords } from '../../domain/compliance';
import { PRODUCT_TEST_STATUS_LABELS } from '../../domain/product-test-status';
import {
  clientColumn,
  departmentColumn,
  enumColumn,
  factoryColumn,
  listExport,
  personColumn,
} from '../../platform/list-export';
import { getSystemParam } from '../../platform/system-params';
import { orderSearchWhere, productRows } from './order.queries';
import { ORDER_ENTITY } from './order.service';
import { productCompliances } from './order-compliance.service';

// The order list's XLSX export: the products of order/search's filters in the caller's scope, one
// row per product as the list shows it (with its test status, issue 25). The "work" filter reads delivery.dueSoonDays first, as the
// search does, so the export's WHERE is the search's own.

export const orderExport = listExport({
  operation: areas.order.exportOrders,
  search: areas.order.searchOrders,
  entity: ORDER_ENTITY,
  title: { zh: '订单', en: 'Orders' },
  table: orderProducts,
  key: orderProducts.id,
  where: async (filters, { db, user, scope }) =>
    orderSearchWhere(db, filters, {
      scope,
      user,
      dueSoonDays: filters.work ? await getSystemParam(db, 'delivery.dueSoonDays') : 0,
    }),
  // Issue 25: each product with its compliance (the published reports that concern it).
  rows: async (db, ids) => {
    const [rows, compliance] = await Promise.all([productRows(db, ids), productCompliances(db, ids)]);
    return rows.map((row) => ({ ...row, compliance: compliance.get(row.id) }));
  },
  keyOf: (row) => row.id,
  columns: (column) => [
    column('orderNo', { zh: '订单号', en: 'Order no' }, (r) => r.order.orderNo, { width: 18, client: true }),
    column('clientPo', { zh: '客户PO', en: 'Client PO' }, (r) => r.order.clientPo, {
      width: 18,
      client: true,
    }),
    column('productNo', { zh: '产品号', en: 'Product no' }, (r) => r.productNo, { width: 20, client: true }),
    column('sku', { zh: 'SKU', en: 'SKU' }, (r) => r.sku, { width: 16, client: true }),
    column('itemNo', { zh: '货号', en: 'Item no' }, (r) => r.itemNo, { width: 18, client: true }),
    column('name', { zh: '品名', en: 'Name' }, (r) => r.name, { width: 32, client: true }),
    clientColumn({ client: true }),
    departmentColumn(),
    factoryColumn({ client: true }),
    column('quantity', { zh: '数量', en: 'Quantity' }, (r) => r.quantity, { width: 12, client: true }),
    enumColumn('quantityUnit', { zh: '单位', en: 'Unit' }, 'QuantityUnit', { width: 10, client: true }),
    column('deliveryDate', { zh: '交货日期', en: 'Delivery date' }, (r) => r.deliveryDate, {
      width: 14,
      client: true,
    }),
    enumColumn('productType', { zh: '产品类型', en: 'Product type' }, 'ProductType', {
      width: 14,
      client: true,
    }),
    column('originalSample', { zh: '原样', en: 'Original sample' }, (r) => r.originalSample?.itemNo, {
      width: 18,
    }),
    personColumn('qc', { zh: 'QC', en: 'QC' }),
    {
      // Issue 25: the worst of the product's order risk and of its published test reports.
      key: 'testStatus',
      label: { zh: '测试状态', en: 'Test status' },
      value: (r, l) => PRODUCT_TEST_STATUS_LABELS[r.testStatus][l],
      width: 12,
      client: true,
    },
    {
      // Issue 25: the worst result of the current (not expired) reports, and how many expired.
      key: 'compliance',
      label: { zh: '合规状态', en: 'Compliance' },
      value: (r, l) => (r.compliance ? complianceInWords(r.compliance, l) : ''),
      width: 22,
      client: true,
    },
    column('createdAt', { zh: '创建时间', en: 'Created' }, (r) => r.createdAt, { width: 18 }),
  ],
});
