import { areas } from '@qcdesk/contract';
import { firstSamples } from '../../db/schema/first-sample';
import {
  clientColumn,
  departmentColumn,
  enumColumn,
  factoryColumn,
  listExport,
  personColumn,
} from '../../platform/list-export';
import { firstSampleRows, firstSampleSearchWhere } from './first-sample.queries';
import { FIRST_SAMPLE_ENTITY } from './first-sample.rules';

// The first-sample list's XLSX export (issue 12): the rows of firstsample/search's filters in the
// caller's scope, with the columns of spec §3.

export const firstSampleExport = listExport({
  operation: areas.firstSample.exportFirstSamples,
  search: areas.firstSample.searchFirstSamples,
  entity: FIRST_SAMPLE_ENTITY,
  title: { zh: '首样', en: 'First samples' },
  table: firstSamples,
  key: firstSamples.id,
  where: (filters, { db, scope }) => firstSampleSearchWhere(db, filters, scope),
  rows: firstSampleRows,
  keyOf: (row) => row.id,
  columns: (column) => [
    column('sampleNo', { zh: '首样编号', en: 'Sample no' }, (r) => r.sampleNo, { width: 16, client: true }),
    column('round', { zh: '轮次', en: 'Round' }, (r) => r.round, { client: true }),
    column('orderNo', { zh: '订单号', en: 'Order no' }, (r) => r.product.orderNo, {
      width: 18,
      client: true,
    }),
    column('productNo', { zh: '产品编号', en: 'Product no' }, (r) => r.product.productNo, {
      width: 20,
      client: true,
    }),
    column('itemNo', { zh: '货号', en: 'Item no' }, (r) => r.itemNo, { width: 18, client: true }),
    clientColumn({ client: true }),
    factoryColumn(),
    departmentColumn(),
    column('receivedDate', { zh: '收样日期', en: 'Received' }, (r) => r.receivedDate, { client: true }),
    enumColumn('status', { zh: '状态', en: 'Status' }, 'FirstSampleStatus', { client: true }),
    enumColumn('checkResult', { zh: '检查结果', en: 'Check result' }, 'FsCheckResult', { client: true }),
    personColumn('checkedBy', { zh: '检查人', en: 'Checked by' }),
    enumColumn('result', { zh: '判定结果', en: 'Result' }, 'FsAuditResult', { width: 16, client: true }),
    personColumn('auditedBy', { zh: '判定人', en: 'Audited by' }),
    column('auditedAt', { zh: '判定时间', en: 'Audited at' }, (r) => r.auditedAt, {
      width: 18,
      client: true,
    }),
    column('corrective', { zh: '整改措施', en: 'Corrective action' }, (r) => r.corrective ?? '', {
      width: 40,
      client: true,
    }),
  ],
});
