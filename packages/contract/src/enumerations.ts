import { z } from 'zod';
import { defineOperation } from './operation';
import { POSITIONS } from './roles';
import { empty } from './schemas';

// The enumerations of spec §3 and DOMAIN.md §3: stable persisted codes with zh/en labels. Codes are
// numeric unless DOMAIN.md shows strings. The web loads them once per session through
// `enumeration/list`, together with the dynamic lists the server computes from users.

export interface EnumItem {
  readonly code: number | string;
  readonly zh: string;
  readonly en: string;
}

const e = <const T extends readonly EnumItem[]>(items: T): T => items;

// Output-only lists keep their codes next to the labels; `code` is numeric except where noted.
export const enumerations = {
  // §3.1 given by the spec
  InspectionResult: e([
    { code: 0, zh: '空', en: 'Empty' },
    { code: 1, zh: '合格(免验)', en: 'Pass (exemption)' },
    { code: 2, zh: '有条件接受', en: 'Conditional pass' },
    { code: 3, zh: '返工', en: 'Rework' },
    { code: 4, zh: '不合格', en: 'Fail' },
    { code: 5, zh: '无报告', en: 'No report' },
    { code: 6, zh: '放弃', en: 'Give up' },
  ]),
  TestResult: e([
    { code: 0, zh: '未出', en: 'Not out' },
    { code: 1, zh: '合格', en: 'Pass' },
    { code: 2, zh: '需改进', en: 'Improve' },
    { code: 3, zh: '不合格', en: 'Fail' },
    { code: 4, zh: '不适用', en: 'Not applicable' },
    { code: 5, zh: '未提供', en: 'Not supplied' },
    { code: 6, zh: '无评论', en: 'No comment' },
  ]),
  AuditResult: e([
    { code: 0, zh: '未审核', en: 'Unaudited' },
    { code: 1, zh: '签样', en: 'Sign' },
    { code: 2, zh: '通知(合格)', en: 'Notice (qualified)' },
    { code: 3, zh: '改进', en: 'Improve' },
    { code: 4, zh: '不合格(放行)', en: 'Unqualified (release)' },
  ]),
  ActiveFlag: e([
    { code: 1, zh: '启用', en: 'Active' },
    { code: 0, zh: '冻结', en: 'Frozen' },
  ]),
  ValidFlag: e([
    { code: 1, zh: '有效', en: 'Valid' },
    { code: 0, zh: '已删除', en: 'Invalid (deleted)' },
  ]),
  AuditedFlag: e([
    { code: 1, zh: '已审核', en: 'Audited' },
    { code: 0, zh: '未审核', en: 'Unaudited' },
  ]),
  OrderPlacedFlag: e([
    { code: 1, zh: '已下单', en: 'Order placed' },
    { code: 0, zh: '未下单', en: 'Unplaced' },
  ]),
  ProvidedFlag: e([
    { code: 1, zh: '已提供', en: 'Provided' },
    { code: 0, zh: '未提供', en: 'Not provided' },
  ]),
  Currency: e([
    { code: 'RMB', zh: '人民币', en: 'RMB' },
    { code: 'USD', zh: '美元', en: 'USD' },
    { code: 'HKD', zh: '港币', en: 'HKD' },
  ]),

  // §3.2 designed
  InspectionApplyStatus: e([
    { code: 10, zh: '草稿', en: 'Draft' },
    { code: 20, zh: '待排期', en: 'Submitted' },
    { code: 30, zh: '已排期', en: 'Planned' },
    { code: 40, zh: '验货中', en: 'Inspecting' },
    { code: 50, zh: '已完成', en: 'Completed' },
    { code: 80, zh: '已退回', en: 'Returned' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  InspectionPlanStatus: e([
    { code: 10, zh: '已排期', en: 'Planned' },
    { code: 20, zh: '已下达', en: 'Dispatched' },
    { code: 30, zh: '进行中', en: 'In progress' },
    { code: 40, zh: '已完成', en: 'Completed' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  InspectionTaskStatus: e([
    { code: 10, zh: '待验货', en: 'Assigned' },
    { code: 20, zh: '验货中', en: 'In progress' },
    { code: 30, zh: '已提交', en: 'Reported' },
    { code: 40, zh: '已完成', en: 'Closed' },
    { code: 50, zh: '已中止', en: 'Aborted' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  InspectionReportStatus: e([
    { code: 10, zh: '草稿', en: 'Draft' },
    { code: 20, zh: '待审核', en: 'Submitted' },
    { code: 25, zh: '待复核', en: 'Pending level 2' },
    { code: 30, zh: '已审核', en: 'Approved' },
    { code: 40, zh: '已发送', en: 'Sent' },
    { code: 50, zh: '已确认', en: 'Confirmed' },
    { code: 80, zh: '已退回', en: 'Rejected' },
    { code: 90, zh: '已作废', en: 'Cancelled' },
  ]),
  SuperviseReportStatus: e([
    { code: 10, zh: '预监装', en: 'Pre-supervise' },
    { code: 20, zh: '监装中', en: 'Loading' },
    { code: 30, zh: '待审核', en: 'Submitted' },
    { code: 40, zh: '已审核', en: 'Approved' },
    { code: 50, zh: '已发送', en: 'Sent' },
    { code: 80, zh: '已退回', en: 'Rejected' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  InspectionBookingStatus: e([
    { code: 10, zh: '草稿', en: 'Draft' },
    { code: 20, zh: '已提交', en: 'Submitted' },
    { code: 30, zh: '已安排', en: 'Scheduled' },
    { code: 40, zh: '已完成', en: 'Performed' },
    { code: 80, zh: '已退回', en: 'Returned' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  ProductionSampleStatus: e([
    { code: 10, zh: '待审核', en: 'Registered' },
    { code: 20, zh: '已审核', en: 'Audited' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  FirstSampleStatus: e([
    { code: 10, zh: '已登记', en: 'Registered' },
    { code: 20, zh: '已检查', en: 'Checked' },
    { code: 30, zh: '已判定', en: 'Audited' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  FsCheckResult: e([
    { code: 0, zh: '未检', en: 'Unchecked' },
    { code: 1, zh: '合格', en: 'OK' },
    { code: 2, zh: '不合格', en: 'NG' },
    { code: 3, zh: '不适用', en: 'N/A' },
  ]),
  FsAuditResult: e([
    { code: 0, zh: '待定', en: 'Pending' },
    { code: 1, zh: '批准量产', en: 'Approved' },
    { code: 2, zh: '有条件批准', en: 'Conditionally approved' },
    { code: 3, zh: '退回重做', en: 'Rejected' },
  ]),
  FsSearchResult: e([
    { code: 0, zh: '待定', en: 'Pending' },
    { code: 1, zh: '批准', en: 'Approved' },
    { code: 2, zh: '有条件', en: 'Conditional' },
    { code: 3, zh: '退回', en: 'Rejected' },
    { code: 10, zh: '已检未判', en: 'Checked, not audited' },
  ]),
  TestOrderStatus: e([
    { code: 10, zh: '草稿', en: 'Draft' },
    { code: 20, zh: '已送测', en: 'Submitted' },
    { code: 30, zh: '已收样', en: 'Received' },
    { code: 40, zh: '已出报告', en: 'Reported' },
    { code: 50, zh: '已结案', en: 'Closed' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  TestReportStatus: e([
    { code: 10, zh: '待出', en: 'Pending' },
    { code: 20, zh: '已出待审', en: 'Issued' },
    { code: 30, zh: '已审核', en: 'Verified' },
    { code: 40, zh: '已发布', en: 'Published' },
    { code: 80, zh: '已复测', en: 'Retested' },
    { code: 90, zh: '已作废', en: 'Invalid' },
  ]),
  TestSearchResult: e([
    { code: 0, zh: '未出', en: 'Not out' },
    { code: 1, zh: '合格', en: 'Pass' },
    { code: 2, zh: '需改进', en: 'Improve' },
    { code: 3, zh: '不合格', en: 'Fail' },
    { code: 4, zh: '不适用', en: 'Not applicable' },
    { code: 5, zh: '未提供', en: 'Not supplied' },
    { code: 6, zh: '无评论', en: 'No comment' },
    { code: 10, zh: '已出', en: 'Out' },
    { code: 11, zh: '未通过', en: 'Not passed' },
  ]),
  TestReportSearchResult: e([
    { code: 0, zh: '未出', en: 'Not out' },
    { code: 1, zh: '合格', en: 'Pass' },
    { code: 2, zh: '需改进', en: 'Improve' },
    { code: 3, zh: '不合格', en: 'Fail' },
    { code: 4, zh: '不适用', en: 'Not applicable' },
    { code: 5, zh: '未提供', en: 'Not supplied' },
    { code: 6, zh: '无评论', en: 'No comment' },
    { code: 10, zh: '已出', en: 'Out' },
    { code: 11, zh: '未通过', en: 'Not passed' },
    { code: 12, zh: '已复测', en: 'Retested' },
  ]),
  OrderRiskStatus: e([
    { code: 10, zh: '待测', en: 'Pending' },
    { code: 20, zh: '测试中', en: 'Testing' },
    { code: 30, zh: '已完成', en: 'Done' },
    { code: 40, zh: '豁免', en: 'Waived' },
  ]),
  MaterialTestStatus: e([
    { code: 10, zh: '草稿', en: 'Draft' },
    { code: 20, zh: '已完成', en: 'Completed' },
    { code: 30, zh: '已推送', en: 'Pushed' },
  ]),
  DailyReportStatus: e([
    { code: 10, zh: '草稿', en: 'Draft' },
    { code: 20, zh: '已提交', en: 'Submitted' },
    { code: 30, zh: '已审核', en: 'Checked' },
    { code: 40, zh: '已发送', en: 'Sent' },
    { code: 80, zh: '已退回', en: 'Returned' },
  ]),
  ShippingStatus: e([
    { code: 10, zh: '计划', en: 'Planned' },
    { code: 20, zh: '已装柜', en: 'Loaded' },
    { code: 30, zh: '已出运', en: 'Shipped' },
    { code: 90, zh: '已取消', en: 'Cancelled' },
  ]),
  InspectionResultType: e([
    { code: 1, zh: '数量', en: 'Quantity' },
    { code: 2, zh: '包装', en: 'Packaging' },
    { code: 3, zh: '唛头标签', en: 'Marking & labels' },
    { code: 4, zh: '外观做工', en: 'Workmanship' },
    { code: 5, zh: '功能', en: 'Function' },
    { code: 6, zh: '尺寸重量', en: 'Measurement & weight' },
    { code: 7, zh: '现场测试', en: 'On-site tests' },
    { code: 8, zh: '文件其他', en: 'Documents & other' },
  ]),
  InspectionTestResult: e([
    { code: 0, zh: '未测', en: 'Not done' },
    { code: 1, zh: '通过', en: 'Pass' },
    { code: 2, zh: '不通过', en: 'Fail' },
    { code: 3, zh: '不适用', en: 'N/A' },
    { code: 4, zh: '仅记录', en: 'For information' },
  ]),
  DefectClass: e([
    { code: 1, zh: '致命', en: 'Critical' },
    { code: 2, zh: '严重', en: 'Major' },
    { code: 3, zh: '轻微', en: 'Minor' },
  ]),
  ReasonCode: e([
    { code: 'ABORTED', zh: '中止', en: 'Aborted' },
    { code: 'WAIVED', zh: '免验', en: 'Waived' },
    { code: 'REJECTED', zh: '退回', en: 'Rejected' },
    { code: 'SPLIT', zh: '拆分', en: 'Split' },
    { code: 'RESET', zh: '重置', en: 'Reset' },
    { code: 'OTHER', zh: '其他', en: 'Other' },
  ]),
  InstructionType: e([
    { code: 1, zh: '放行出货', en: 'Release' },
    { code: 2, zh: '返工复验', en: 'Rework & re-inspect' },
    { code: 3, zh: '拒收', en: 'Reject' },
    { code: 4, zh: '暂缓', en: 'Hold' },
  ]),
  ClientType: e([
    { code: 1, zh: '进口商', en: 'Importer' },
    { code: 2, zh: '零售商', en: 'Retailer' },
    { code: 3, zh: '品牌商', en: 'Brand owner' },
    { code: 4, zh: '批发商', en: 'Wholesaler' },
    { code: 5, zh: '贸易公司', en: 'Trading company' },
    { code: 6, zh: '代理', en: 'Agent' },
    { code: 9, zh: '其他', en: 'Other' },
  ]),
  StandardType: e([
    { code: 1, zh: '国际', en: 'International' },
    { code: 2, zh: '区域', en: 'Regional' },
    { code: 3, zh: '国家', en: 'National' },
    { code: 4, zh: '行业', en: 'Industry' },
    { code: 5, zh: '客户', en: 'Client' },
    { code: 6, zh: '内部', en: 'Internal' },
  ]),
  ProductType: e([
    { code: 1, zh: '新款', en: 'New' },
    { code: 2, zh: '翻单', en: 'Repeat' },
    { code: 3, zh: '改款', en: 'Modified' },
  ]),
  ApplyType: e([
    { code: 1, zh: '常规', en: 'Normal' },
    { code: 2, zh: '加急', en: 'Urgent' },
    { code: 3, zh: '复验', en: 'Re-inspection' },
    { code: 4, zh: '补验', en: 'Supplementary' },
  ]),
  TestApplyType: e([
    { code: 1, zh: '全项测试', en: 'Full test' },
    { code: 2, zh: '高风险测试', en: 'Risk test' },
    { code: 3, zh: '复测', en: 'Retest' },
    { code: 4, zh: '材料测试', en: 'Material test' },
    { code: 5, zh: '客户指定', en: 'Client-specified' },
  ]),
  TensionType: e([
    { code: 1, zh: '拉力', en: 'Tension' },
    { code: 2, zh: '扭力', en: 'Torque' },
    { code: 3, zh: '压力', en: 'Compression' },
    { code: 4, zh: '缝合强度', en: 'Seam strength' },
  ]),
  DepartmentType: e([
    { code: 1, zh: '业务', en: 'Sales' },
    { code: 2, zh: '品管', en: 'QC' },
    { code: 3, zh: '实验室', en: 'Lab' },
    { code: 4, zh: '行政', en: 'Administration' },
    { code: 5, zh: '财务', en: 'Finance' },
  ]),
  SizeUnit: e([
    { code: 1, zh: '厘米', en: 'cm' },
    { code: 2, zh: '毫米', en: 'mm' },
    { code: 3, zh: '英寸', en: 'inch' },
    { code: 4, zh: '米', en: 'm' },
  ]),
  QuantityUnit: e([
    { code: 1, zh: '个', en: 'pcs' },
    { code: 2, zh: '套', en: 'sets' },
    { code: 3, zh: '双', en: 'pairs' },
    { code: 4, zh: '打', en: 'dozens' },
    { code: 5, zh: '箱', en: 'cartons' },
    { code: 6, zh: '包', en: 'packs' },
  ]),
  TestReportType: e([
    { code: 1, zh: '第三方实验室', en: 'Third-party lab' },
    { code: 2, zh: '内部实验室', en: 'In-house lab' },
    { code: 3, zh: '工厂提供', en: 'Factory-provided' },
    { code: 4, zh: '客户提供', en: 'Client-provided' },
  ]),
  BookingFieldType: e([
    { code: 1, zh: '文本', en: 'Text' },
    { code: 2, zh: '数字', en: 'Number' },
    { code: 3, zh: '日期', en: 'Date' },
    { code: 4, zh: '单选', en: 'Select' },
    { code: 5, zh: '多选', en: 'Multi-select' },
    { code: 6, zh: '附件', en: 'File' },
    { code: 7, zh: '是否', en: 'Yes-no' },
  ]),
  OrderSource: e([
    { code: 1, zh: '手工', en: 'Manual' },
    { code: 2, zh: '导入', en: 'Import' },
    { code: 3, zh: '同步', en: 'Sync' },
  ]),
  Position: POSITIONS,
  WorkType: e([
    { code: 1, zh: '验货', en: 'Inspection' },
    { code: 2, zh: '监装', en: 'Loading' },
    { code: 3, zh: '取样', en: 'Sampling' },
    { code: 4, zh: '验厂', en: 'Factory audit' },
    { code: 5, zh: '路程', en: 'Travel' },
    { code: 6, zh: '办公室', en: 'Office' },
    { code: 7, zh: '培训', en: 'Training' },
    { code: 8, zh: '其他', en: 'Other' },
  ]),
  HolidayType: e([
    { code: 1, zh: '法定节假日', en: 'Statutory holiday' },
    { code: 2, zh: '调休放假', en: 'Rest day (adjusted)' },
    { code: 3, zh: '调休上班', en: 'Working day (adjusted)' },
  ]),
  ScheduleType: e([
    { code: 1, zh: '生产', en: 'Production' },
    { code: 2, zh: '包装', en: 'Packing' },
    { code: 3, zh: '可验货', en: 'Ready for inspection' },
    { code: 4, zh: '停工', en: 'Closure' },
  ]),

  // Value sets DOMAIN.md §1.1, §2.9 and §2.10 name inline; given codes and labels here [D].
  ServiceCode: e([
    { code: 'PSI', zh: '出货前检验', en: 'Pre-shipment inspection' },
    { code: 'DUPRO', zh: '中期检验', en: 'During-production inspection' },
    { code: 'IPC', zh: '初期生产检验', en: 'Initial production check' },
    { code: 'CLC', zh: '监装', en: 'Container loading check' },
    { code: 'FA', zh: '验厂', en: 'Factory audit' },
    { code: 'SC', zh: '取样', en: 'Sample collection' },
  ]),
  SamplingLevelKind: e([
    { code: 'GENERAL', zh: '一般检验水平', en: 'General' },
    { code: 'SPECIAL', zh: '特殊检验水平', en: 'Special' },
  ]),
  LocationLevel: e([
    { code: 1, zh: '省', en: 'Province' },
    { code: 2, zh: '市', en: 'City' },
    { code: 3, zh: '区县', en: 'District' },
  ]),
  ForceUnit: e([
    { code: 'N', zh: '牛顿', en: 'N' },
    { code: 'KGF', zh: '千克力', en: 'kgf' },
    { code: 'LBF', zh: '磅力', en: 'lbf' },
  ]),
  TorqueUnit: e([
    { code: 'NM', zh: '牛·米', en: 'N·m' },
    { code: 'KGFCM', zh: '千克力·厘米', en: 'kgf·cm' },
    { code: 'LBFIN', zh: '磅力·英寸', en: 'lbf·in' },
  ]),
  VehicleUsage: e([
    { code: 'SHIPPING', zh: '运输', en: 'Shipping' },
    { code: 'TRAVEL', zh: '出行', en: 'Travel' },
    { code: 'BOTH', zh: '两者', en: 'Both' },
  ]),
  SystemValueType: e([
    { code: 'INT', zh: '整数', en: 'Integer' },
    { code: 'DEC', zh: '小数', en: 'Decimal' },
    { code: 'STR', zh: '文本', en: 'Text' },
    { code: 'BOOL', zh: '是否', en: 'Yes-no' },
  ]),
  ProductTrackMilestone: e([
    { code: 'SAMPLE_AUDITED', zh: '样品已审', en: 'Sample audited' },
    { code: 'FIRST_SAMPLE', zh: '首样', en: 'First sample' },
    { code: 'TESTED', zh: '已测试', en: 'Tested' },
    { code: 'INSPECTED', zh: '已验货', en: 'Inspected' },
    { code: 'LOADED', zh: '已装柜', en: 'Loaded' },
    { code: 'SHIPPED', zh: '已出运', en: 'Shipped' },
  ]),
  NotifyEvent: e([
    { code: 'SAMPLE_AUDITED', zh: '样品已审', en: 'Sample audited' },
    { code: 'FIRST_SAMPLE', zh: '首样', en: 'First sample' },
    { code: 'TESTED', zh: '已测试', en: 'Tested' },
    { code: 'INSPECTED', zh: '已验货', en: 'Inspected' },
    { code: 'LOADED', zh: '已装柜', en: 'Loaded' },
    { code: 'SHIPPED', zh: '已出运', en: 'Shipped' },
    { code: 'TEST_FAIL', zh: '测试不合格', en: 'Test failed' },
    { code: 'INSPECTION_FAIL', zh: '验货不合格', en: 'Inspection failed' },
    { code: 'DELIVERY_DUE', zh: '交期临近', en: 'Delivery due' },
  ]),
  AqlLetter: e(
    ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'].map(
      (code) => ({ code, zh: code, en: code }) as const,
    ),
  ),
  MailStatus: e([
    { code: 'PENDING', zh: '待发送', en: 'Pending' },
    { code: 'SENT', zh: '已发送', en: 'Sent' },
    { code: 'FAILED', zh: '发送失败', en: 'Failed' },
    { code: 'SOLVED', zh: '已处理', en: 'Solved' },
  ]),
} as const satisfies Record<string, readonly EnumItem[]>;

export type EnumName = keyof typeof enumerations;

/** The code type of one enumeration: `EnumCode<'DefectClass'>` = 1 | 2 | 3. */
export type EnumCode<N extends EnumName> = (typeof enumerations)[N][number]['code'];

/** TestResult codes by name (DOMAIN.md §3.1): reports and their items, test orders, order risks, material tests. */
export const TEST_RESULT = {
  notOut: 0,
  pass: 1,
  improve: 2,
  fail: 3,
  notApplicable: 4,
  notSupplied: 5,
  noComment: 6,
} as const satisfies Record<string, EnumCode<'TestResult'>>;

/** TestSearchResult's codes beyond TestResult: any result out (≠ 0), and not passed (improve or fail). */
export const TEST_SEARCH_RESULT = { out: 10, notPassed: 11 } as const satisfies Record<
  string,
  EnumCode<'TestSearchResult'>
>;

/** Lists computed on the server from users and departments (DOMAIN.md §3). */
export const DYNAMIC_ENUMERATIONS = ['Sales', 'Inspector', 'PartialDepartment'] as const;
export type DynamicEnumName = (typeof DYNAMIC_ENUMERATIONS)[number];

export function enumCodes(name: EnumName): ReadonlyArray<number | string> {
  return enumerations[name].map((item) => item.code);
}

export function enumLabel(name: EnumName, code: number | string, lang: 'zh' | 'en'): string {
  return enumerations[name].find((item) => item.code === code)?.[lang] ?? String(code);
}

/** A zod schema accepting exactly the codes of one enumeration. */
export function enumSchema(name: EnumName) {
  const codes = enumCodes(name);
  return z.custom<number | string>((v) => codes.includes(v as number | string), {
    params: { reason: 'E_FORMAT' },
  });
}

const item = z.object({ code: z.union([z.number(), z.string()]), zh: z.string(), en: z.string() });

export const enumerationList = defineOperation({
  path: 'enumeration/list',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'Every enumeration of spec §3 with codes and zh/en labels, plus sales, inspectors and the caller’s departments.',
  input: empty,
  output: z.object({ enumerations: z.record(z.string(), z.array(item)) }),
});

/** The area's operations, for the catalogue. */
export const enumerationOperations = { enumerationList } as const;
