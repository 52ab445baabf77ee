/** English texts of the inspection-task screens (features/inspection-task); the `inspection-task` namespace. */
export const inspectionTaskEn = {
  title: 'Inspection tasks',
  taskNo: 'Task no',
  taskDate: 'Task date',
  factory: 'Factory',
  address: 'Factory address',
  contacts: 'Factory contacts',
  orderNo: 'Order no',
  productNo: 'Product no',
  itemNo: 'Item no',
  productName: 'Product',
  quantity: 'Quantity',
  items: 'Items to inspect',
  inspectionType: 'Inspection type',
  inspector: 'Inspectors',
  status: 'Status',
  client: 'Client',
  planNo: 'Plan no',
  applyNo: 'Application no',
  reportBaseNo: 'Report no',
  requirement: 'Client’s inspection requirements',
  noRequirement: 'None given',
  loadFailed: 'The task could not be loaded',
} as const;

export type InspectionTaskShape = { -readonly [K in keyof typeof inspectionTaskEn]: string };
