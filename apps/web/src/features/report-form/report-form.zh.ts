import type { ReportFormShape } from './report-form.en';

/** 报表页面（features/report-form）的中文文本；由框架合并为 `report-form` 命名空间。 */
export const reportFormZh: ReportFormShape = {
  title: '报表',
  form: '报表',
  forminspection: '验货报表',
  formfee: '费用报表',
  formovertime: '加班报表',
  formqc: 'QC报表',
  range: '日期范围',
  rangeRequired: '请选择日期范围',
  department: '部门',
  client: '客户',
  inspector: '验货员',
  any: '全部',
  note: '报表在后台生成并发送到您的邮箱；也会在下方“我的导出”中保留7天。',
  myExports: '我的导出',
  noExports: '最近7天没有导出',
  statequeued: '排队中',
  staterunning: '生成中 {{percent}}%',
  statedone: '已生成',
  statefailed: '失败',
  rows: '{{rows}}行',
  download: '下载',
  expires: '保留至 {{date}}',
};
