// Server messages of spec §8 and DOMAIN.md §7.4. `reason` is the stable key clients branch on;
// the text is chosen by the request language. Placeholders: {field} {max} {n} {user}; `{n|one|other}`
// picks a word by the count (1 error, 2 errors).
// This file holds only the shared keys: the transport's, the platform's and the generic ones
// (E_REQUIRED, E_STATUS, …), listed in scripts/check-texts.mjs. A key only one area raises is
// declared by that area (`export const texts = defineTexts({ errors })` in its contract file,
// texts.ts) and joins `messages` from area-texts.ts.

import { areaFieldLabels, areaMessages } from './area-texts';
import { CONFIG_FIELD_LABELS } from './config-lists';
import type { Language } from './language';
import { transportMessages } from './messages-core';
import type { Text } from './texts';

export { LANGUAGES, type Language } from './language';

/** The shared keys; `messages` below adds the areas' own. */
export const sharedMessages = {
  ...transportMessages,
  E_REQUIRED: { zh: '{field}不能为空', en: '{field} must not be empty' },
  E_USERNAME_EMPTY: { zh: '用户名不能为空', en: 'Username must not be empty' },
  E_PASSWORD_EMPTY: { zh: '密码不能为空', en: 'Password must not be empty' },
  E_PASSWORD_RULE: {
    zh: '密码须为6-21位，不能全为数字或全为字母，特殊字符仅限 !@#$%^&*?',
    en: 'Password must be 6–21 characters, not all digits or all letters; special characters only ! @ # $ % ^ & * ?',
  },
  E_PAGE: { zh: '页码不能小于1', en: 'page can not less than 1' },
  E_TOO_SHORT: { zh: '{field}至少需要{min}个字符', en: '{field} needs at least {min} characters' },
  E_TOO_LONG: { zh: '{field}长度超过{max}', en: '{field} exceeds {max} characters' },
  E_FORMAT: { zh: '{field}格式不正确', en: '{field} has an invalid format' },
  E_RANGE: { zh: '{field}超出范围', en: '{field} is out of range' },
  E_NO_CHINESE: { zh: '{field}不能包含中文', en: '{field} must not contain Chinese characters' },
  E_DATE_RANGE: { zh: '结束日期不能早于开始日期', en: 'The end date must not be before the start date' },
  E_DUPLICATE: { zh: '{field}已存在', en: '{field} already exists' },
  E_REF_NOT_FOUND: { zh: '{field}不存在', en: '{field} does not exist' },
  E_REF_INACTIVE: { zh: '{field}已冻结', en: '{field} is frozen' },
  E_NOT_FOUND: { zh: '记录不存在', en: 'The record does not exist' },
  E_IN_USE: {
    zh: '数据已被使用，不能删除，请冻结',
    en: 'The record is in use and cannot be deleted; freeze it instead',
  },
  E_VERSION: {
    zh: '数据已被他人修改，请刷新后重试',
    en: 'The record was changed by someone else; refresh and try again',
  },
  E_STATUS: { zh: '当前状态不允许此操作', en: 'This action is not allowed in the current status' },
  E_CHECKED_OUT: { zh: '该记录已被{user}签出编辑', en: 'The record is checked out by {user}' },
  E_NOT_CHECKED_OUT: { zh: '请先签出再编辑', en: 'Check the record out before editing' },
  E_REASON_REQUIRED: { zh: '请填写原因', en: 'A reason is required' },
  // Audits: the auditor is never who did the work (first samples, inspection reports).
  E_SELF_AUDIT: { zh: '不能审核自己的报告', en: 'You cannot approve your own report' },
  E_QTY_EXCEEDS: { zh: '申请数量超过可验数量{n}', en: 'The quantity exceeds the available quantity {n}' },
  E_ADVANCE_DAYS: {
    zh: '须至少提前{n}个工作日预约',
    en: 'Inspections must be booked at least {n} working days in advance',
  },
  E_CART_ORDER: { zh: '购物车中已有其他订单的产品', en: 'The cart already holds products of another order' },
  E_CART_CLIENT_DEPT: {
    zh: '只能加入相同客户和部门的产品',
    en: 'Only products of the same client and department can be added',
  },
  E_FILE_TOO_BIG: { zh: '文件不能超过{n}MB', en: 'The file must not exceed {n} MB' },
  E_SCOPE: { zh: '没有权限', en: 'Invalid Permission' },
  E_FILE_TYPE: {
    zh: '仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
    en: 'Only pdf, doc, docx, xls, xlsx, jpg, jpeg, png and bmp files are accepted',
  },
  E_IMAGE_ONLY: {
    zh: '仅支持jpg、jpeg、png、bmp图片',
    en: 'Only jpg, jpeg, png and bmp images are accepted',
  },
  // Upload errors of spec §8 (HTTP 413 / 401 / other) and the shared-file page.
  E_UPLOAD_TOO_BIG: { zh: '图片太大', en: 'The image is too big' },
  E_UPLOAD_DENIED: { zh: '没有权限', en: 'No permission' },
  E_UPLOAD_FAILED: { zh: '服务失败', en: 'Service failed' },
  E_LINK_INVALID: { zh: '链接无效或已过期', en: 'The link is invalid or has expired' },
  E_SHARE_PASSWORD: { zh: '密码错误', en: 'The password is wrong' },
  E_SHARE_EXPIRED: { zh: '链接已过期', en: 'The link has expired' },
  E_SHARE_EXHAUSTED: { zh: '链接访问次数已用完', en: 'The link has reached its access limit' },
  E_STALE: { zh: '请求已过期或重复，请重试', en: 'The request is stale or replayed; try again' },
  E_NO_OPERATION: { zh: '接口不存在', en: 'No such operation' },
  TOKEN_EXPIRED: { zh: '登录已过期', en: 'token has expired' },
  MAIL_SENT: { zh: '邮件已发送，请查收', en: 'The mail has been sent, please check' },
  E_EXPORT_TOO_MANY: {
    zh: '导出数据超过{max}条，请缩小查询范围',
    en: 'The export exceeds {max} rows; narrow the filter',
  },
  E_EXPORT_EMPTY: {
    zh: '没有可导出的数据：没有符合查询条件的记录',
    en: 'Nothing to export: no record matches the filter',
  },
  E_IMPORT_ROWS: {
    zh: '{n}处数据有误，未导入任何数据',
    en: '{n} {n|error|errors} found; nothing was imported',
  },
  E_FILE_CONTENT: {
    zh: '文件无法读取，请使用导出的模板',
    en: 'The file cannot be read; use the exported template',
  },
  // A workbook past a reading limit of platform/xlsx-reader.ts ({field}: which limit, {max}: its value).
  E_XLSX_LIMIT: {
    zh: '文件超出读取上限：{field}不能超过{max}，未导入任何数据',
    en: 'The file exceeds a reading limit: {field} must not exceed {max}; nothing was imported',
  },
  E_IMPORT_FAILED: {
    zh: '导入未能完成，未写入任何数据。请重新导入，或联系管理员',
    en: 'The import could not finish; nothing was written. Import the file again, or ask an administrator',
  },
  E_TOO_DEEP: {
    zh: '请求数据的嵌套层级不能超过{max}层',
    en: 'The request data must not be nested more than {max} levels deep',
  },
  CODE_SENT: { zh: '验证码已发送至邮箱', en: 'The code was sent to your mailbox' },
  E_LOGIN_FAILED: { zh: '用户名或密码错误', en: 'The username or password is wrong' },
  E_LOCKED_OUT: { zh: '尝试次数过多，请{n}分钟后再试', en: 'Too many attempts; try again in {n} minutes' },
  E_SLOW_DOWN: { zh: '尝试次数过多，请{n}秒后再试', en: 'Too many attempts; try again in {n} seconds' },
  // A call that needs no session past its address's or account's limit (platform/anonymous-limits.ts).
  E_TOO_MANY_REQUESTS: {
    zh: '请求过于频繁，请{n}秒后再试',
    en: 'Too many requests; try again in {n} seconds',
  },
  E_CODE_INVALID: { zh: '验证码错误或已过期', en: 'The code is wrong or has expired' },
  E_OLD_PASSWORD: { zh: '原密码不正确', en: 'The current password is wrong' },
  E_MUST_CHANGE_PASSWORD: { zh: '请修改密码', en: 'Password must be changed' },
  E_MUST_VERIFY: { zh: '请验证账号', en: 'Account must be verified' },
  E_ACCOUNT_LOCKED: { zh: '账号已被锁定或删除', en: 'The account is locked or deleted' },
  E_SESSION_ENDED: { zh: '登录已失效，请重新登录', en: 'The session has ended; please sign in again' },
  E_IMPERSONATE_ADMIN: { zh: '不能模拟管理员账号', en: 'Administrator accounts cannot be impersonated' },
  E_IMPERSONATING: {
    zh: '模拟登录期间不能执行此操作',
    en: 'This action is not allowed while impersonating',
  },
} as const satisfies Record<string, Text>;

