import { areas } from '@qcdesk/contract';
import { inArray } from 'drizzle-orm';
import { testOrders } from '../../db/schema/test-order';
import {
  clientColumn,
  departmentColumn,
  enumColumn,
  listExport,
  referenceColumn,
} from '../../platform/list-export';
import { testOrderRows, testOrderSearchWhere } from './test-order.queries';
import { TEST_ORDER_ENTITY } from './test-order.rules';

// The test-order list's XLSX export (issue 16): the test orders of ordertest/search's filters in the
// caller's scope, one row per order with the list's columns (spec §3). Money is a number with its
// currency beside it. CLIENT users do not read test orders (no test.search), so no column is
// marked `client`: prices stay internal either way.

const money = (value: string) => Number(value);

export const testOrderExport = listExport({
  operation: areas.testOrder.exportTestOrders,
  search: areas.testOrder.searchTestOrders,
  entity: TEST_ORDER_ENTITY,
  title: { zh: '测试单', en: 'Test orders' },
  table: testOrders,
  key: testOrders.id,
  where: (filters, { db, scope }) => testOrderSearchWhere(db, filters, scope),
  rows: (db, keys) => testOrderRows(db, inArray(testOrders.id, [...keys]), keys.length),
  keyOf: (row) => row.id,
  columns: (column) => [
    column('testOrderNo', { zh: '测试单号', en: 'Test order no' }, (r) => r.testOrderNo, { width: 18 }),
    clientColumn(),
    departmentColumn(),
    referenceColumn('lab', { zh: '实验室', en: 'Lab' }, { width: 24 }),
    referenceColumn('testType', { zh: '测试类型', en: 'Test type' }),
    enumColumn('applyType', { zh: '测试方式', en: 'Test kind' }, 'TestApplyType'),
    column('planTime', { zh: '计划送测日期', en: 'Plan date' }, (r) => r.planTime),
    column('receiveTime', { zh: '收样日期', en: 'Received' }, (r) => r.receiveTime),
    column('hopeTime', { zh: '期望完成日期', en: 'Expected by' }, (r) => r.hopeTime),
    column('productCount', { zh: '产品数', en: 'Products' }, (r) => r.productCount),
    column('itemCount', { zh: '测试项目', en: 'Items' }, (r) => r.itemCount),
    column('price', { zh: '价格', en: 'Price' }, (r) => money(r.price)),
    column('discount', { zh: '折扣（%）', en: 'Discount (%)' }, (r) => money(r.discount)),
    column('amount', { zh: '金额', en: 'Amount' }, (r) => money(r.amount)),
    column('currency', { zh: '币种', en: 'Currency' }, (r) => r.currency, { width: 10 }),
    column(
      'paid',
      { zh: '已付款', en: 'Paid' },
      (r, l) => (r.paid ? { zh: '是', en: 'Yes' } : { zh: '否', en: 'No' })[l],
      { width: 10 },
    ),
    column('quotation', { zh: '报价单号', en: 'Quotation no' }, (r) => r.quotation),
    column('invoice', { zh: '发票号', en: 'Invoice no' }, (r) => r.invoice),
    enumColumn('result', { zh: '结果', en: 'Result' }, 'TestResult'),
    enumColumn('status', { zh: '状态', en: 'Status' }, 'TestOrderStatus'),
  ],
});
