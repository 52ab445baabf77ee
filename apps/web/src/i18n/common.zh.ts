import type { CommonShape } from './common.en';

/** 各界面通用的词（保存、取消、修改……）；由外壳合并为 `common` 命名空间。 */
export const commonZh: CommonShape = {
  save: '保存',
  saved: '已保存',
  cancel: '取消',
  edit: '修改',
  delete: '删除',
  undelete: '恢复',
  backToList: '返回列表',
  none: '无',
  yes: '是',
  no: '否',
  created: '创建',
  updated: '修改',
  required: '{{label}}不能为空',
  format: '{{label}}格式不正确',
};