function withAreaMessages<S extends Record<string, Text>, A extends Record<string, Text>>(
  shared: S,
  areas: A,
) {
  for (const key of Object.keys(areas))
    if (key in shared) throw new Error(`error key ${key} is declared by an area and in messages.ts`);
  return { ...shared, ...areas } as S & A;
}

/** Every reason's text: the shared keys and each area's own. */
export const messages = withAreaMessages(sharedMessages, areaMessages);

export type Reason = keyof typeof messages;

export type MessageParams = Record<string, string | number>;

/** Field names shown in validation messages; unknown fields fall back to their key. */
export const fieldLabels: Record<string, Record<Language, string>> = {
  ...CONFIG_FIELD_LABELS,
  ...areaFieldLabels,
  // The reading limits of an XLSX file (E_XLSX_LIMIT).
  xlsxPartMB: { zh: '文件中单个部分解压后的大小(MB)', en: 'the unzipped size of one part of the file (MB)' },
  xlsxBookPartMB: {
    zh: '文件中工作簿、样式等部分解压后的大小(MB)',
    en: 'the unzipped size of the workbook’s own parts: workbook, styles (MB)',
  },
  xlsxTotalMB: { zh: '文件解压后的大小(MB)', en: 'the unzipped size of the file (MB)' },
  xlsxRatio: { zh: '文件的解压倍数', en: 'the unzipped size per byte of the file' },
  xlsxCellChars: { zh: '单个单元格的字符数', en: 'the characters of one cell' },
  xlsxTextChars: { zh: '文件中文本的总字符数', en: 'the characters of the file’s texts' },
  xlsxTexts: { zh: '文件中不同文本的个数', en: 'the number of distinct texts in the file' },
  xlsxRows: { zh: '工作表的行数', en: 'the rows of a sheet' },
  xlsxColumns: { zh: '工作表的列数', en: 'the columns of a sheet' },
  username: { zh: '用户名', en: 'Username' },
  planTime: { zh: '送测日期', en: 'Plan date' },
  receiveTime: { zh: '收样日期', en: 'Receive date' },
  hopeTime: { zh: '期望日期', en: 'Hope date' },
  discount: { zh: '折扣', en: 'Discount' },
  invoice: { zh: '发票', en: 'Invoice' },
  quotation: { zh: '报价单', en: 'Quotation' },
  paid: { zh: '已付款', en: 'Paid' },
  quotationFileId: { zh: '报价单文件', en: 'Quotation file' },
  invoiceFileId: { zh: '发票文件', en: 'Invoice file' },
  password: { zh: '密码', en: 'Password' },
  repeatPassword: { zh: '确认密码', en: 'Repeat password' },
  page: { zh: '页码', en: 'Page' },
  pageSize: { zh: '每页条数', en: 'Page size' },
  name: { zh: '名称', en: 'Name' },
  nameZh: { zh: '中文名称', en: 'Chinese name' },
  nameEn: { zh: '英文名称', en: 'English name' },
  code: { zh: '编码', en: 'Code' },
  email: { zh: '邮箱', en: 'E-mail' },
  version: { zh: '版本', en: 'Version' },
  id: { zh: '编号', en: 'ID' },
  reason: { zh: '原因', en: 'Reason' },
  startTime: { zh: '开始日期', en: 'Start date' },
  endTime: { zh: '结束日期', en: 'End date' },
  account: { zh: '账号', en: 'Account' },
  oldPassword: { zh: '原密码', en: 'Current password' },
  verifyCode: { zh: '验证码', en: 'Verification code' },
  englishName: { zh: '英文名', en: 'English name' },
  phone: { zh: '电话', en: 'Phone' },
  mobile: { zh: '手机', en: 'Mobile' },
  department: { zh: '部门', en: 'Department' },
  departmentId: { zh: '部门', en: 'Department' },
  position: { zh: '职位', en: 'Position' },
  roleId: { zh: '角色', en: 'Role' },
  groupIds: { zh: '用户组', en: 'Groups' },
  modules: { zh: '模块', en: 'Modules' },
  clientId: { zh: '客户', en: 'Client' },
  state: { zh: '状态', en: 'State' },
  valid: { zh: '有效', en: 'Valid' },
  token: { zh: '令牌', en: 'Token' },
  refreshToken: { zh: '刷新令牌', en: 'Refresh token' },
  pollKey: { zh: '轮询密钥', en: 'Poll key' },
  language: { zh: '语言', en: 'Language' },
  permissions: { zh: '权限', en: 'Permissions' },
  active: { zh: '启用', en: 'Active' },
  status: { zh: '状态', en: 'Status' },
  fileName: { zh: '文件名', en: 'File name' },
  del: { zh: '替换的文件', en: 'File to replace' },
  urls: { zh: '文件', en: 'Files' },
  exp: { zh: '有效期', en: 'Expiry' },
  limit: { zh: '访问次数', en: 'Access limit' },
  // Clients, materials, samples, standards (issue 6)
  term: { zh: '搜索内容', en: 'Search term' },
  countryId: { zh: '国家', en: 'Country' },
  country: { zh: '国家', en: 'Country' },
  countryCode: { zh: '国家', en: 'Country' },
  type: { zh: '类型', en: 'Type' },
  salesId: { zh: '业务员', en: 'Sales' },
  sales: { zh: '业务员', en: 'Sales' },
  samplingLevelId: { zh: '抽样水平', en: 'Sampling level' },
  tensionLevelId: { zh: '拉力等级', en: 'Tension level' },
  majorAql: { zh: '严重缺陷AQL', en: 'Major AQL' },
  minorAql: { zh: '轻微缺陷AQL', en: 'Minor AQL' },
  advanceDays: { zh: '提前天数', en: 'Advance days' },
  destinationCountries: { zh: '目的国', en: 'Destination countries' },
  inspectionRequirement: { zh: '验货要求', en: 'Inspection requirement' },
  safetyRequirement: { zh: '安全要求', en: 'Safety requirement' },
  reportEmails: { zh: '报告邮箱', en: 'Report e-mails' },
  sharePassword: { zh: '分享密码', en: 'Share password' },
  tests: { zh: '测试要求', en: 'Test requirements' },
  safetyTests: { zh: '安全测试', en: 'Safety tests' },
  testItemId: { zh: '测试项目', en: 'Test item' },
  testItemIds: { zh: '测试项目', en: 'Test items' },
  inspectionTestId: { zh: '现场测试', en: 'On-site test' },
  productTypes: { zh: '产品类型', en: 'Product types' },
  mandatory: { zh: '必测', en: 'Mandatory' },
  sampleQty: { zh: '样品数量', en: 'Sample quantity' },
  criterion: { zh: '判定标准', en: 'Criterion' },
  upc: { zh: 'UPC', en: 'UPC' },
  technicalName: { zh: '技术名称', en: 'Technical name' },
  customName: { zh: '报关品名', en: 'Customs name' },
  riskLevelId: { zh: '风险等级', en: 'Risk level' },
  materialTypeId: { zh: '材料类型', en: 'Material type' },
  supplierId: { zh: '供应商', en: 'Supplier' },
  materialId: { zh: '材料', en: 'Material' },
  materialIds: { zh: '材料', en: 'Materials' },
  labId: { zh: '实验室', en: 'Lab' },
  startDate: { zh: '开始日期', en: 'Start date' },
  endDate: { zh: '结束日期', en: 'End date' },
  result: { zh: '结果', en: 'Result' },
  reportFileIds: { zh: '报告文件', en: 'Report files' },
  remark: { zh: '备注', en: 'Remark' },
  itemNo: { zh: '货号', en: 'Item no' },
  parts: { zh: '部件', en: 'Parts' },
  partId: { zh: '部件', en: 'Part' },
  percentage: { zh: '占比', en: 'Percentage' },
  colour: { zh: '颜色', en: 'Colour' },
  ids: { zh: '编号', en: 'IDs' },
  keyword: { zh: '关键字', en: 'Keyword' },
  productScope: { zh: '适用产品', en: 'Product scope' },
  description: { zh: '描述', en: 'Description' },
  standardIds: { zh: '标准', en: 'Standards' },
  testNo: { zh: '测试编号', en: 'Test no' },
  pushedAt: { zh: '推送时间', en: 'Pushed at' },
  pushCount: { zh: '推送次数', en: 'Push count' },
  pushedTo: { zh: '推送给', en: 'Pushed to' },
  materials: { zh: '材料', en: 'Materials' },
  complete: { zh: '完整', en: 'Complete' },
  sort: { zh: '顺序', en: 'Order' },
  // Orders and products (issue 14)
  orderNo: { zh: '订单号', en: 'Order no' },
  clientPo: { zh: '客户PO', en: 'Client PO' },
  po: { zh: '客户PO', en: 'Client PO' },
  productNo: { zh: '产品编号', en: 'Product no' },
  sources: { zh: '来源', en: 'Sources' },
  sku: { zh: 'SKU', en: 'SKU' },
  factoryId: { zh: '工厂', en: 'Factory' },
  factory: { zh: '工厂', en: 'Factory' },
  quantity: { zh: '数量', en: 'Quantity' },
  quantityUnit: { zh: '数量单位', en: 'Quantity unit' },
  deliveryDate: { zh: '交货期', en: 'Delivery date' },
  productType: { zh: '产品类型', en: 'Product type' },
  products: { zh: '产品', en: 'Products' },
  productId: { zh: '产品', en: 'Product' },
  productIds: { zh: '产品', en: 'Products' },
  originalSampleId: { zh: '原样', en: 'Original sample' },
  productionSampleId: { zh: '大货样', en: 'Production sample' },
  providerFactoryId: { zh: '供样工厂', en: 'Provider' },
  receivedDate: { zh: '收样日期', en: 'Received date' },
  auditResult: { zh: '审核结果', en: 'Audit result' },
  auditTime: { zh: '审核时间', en: 'Audit time' },
  auditorId: { zh: '审核人', en: 'Auditor' },
  auditRemark: { zh: '审核备注', en: 'Audit remark' },
  qcId: { zh: '品管', en: 'QC' },
  testRequirement: { zh: '测试要求', en: 'Test requirement' },
  orderProductId: { zh: '订单产品', en: 'Order product' },
  orderProductIds: { zh: '订单产品', en: 'Order products' },
  /** A test-order line's link to its product's order risk item. */
  orderRiskItemId: { zh: '来源', en: 'Source' },
  byCreate: { zh: '手工添加', en: 'Raised by hand' },
  orderId: { zh: '订单', en: 'Order' },
  /** Test items of an order risk, check items of a first sample. */
  items: { zh: '项目', en: 'Items' },
  waiveReason: { zh: '豁免原因', en: 'Waiver reason' },
  riskId: { zh: '风险', en: 'Risk' },
  testReportId: { zh: '测试报告', en: 'Test report' },
  milestone: { zh: '节点', en: 'Milestone' },
  shippingId: { zh: '出货', en: 'Shipment' },
  shipping: { zh: '出货', en: 'Shipment' },
  shippingStatus: { zh: '出货状态', en: 'Shipping status' },
  shippingNo: { zh: '出货编号', en: 'Shipping no' },
  vehicleId: { zh: '交通工具', en: 'Vehicle' },
  etd: { zh: '预计离港', en: 'ETD' },
  eta: { zh: '预计到港', en: 'ETA' },
  loadingPort: { zh: '装货港', en: 'Loading port' },
  destinationCountryId: { zh: '目的国', en: 'Destination country' },
  containerType: { zh: '柜型', en: 'Container type' },
  containerNo: { zh: '柜号', en: 'Container no' },
  sealNo: { zh: '封条号', en: 'Seal no' },
  fileIds: { zh: '文件', en: 'Files' },
  fileId: { zh: '文件', en: 'File' },
  client: { zh: '客户', en: 'Client' },
  file: { zh: '文件', en: 'File' },
  // Test reports (issue 16)
  reportNo: { zh: '报告编号', en: 'Report no' },
  reportDate: { zh: '报告日期', en: 'Report date' },
  reportType: { zh: '报告类型', en: 'Report type' },
  validUntil: { zh: '有效期至', en: 'Valid until' },
  itemId: { zh: '测试项目', en: 'Test item' },
  retestNo: { zh: '复测次数', en: 'Retest no' },
  previousReportId: { zh: '上一份报告', en: 'Previous report' },
  retestFromStatus: { zh: '复测前状态', en: 'Status before the retest' },
  listDate: { zh: '列表日期', en: 'List date' },
  testOrderId: { zh: '测试单', en: 'Test order' },
  resultBy: { zh: '结果录入人', en: 'Results entered by' },
  resultAt: { zh: '结果录入时间', en: 'Results entered at' },
  verifiedBy: { zh: '审核人', en: 'Verified by' },
  publishedAt: { zh: '发布时间', en: 'Published at' },
  // First samples (issue 15)
  sampleNo: { zh: '首样编号', en: 'Sample no' },
  previousId: { zh: '上一轮首样', en: 'Previous round' },
  checkItemIds: { zh: '检查项', en: 'Check items' },
  checkItemId: { zh: '检查项', en: 'Check item' },
  checkResult: { zh: '检查结果', en: 'Check result' },
  photoFileIds: { zh: '照片', en: 'Photos' },
  photos: { zh: '照片', en: 'Photos' },
  corrective: { zh: '整改措施', en: 'Corrective action' },
  checkItems: { zh: '检查项', en: 'Check items' },
  round: { zh: '轮次', en: 'Round' },
  checkedBy: { zh: '检查人', en: 'Checked by' },
  checkedAt: { zh: '检查时间', en: 'Checked at' },
  auditedBy: { zh: '判定人', en: 'Judged by' },
  auditedAt: { zh: '判定时间', en: 'Judged at' },
  // Inspection plans (issue 26)
};

export function fieldLabel(field: string, lang: Language): string {
  return fieldLabels[field]?.[lang] ?? field;
}

export function formatMessage(reason: Reason, lang: Language, params: MessageParams = {}): string {
  const template: string = messages[reason][lang];
  const counted = template.replace(
    /\{(\w+)\|([^|}]*)\|([^}]*)\}/g,
    (whole, key: string, one: string, other: string) => {
      const value = params[key];
      if (value === undefined) return whole;
      return Number(value) === 1 ? one : other;
    },
  );
  return counted.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    return key === 'field' ? fieldLabel(String(value), lang) : String(value);
  });
}

/** Accept-Language → zh|en: the first listed language decides; anything English is English (spec §1). */
export function languageFromHeader(header: string | undefined | null): Language {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
