import { areas } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { inArray } from 'drizzle-orm';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import {
  clientColumn,
  departmentColumn,
  factoryColumn,
  labelIn,
  listExport,
} from '../../platform/list-export';
import { applyRows, applySearchWhere } from './inspection-apply.queries';
import { INSPECTION_APPLY_ENTITY } from './inspection-apply.rules';

// The application list's XLSX export: the applications of inspection/apply/search's filters in the
// caller's scope, one row per application with the list's columns. CLIENT users read applications
// in 20–50 (their own client's), so the columns they see are marked `client`.

export const inspectionApplyExport = listExport({
  operation: areas.inspectionApply.exportInspectionApplies,
  search: areas.inspectionApply.searchInspectionApplies,
  entity: INSPECTION_APPLY_ENTITY,
  title: { zh: '验货申请', en: 'Inspection applications' },
  table: inspectionApplies,
  key: inspectionApplies.id,
  where: (filters, { db, scope }) => applySearchWhere(db, filters, scope),
  rows: (db, keys) => applyRows(db, inArray(inspectionApplies.id, [...keys]), keys.length),
  keyOf: (row) => row.id,
  columns: (column) => [
    column('applyNo', { zh: '申请号', en: 'Application no' }, (r) => r.applyNo, { width: 18, client: true }),
    column('orderNo', { zh: '订单号', en: 'Order no' }, (r) => r.order.orderNo, { client: true }),
    column('po', { zh: '客户PO', en: 'Client PO' }, (r) => r.order.clientPo, { client: true }),
    clientColumn({ client: true }),
    departmentColumn(),
    factoryColumn({ client: true }),
    column(
      'inspectionType',
      { zh: '验货类型', en: 'Inspection type' },
      (r, l) => labelIn(r.inspectionType, l),
      { client: true },
    ),
    column(
      'applyType',
      { zh: '申请类型', en: 'Application type' },
      (r, l) => enumLabel('ApplyType', r.applyType, l),
      { client: true },
    ),
    column('expectedDate', { zh: '期望验货日期', en: 'Expected date' }, (r) => r.expectedDate, {
      client: true,
    }),
    column('deliveryDate', { zh: '交货期', en: 'Delivery date' }, (r) => r.deliveryDate, { client: true }),
    column('quantity', { zh: '申请数量', en: 'Quantity' }, (r) => r.quantity, { client: true }),
    column('itemCount', { zh: '产品数', en: 'Products' }, (r) => r.itemCount, { client: true }),
    column('result', { zh: '结果', en: 'Result' }, (r, l) => enumLabel('InspectionResult', r.result, l), {
      client: true,
    }),
    column(
      'status',
      { zh: '状态', en: 'Status' },
      (r, l) => enumLabel('InspectionApplyStatus', r.status, l),
      { client: true },
    ),
  ],
});
