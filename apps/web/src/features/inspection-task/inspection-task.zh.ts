import type { InspectionTaskShape } from './inspection-task.en';

/** 验货任务页面（features/inspection-task）的中文文本；由框架合并为 `inspection-task` 命名空间。 */
export const inspectionTaskZh: InspectionTaskShape = {
  title: '验货任务',
  taskNo: '任务号',
  taskDate: '任务日期',
  factory: '工厂',
  address: '工厂地址',
  contacts: '工厂联系人',
  orderNo: '订单号',
  productNo: '产品编号',
  itemNo: '货号',
  productName: '产品',
  quantity: '数量',
  items: '验货产品',
  inspectionType: '验货类型',
  inspector: '验货员',
  status: '状态',
  client: '客户',
  planNo: '计划号',
  applyNo: '申请号',
  reportBaseNo: '报告号',
  requirement: '客户验货要求',
  noRequirement: '无',
  loadFailed: '验货任务加载失败',
};
