import { areas } from '@qcdesk/contract';
import { orderRisks } from '../../db/schema/order-risk';
import { PRODUCT_TEST_STATUS_LABELS } from '../../domain/product-test-status';
import {
  clientColumn,
  departmentColumn,
  enumColumn,
  factoryColumn,
  listExport,
} from '../../platform/list-export';
import { riskRows, riskSearchWhere } from './order-risk.queries';
import { ORDER_RISK_ENTITY } from './order-risk.rules';

// The order-risk list's XLSX export (issue 16): the risks of orderrisk/search's filters in the
// caller's scope, one row per risk with the list's columns (spec §3).

export const orderRiskExport = listExport({
  operation: areas.orderRisk.exportOrderRisks,
  search: areas.orderRisk.searchOrderRisks,
  entity: ORDER_RISK_ENTITY,
  title: { zh: '订单风险', en: 'Order risks' },
  table: orderRisks,
  key: orderRisks.id,
  where: (filters, { db, scope }) => riskSearchWhere(db, filters, scope),
  rows: riskRows,
  keyOf: (row) => row.id,
  columns: (column) => [
    column('orderNo', { zh: '订单号', en: 'Order no' }, (r) => r.order.orderNo, { width: 18, client: true }),
    column('productNo', { zh: '产品号', en: 'Product no' }, (r) => r.product.productNo, {
      width: 22,
      client: true,
    }),
    column('itemNo', { zh: '货号', en: 'Item no' }, (r) => r.product.itemNo, { client: true }),
    column('name', { zh: '品名', en: 'Name' }, (r) => r.product.name, { width: 28, client: true }),
    factoryColumn(),
    clientColumn({ client: true }),
    departmentColumn(),
    column('deliveryDate', { zh: '交货日期', en: 'Delivery date' }, (r) => r.product.deliveryDate, {
      client: true,
    }),
    column('itemCount', { zh: '测试项', en: 'Items' }, (r) => r.itemCount, { client: true }),
    column('openCount', { zh: '未出结果', en: 'Open items' }, (r) => r.openCount, { client: true }),
    enumColumn('status', { zh: '状态', en: 'Status' }, 'OrderRiskStatus', { client: true }),
    enumColumn('result', { zh: '结果', en: 'Result' }, 'TestResult', { client: true }),
    column(
      'testStatus',
      { zh: '测试状态', en: 'Test status' },
      (r, l) => PRODUCT_TEST_STATUS_LABELS[r.testStatus][l],
      { client: true },
    ),
    column(
      'byCreate',
      { zh: '来源', en: 'Source' },
      (r, l) => (r.byCreate ? { zh: '手工', en: 'Manual' } : { zh: '自动生成', en: 'Derived' })[l],
    ),
    column('waiveReason', { zh: '豁免原因', en: 'Waive reason' }, (r) => r.waiveReason, { width: 28 }),
  ],
});
