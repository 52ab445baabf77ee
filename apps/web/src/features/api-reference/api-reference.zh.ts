import type { apiReferenceEn } from './api-reference.en';

/** 接口文档的中文文本（features/api-reference）；命名空间 `api-reference`。 */
export const apiReferenceZh: Record<keyof typeof apiReferenceEn, string> = {
  title: '接口文档',
  intro:
    '服务器提供的每个接口，由契约自动生成：路径、调用者所需权限、输入与输出。所有调用都以信封加密传输（PROTOCOL.md）；Node 版类型化客户端 packages/client 会自动加密。',
  download: '下载 OpenAPI（JSON）',
  search: '按路径、说明或权限查找接口',
  count: '共 {{total}} 个接口，显示 {{shown}} 个',
  none: '没有匹配的接口',
  permission: '权限',
  input: '输入',
  output: '输出',
  public: '无需登录',
  signedIn: '任何已登录用户',
  failed: '接口文档加载失败',
};
