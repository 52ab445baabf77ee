import type { Bilingual } from '../../platform/pdf/pdf-document';

// Every label of the loading report's PDF, Chinese and English side by side (issue 29). The tests
// read the PDF back and look for these in both languages.

export const SUPERVISE_PDF_LABELS = {
  title: { zh: '监装报告', en: 'Loading supervision report' },
  issuer: { zh: 'QCDesk 产品检验', en: 'QCDesk Product Inspection' },
  preview: { zh: '预览', en: 'PREVIEW' },
  // Cover
  reportNo: { zh: '报告编号', en: 'Report no' },
  client: { zh: '客户', en: 'Client' },
  factory: { zh: '工厂', en: 'Factory' },
  shipping: { zh: '出货编号', en: 'Shipping no' },
  booking: { zh: '预约编号', en: 'Booking no' },
  orders: { zh: '订单号', en: 'Order nos' },
  loadingDate: { zh: '装柜日期', en: 'Loading date' },
  containerType: { zh: '柜型', en: 'Container type' },
  containerNo: { zh: '集装箱号', en: 'Container no' },
  sealNo: { zh: '封条号', en: 'Seal no' },
  arrivalTime: { zh: '到达时间', en: 'Arrival' },
  startTime: { zh: '开始装柜', en: 'Loading started' },
  finishTime: { zh: '完成时间', en: 'Loading finished' },
  inspector: { zh: '验货员', en: 'Inspector' },
  assistants: { zh: '协助验货员', en: 'Assistants' },
  verdict: { zh: '监装结论', en: 'Verdict' },
  remark: { zh: '备注', en: 'Remark' },
  // Products
  products: { zh: '装柜产品', en: 'Products loaded' },
  orderNo: { zh: '订单号', en: 'Order no' },
  productNo: { zh: '产品编号', en: 'Product no' },
  itemNo: { zh: '货号', en: 'Item no' },
  productName: { zh: '品名', en: 'Name' },
  quantity: { zh: '订单数量', en: 'Ordered' },
  plannedCartons: { zh: '计划箱数', en: 'Planned cartons' },
  loadedCartons: { zh: '已装箱数', en: 'Loaded cartons' },
  loadedQuantity: { zh: '已装数量', en: 'Loaded qty' },
  total: { zh: '合计', en: 'Total' },
  // Checkpoints
  checkpoints: { zh: '检查项目', en: 'Checkpoints' },
  checkpoint: { zh: '检查项', en: 'Checkpoint' },
  mandatory: { zh: '必检', en: 'Mandatory' },
  result: { zh: '结果', en: 'Result' },
  photos: { zh: '照片', en: 'Photos' },
  notChecked: { zh: '未检查', en: 'Not checked' },
  // Sign-off
  signOff: { zh: '签字确认', en: 'Sign-off' },
  approver: { zh: '审核人', en: 'Approved by' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
} as const satisfies Record<string, Bilingual>;
