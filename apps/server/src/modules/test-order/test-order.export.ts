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
  columns: [
    {
      key: 'testOrderNo',
      label: { zh: '测试单号', en: 'Test order no' },
      value: (r) => r.testOrderNo,
      width: 18,
    },
    clientColumn(),
    departmentColumn(),
    referenceColumn('lab', { zh: '实验室', en: 'Lab' }, { width: 24 }),
    referenceColumn('testType', { zh: '测试类型', en: 'Test type' }),
    enumColumn('applyType', { zh: '测试方式', en: 'Test kind' }, 'TestApplyType'),
    { key: 'planTime', label: { zh: '计划送测日期', en: 'Plan date' }, value: (r) => r.planTime },
    { key: 'receiveTime', label: { zh: '收样日期', en: 'Received' }, value: (r) => r.receiveTime },
    { key: 'hopeTime', label: { zh: '期望完成日期', en: 'Expected by' }, value: (r) => r.hopeTime },
    { key: 'productCount', label: { zh: '产品数', en: 'Products' }, value: (r) => r.productCount },
    { key: 'itemCount', label: { zh: '测试项目', en: 'Items' }, value: (r) => r.itemCount },
    { key: 'price', label: { zh: '价格', en: 'Price' }, value: (r) => money(r.price) },
    { key: 'discount', label: { zh: '折扣（%）', en: 'Discount (%)' }, value: (r) => money(r.discount) },
    { key: 'amount', label: { zh: '金额', en: 'Amount' }, value: (r) => money(r.amount) },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, value: (r) => r.currency, width: 10 },
    {
      key: 'paid',
      label: { zh: '已付款', en: 'Paid' },
      value: (r, l) => (r.paid ? { zh: '是', en: 'Yes' } : { zh: '否', en: 'No' })[l],
      width: 10,
    },
    { key: 'quotation', label: { zh: '报价单号', en: 'Quotation no' }, value: (r) => r.quotation },
    { key: 'invoice', label: { zh: '发票号', en: 'Invoice no' }, value: (r) => r.invoice },
    enumColumn('result', { zh: '结果', en: 'Result' }, 'TestResult'),
    enumColumn('status', { zh: '状态', en: 'Status' }, 'TestOrderStatus'),
  ],
});
