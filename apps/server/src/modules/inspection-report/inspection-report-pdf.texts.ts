import type { Bilingual } from '../../platform/pdf/pdf-document';

// Every label of the inspection report's PDF, Chinese and English side by side (issue 28). The
// tests read the PDF back and look for each of these in both languages.

export const PDF_LABELS = {
  title: { zh: '验货报告', en: 'Inspection report' },
  interimTitle: { zh: '中期验货报告', en: 'Interim inspection report' },
  issuer: { zh: 'QCDesk 产品检验', en: 'QCDesk Product Inspection' },
  preview: { zh: '预览', en: 'PREVIEW' },
  // Cover
  reportNo: { zh: '报告编号', en: 'Report no' },
  client: { zh: '客户', en: 'Client' },
  factory: { zh: '工厂', en: 'Factory' },
  order: { zh: '订单号', en: 'Order no' },
  inspectionType: { zh: '验货类型', en: 'Inspection type' },
  inspectionDate: { zh: '验货日期', en: 'Inspection date' },
  inspector: { zh: '验货员', en: 'Inspector' },
  assistants: { zh: '协助验货员', en: 'Assistants' },
  lot: { zh: '验货数量', en: 'Lot size' },
  revision: { zh: '修订版本', en: 'Revision' },
  verdict: { zh: '验货结论', en: 'Verdict' },
  resultRemark: { zh: '结果说明', en: 'Result remark' },
  // Products
  products: { zh: '产品', en: 'Products' },
  productNo: { zh: '产品编号', en: 'Product no' },
  itemNo: { zh: '货号', en: 'Item no' },
  productName: { zh: '品名', en: 'Name' },
  applyQuantity: { zh: '申请数量', en: 'Applied' },
  presentedQuantity: { zh: '验货数量', en: 'Presented' },
  packedQuantity: { zh: '已包装', en: 'Packed' },
  result: { zh: '结果', en: 'Result' },
  // Sampling
  sampling: { zh: '抽样方案', en: 'Sampling plan' },
  samplingLevel: { zh: '检验水平', en: 'Inspection level' },
  letter: { zh: '样本量字码', en: 'Code letter' },
  severity: { zh: '检验严格度', en: 'Severity' },
  severityWhy: { zh: '严格度依据', en: 'Why this severity' },
  sampleSize: { zh: '抽样数量', en: 'Sample size' },
  override: { zh: '抽样数调整原因', en: 'Sample size override' },
  defectClass: { zh: '缺陷等级', en: 'Class' },
  aql: { zh: 'AQL', en: 'AQL' },
  n: { zh: '样本量', en: 'n' },
  ac: { zh: '接收数', en: 'Ac' },
  re: { zh: '拒收数', en: 'Re' },
  found: { zh: '发现数', en: 'Found' },
  // Findings
  findings: { zh: '检验项目结论', en: 'Findings' },
  section: { zh: '项目', en: 'Section' },
  remark: { zh: '说明', en: 'Remark' },
  defects: { zh: '缺陷明细', en: 'Defects' },
  defect: { zh: '缺陷', en: 'Defect' },
  qty: { zh: '数量', en: 'Qty' },
  product: { zh: '产品', en: 'Product' },
  cartons: { zh: '箱数据', en: 'Carton data' },
  cartonQty: { zh: '箱数', en: 'Cartons' },
  pcsPerCarton: { zh: '每箱数量', en: 'Pcs per carton' },
  innerPack: { zh: '内盒', en: 'Inner pack' },
  openedCartons: { zh: '开箱数', en: 'Opened cartons' },
  shippingMark: { zh: '唛头', en: 'Shipping mark' },
  cartonSize: { zh: '箱规', en: 'Carton size' },
  spec: { zh: '标准', en: 'Spec' },
  actual: { zh: '实测', en: 'Actual' },
  weights: { zh: '重量', en: 'Weights' },
  gross: { zh: '毛重', en: 'Gross weight' },
  net: { zh: '净重', en: 'Net weight' },
  pullTests: { zh: '拉力测试', en: 'Pull tests' },
  part: { zh: '部件', en: 'Part' },
  tensionType: { zh: '测试类型', en: 'Test type' },
  force: { zh: '力值', en: 'Force' },
  hold: { zh: '保持秒数', en: 'Hold (s)' },
  safetyTests: { zh: '安全测试', en: 'Safety tests' },
  test: { zh: '测试项目', en: 'Test' },
  value: { zh: '测试值', en: 'Value' },
  photos: { zh: '照片', en: 'Photos' },
  // Sign-off
  signOff: { zh: '签字确认', en: 'Sign-off' },
  factorySignOff: { zh: '工厂代表', en: 'Factory representative' },
  approverL1: { zh: '审核人', en: 'Approved by' },
  approverL2: { zh: '复核人', en: 'Approved at level 2 by' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
} as const satisfies Record<string, Bilingual>;

export const SEVERITY_LABELS: Record<string, Bilingual> = {
  normal: { zh: '正常检验', en: 'Normal' },
  tightened: { zh: '加严检验', en: 'Tightened' },
  reduced: { zh: '放宽检验', en: 'Reduced' },
};

/** Why the severity applied (domain/sampling/switching.ts SwitchingReason). */
export const SEVERITY_REASONS: Record<string, Bilingual> = {
  START: { zh: '首批按正常检验', en: 'First lots start on normal inspection' },
  TWO_OF_FIVE: {
    zh: '连续5批中有2批不接收，转加严检验',
    en: '2 of 5 consecutive lots not accepted: tightened',
  },
  FIVE_ACCEPTED: {
    zh: '加严检验连续5批接收，恢复正常检验',
    en: '5 consecutive lots accepted on tightened: normal',
  },
  FIVE_NOT_ACCEPTED: {
    zh: '加严检验累计5批不接收，暂停检验',
    en: '5 lots not accepted on tightened: discontinued',
  },
  RESUMED: { zh: '质量经理恢复检验（加严）', en: 'Resumed by a QC manager (tightened)' },
  REDUCED_APPROVED: { zh: '质量经理批准放宽检验', en: 'Reduced approved by a QC manager' },
  REDUCED_NOT_ACCEPTED: {
    zh: '放宽检验有批不接收，恢复正常检验',
    en: 'A lot not accepted on reduced: normal',
  },
  REDUCED_GAP: { zh: '放宽检验生产不稳定，恢复正常检验', en: 'Irregular production on reduced: normal' },
  NORMAL_REINSTATED: { zh: '质量经理恢复正常检验', en: 'Normal reinstated by a QC manager' },
};

/** The verdict's colour by InspectionResult: pass green, conditional amber, rework/fail red. */
export const VERDICT_COLOURS: Record<number, string> = {
  1: '#1a7f37',
  2: '#9a6700',
  3: '#b42318',
  4: '#b42318',
  5: '#57606a',
  6: '#57606a',
};
