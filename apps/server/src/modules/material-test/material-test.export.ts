import { areas } from '@qcdesk/contract';
import { materialTests } from '../../db/schema/material-test';
import { enumColumn, listExport, referenceColumn, updatedAtColumn } from '../../platform/list-export';
import { materialTestRows, materialTestSearchWhere } from './material-test.queries';
import { MATERIAL_TEST_ENTITY } from './material-test.rules';

// The material-test list's XLSX export (issue 12): the rows of materialtest/search's filters
// (material tests have no record scope), with their material, lab, validity, result and pushes.

export const materialTestExport = listExport({
  operation: areas.materialTest.exportMaterialTests,
  search: areas.materialTest.searchMaterialTests,
  entity: MATERIAL_TEST_ENTITY,
  title: { zh: '材料测试', en: 'Material tests' },
  table: materialTests,
  key: materialTests.id,
  where: (filters, { user }) => materialTestSearchWhere(filters, user),
  rows: materialTestRows,
  keyOf: (row) => row.id,
  columns: (column) => [
    column('testNo', { zh: '测试编号', en: 'Test no' }, (r) => r.testNo, { width: 16 }),
    column('upc', { zh: 'UPC', en: 'UPC' }, (r) => r.material.upc, { width: 18 }),
    column('material', { zh: '材料', en: 'Material' }, (r) => r.material.name, { width: 28 }),
    referenceColumn('lab', { zh: '实验室', en: 'Lab' }, { width: 24 }),
    column('startDate', { zh: '开始日期', en: 'Start date' }, (r) => r.startDate, { width: 12 }),
    column('endDate', { zh: '结束日期', en: 'End date' }, (r) => r.endDate, { width: 12 }),
    enumColumn('result', { zh: '结果', en: 'Result' }, 'TestResult', { width: 10 }),
    enumColumn('status', { zh: '状态', en: 'Status' }, 'MaterialTestStatus', { width: 10 }),
    column('pushCount', { zh: '推送次数', en: 'Push count' }, (r) => r.pushCount, { width: 10 }),
    column('pushedAt', { zh: '推送时间', en: 'Pushed at' }, (r) => r.pushedAt, { width: 18 }),
    updatedAtColumn(),
  ],
});
