import { areas } from '@qcdesk/contract';
import { testReports } from '../../db/schema/test-report';
import {
  clientColumn,
  departmentColumn,
  enumColumn,
  listExport,
  personColumn,
  referenceColumn,
} from '../../platform/list-export';
import { testReportRows, testReportSearchWhere } from './test-report.queries';
import { TEST_REPORT_ENTITY } from './test-report.rules';

// The test-report list's XLSX export (issue 12): the rows of testreport/search's filters in the
// caller's scope (permission testreport.export), with the columns of spec §3.

const PENDING = { zh: '待出', en: 'Pending' } as const;

export const testReportExport = listExport({
  operation: areas.testReport.exportTestReports,
  search: areas.testReport.searchTestReports,
  entity: TEST_REPORT_ENTITY,
  title: { zh: '测试报告', en: 'Test reports' },
  table: testReports,
  key: testReports.id,
  where: (filters, { db, scope }) => testReportSearchWhere(db, filters, scope),
  rows: testReportRows,
  keyOf: (row) => row.id,
  columns: (column) => [
    column('reportNo', { zh: '报告编号', en: 'Report no' }, (r, l) => r.reportNo ?? PENDING[l], {
      width: 18,
      client: true,
    }),
    enumColumn('reportType', { zh: '报告类型', en: 'Report type' }, 'TestReportType', {
      width: 16,
      client: true,
    }),
    referenceColumn('lab', { zh: '实验室', en: 'Lab' }, { width: 24, client: true }),
    referenceColumn('testType', { zh: '测试类型', en: 'Test type' }, { width: 20, client: true }),
    column(
      'orderNo',
      { zh: '订单号', en: 'Order no' },
      (r) => [...new Set(r.products.map((p) => p.orderNo))].join(', '),
      { width: 18, client: true },
    ),
    column(
      'productNo',
      { zh: '产品编号', en: 'Product no' },
      (r) => r.products.map((p) => p.productNo).join(', '),
      { width: 24, client: true },
    ),
    clientColumn({ client: true }),
    departmentColumn(),
    column('testOrderNo', { zh: '测试单号', en: 'Test order no' }, (r) => r.testOrder?.testOrderNo ?? ''),
    column('reportDate', { zh: '报告日期', en: 'Report date' }, (r) => r.reportDate, { client: true }),
    enumColumn('result', { zh: '结果', en: 'Result' }, 'TestResult', { client: true }),
    enumColumn('status', { zh: '状态', en: 'Status' }, 'TestReportStatus', { client: true }),
    column('retestNo', { zh: '复测次数', en: 'Retest no' }, (r) => r.retestNo),
    personColumn('resultBy', { zh: '录入人', en: 'Entered by' }),
    personColumn('verifiedBy', { zh: '审核人', en: 'Verified by' }),
    column('description', { zh: '描述', en: 'Description' }, (r) => r.description ?? '', {
      width: 40,
      client: true,
    }),
  ],
});
