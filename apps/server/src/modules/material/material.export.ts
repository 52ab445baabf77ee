import { areas } from '@qcdesk/contract';
import { materials } from '../../db/schema/material';
import { listExport, referenceColumn, updatedAtColumn } from '../../platform/list-export';
import { materialRows, materialSearchWhere, toRow } from './material.queries';
import { MATERIAL_ENTITY } from './material.service';

// The material list's XLSX export (issue 12): the rows of material/search's filters (materials have
// no record scope), with their names, type, risk, supplier and valid-test count.

export const materialExport = listExport({
  operation: areas.material.exportMaterials,
  search: areas.material.searchMaterials,
  entity: MATERIAL_ENTITY,
  title: { zh: '材料', en: 'Materials' },
  table: materials,
  key: materials.id,
  where: (filters, { user }) => materialSearchWhere(filters, user),
  rows: async (db, keys) => (await materialRows(db, keys)).map(toRow),
  keyOf: (row) => row.id,
  columns: (column) => [
    column('upc', { zh: 'UPC', en: 'UPC' }, (r) => r.upc, { width: 18 }),
    column('name', { zh: '名称', en: 'Name' }, (r) => r.name, { width: 28 }),
    column('technicalName', { zh: '技术名称', en: 'Technical name' }, (r) => r.technicalName, { width: 24 }),
    column('customName', { zh: '报关品名', en: 'Customs name' }, (r) => r.customName, { width: 24 }),
    referenceColumn('materialType', { zh: '材料类型', en: 'Material type' }),
    referenceColumn('riskLevel', { zh: '风险等级', en: 'Risk level' }),
    referenceColumn('supplier', { zh: '供应商', en: 'Supplier' }, { width: 24 }),
    column('validTests', { zh: '有效测试', en: 'Valid tests' }, (r) => r.validTests, { width: 10 }),
    updatedAtColumn(),
  ],
});
