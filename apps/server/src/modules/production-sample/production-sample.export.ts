import { areas } from '@qcdesk/contract';
import { productionSamples } from '../../db/schema/production-sample';
import {
  clientColumn,
  departmentColumn,
  enumColumn,
  listExport,
  personColumn,
  referenceColumn,
} from '../../platform/list-export';
import { sampleRows, sampleSearchWhere } from './production-sample.queries';
import { PRODUCTION_SAMPLE_ENTITY } from './production-sample.rules';

// The production-sample list's XLSX export (issue 12): the rows of productionsample/search's filters
// in the caller's scope, with the columns of spec §3 (item no, client, department, provider, audit
// result, test result, audit time).

export const productionSampleExport = listExport({
  operation: areas.productionSample.exportProductionSamples,
  search: areas.productionSample.searchProductionSamples,
  entity: PRODUCTION_SAMPLE_ENTITY,
  title: { zh: '大货样', en: 'Production samples' },
  table: productionSamples,
  key: productionSamples.id,
  where: (filters, { scope }) => sampleSearchWhere(filters, scope),
  rows: sampleRows,
  keyOf: (row) => row.id,
  columns: (column) => [
    column('itemNo', { zh: '货号', en: 'Item no' }, (r) => r.itemNo, { width: 18, client: true }),
    clientColumn({ client: true }),
    departmentColumn(),
    referenceColumn('provider', { zh: '供样工厂', en: 'Provider' }, { width: 28, client: true }),
    column('receivedDate', { zh: '收样日期', en: 'Received' }, (r) => r.receivedDate, { client: true }),
    column('quantity', { zh: '数量', en: 'Quantity' }, (r) => r.quantity, { client: true }),
    enumColumn('status', { zh: '状态', en: 'Status' }, 'ProductionSampleStatus', { client: true }),
    enumColumn('auditResult', { zh: '审核结果', en: 'Audit result' }, 'AuditResult', {
      width: 16,
      client: true,
    }),
    enumColumn('testResult', { zh: '测试结果', en: 'Test result' }, 'TestResult', { client: true }),
    column('auditTime', { zh: '审核时间', en: 'Audit time' }, (r) => r.auditTime, {
      width: 18,
      client: true,
    }),
    personColumn('auditor', { zh: '审核人', en: 'Auditor' }),
    enumColumn('orderPlaced', { zh: '下单', en: 'Order placed' }, 'OrderPlacedFlag'),
  ],
});
