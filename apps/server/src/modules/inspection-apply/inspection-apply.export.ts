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
  columns: [
    {
      key: 'applyNo',
      label: { zh: '申请号', en: 'Application no' },
      value: (r) => r.applyNo,
      width: 18,
      client: true,
    },
    { key: 'orderNo', label: { zh: '订单号', en: 'Order no' }, value: (r) => r.order.orderNo, client: true },
    { key: 'po', label: { zh: '客户PO', en: 'Client PO' }, value: (r) => r.order.clientPo, client: true },
    clientColumn({ client: true }),
    departmentColumn(),
    factoryColumn({ client: true }),
    {
      key: 'inspectionType',
      label: { zh: '验货类型', en: 'Inspection type' },
      value: (r, l) => labelIn(r.inspectionType, l),
      client: true,
    },
    {
      key: 'applyType',
      label: { zh: '申请类型', en: 'Application type' },
      value: (r, l) => enumLabel('ApplyType', r.applyType, l),
      client: true,
    },
    {
      key: 'expectedDate',
      label: { zh: '期望验货日期', en: 'Expected date' },
      value: (r) => r.expectedDate,
      client: true,
    },
    {
      key: 'deliveryDate',
      label: { zh: '交货期', en: 'Delivery date' },
      value: (r) => r.deliveryDate,
      client: true,
    },
    { key: 'quantity', label: { zh: '申请数量', en: 'Quantity' }, value: (r) => r.quantity, client: true },
    { key: 'itemCount', label: { zh: '产品数', en: 'Products' }, value: (r) => r.itemCount, client: true },
    {
      key: 'result',
      label: { zh: '结果', en: 'Result' },
      value: (r, l) => enumLabel('InspectionResult', r.result, l),
      client: true,
    },
    {
      key: 'status',
      label: { zh: '状态', en: 'Status' },
      value: (r, l) => enumLabel('InspectionApplyStatus', r.status, l),
      client: true,
    },
  ],
});
