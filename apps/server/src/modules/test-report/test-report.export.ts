import { areas } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { testReports } from '../../db/schema/test-report';
import { clientColumn, departmentColumn, labelIn, listExport, personIn } from '../../platform/list-export';
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
  columns: [
    {
      key: 'reportNo',
      label: { zh: '报告编号', en: 'Report no' },
      value: (r, l) => r.reportNo ?? PENDING[l],
      width: 18,
      client: true,
    },
    {
      key: 'reportType',
      label: { zh: '报告类型', en: 'Report type' },
      value: (r, l) => enumLabel('TestReportType', r.reportType, l),
      width: 16,
      client: true,
    },
    {
      key: 'lab',
      label: { zh: '实验室', en: 'Lab' },
      value: (r, l) => labelIn(r.lab, l),
      width: 24,
      client: true,
    },
    {
      key: 'testType',
      label: { zh: '测试类型', en: 'Test type' },
      value: (r, l) => labelIn(r.testType, l),
      width: 20,
      client: true,
    },
    {
      key: 'orderNo',
      label: { zh: '订单号', en: 'Order no' },
      value: (r) => [...new Set(r.products.map((p) => p.orderNo))].join(', '),
      width: 18,
      client: true,
    },
    {
      key: 'productNo',
      label: { zh: '产品编号', en: 'Product no' },
      value: (r) => r.products.map((p) => p.productNo).join(', '),
      width: 24,
      client: true,
    },
    clientColumn({ client: true }),
    departmentColumn(),
    {
      key: 'testOrderNo',
      label: { zh: '测试单号', en: 'Test order no' },
      value: (r) => r.testOrder?.testOrderNo ?? '',
    },
    {
      key: 'reportDate',
      label: { zh: '报告日期', en: 'Report date' },
      value: (r) => r.reportDate,
      client: true,
    },
    {
      key: 'result',
      label: { zh: '结果', en: 'Result' },
      value: (r, l) => enumLabel('TestResult', r.result, l),
      client: true,
    },
    {
      key: 'status',
      label: { zh: '状态', en: 'Status' },
      value: (r, l) => enumLabel('TestReportStatus', r.status, l),
      client: true,
    },
    { key: 'retestNo', label: { zh: '复测次数', en: 'Retest no' }, value: (r) => r.retestNo },
    { key: 'resultBy', label: { zh: '录入人', en: 'Entered by' }, value: (r, l) => personIn(r.resultBy, l) },
    {
      key: 'verifiedBy',
      label: { zh: '审核人', en: 'Verified by' },
      value: (r, l) => personIn(r.verifiedBy, l),
    },
    {
      key: 'description',
      label: { zh: '描述', en: 'Description' },
      value: (r) => r.description ?? '',
      width: 40,
      client: true,
    },
  ],
});
