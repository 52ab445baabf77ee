import type { Language } from './language';

// The permission catalogue of DOMAIN.md §5.2. The seven strings of spec §6 (order.search,
// test.create, inspapply.edit, inspplan.create, booking.create, booking.admin, insp.report.admin)
// are kept verbatim; the others follow the same dotted style: `<prefix>.<action>`.

type Labels = Readonly<Record<Language, string>>;

/** One row of the catalogue: a prefix, what it is about, and the actions granted on it. */
interface PermissionGroupDef {
  readonly prefix: string;
  readonly label: Labels;
  readonly actions: readonly string[];
}

export const PERMISSION_GROUPS = [
  { prefix: 'client', label: { zh: '客户', en: 'Clients' }, actions: ['search', 'edit', 'admin'] },
  { prefix: 'material', label: { zh: '材料', en: 'Materials' }, actions: ['search', 'edit'] },
  {
    prefix: 'materialtest',
    label: { zh: '材料测试', en: 'Material tests' },
    actions: ['search', 'edit', 'push'],
  },
  { prefix: 'originalsample', label: { zh: '原样', en: 'Original samples' }, actions: ['search', 'edit'] },
  {
    prefix: 'productionsample',
    label: { zh: '大货样', en: 'Production samples' },
    actions: ['search', 'edit', 'audit', 'cancel'],
  },
  {
    prefix: 'firstsample',
    label: { zh: '首样', en: 'First samples' },
    actions: ['search', 'edit', 'check', 'audit'],
  },
  {
    prefix: 'order',
    label: { zh: '订单', en: 'Orders' },
    actions: ['search', 'edit', 'import', 'sync', 'assign'],
  },
  { prefix: 'contract', label: { zh: '合同', en: 'Contracts' }, actions: ['search', 'file.edit'] },
  {
    prefix: 'test',
    label: { zh: '测试单', en: 'Test orders' },
    actions: ['search', 'create', 'edit', 'finance'],
  },
  {
    prefix: 'orderrisk',
    label: { zh: '高风险测试', en: 'Order risk' },
    actions: ['search', 'edit', 'sync', 'reset'],
  },
  { prefix: 'safetest', label: { zh: '安全测试', en: 'Safety tests' }, actions: ['search'] },
  {
    prefix: 'testreport',
    label: { zh: '测试报告', en: 'Test reports' },
    actions: ['search', 'edit', 'result', 'verify', 'retest', 'export'],
  },
  {
    prefix: 'inspapply',
    label: { zh: '验货申请', en: 'Inspection applications' },
    actions: ['search', 'edit', 'waive'],
  },
  { prefix: 'inspplan', label: { zh: '验货计划', en: 'Inspection plans' }, actions: ['search', 'create'] },
  { prefix: 'insptask', label: { zh: '验货任务', en: 'Inspection tasks' }, actions: ['search'] },
  {
    prefix: 'insp.report',
    label: { zh: '验货报告', en: 'Inspection reports' },
    actions: ['search', 'edit', 'audit', 'send', 'admin'],
  },
  {
    prefix: 'insp.instruction',
    label: { zh: '验货指示', en: 'Inspection instructions' },
    actions: ['create'],
  },
  {
    prefix: 'supervise',
    label: { zh: '监装报告', en: 'Supervise reports' },
    actions: ['search', 'edit', 'audit'],
  },
  { prefix: 'shipping', label: { zh: '出货', en: 'Shipping' }, actions: ['edit'] },
  {
    prefix: 'booking',
    label: { zh: '验货预约', en: 'Inspection bookings' },
    actions: ['search', 'create', 'admin'],
  },
  {
    prefix: 'dailyreport',
    label: { zh: '工作日报', en: 'Daily work reports' },
    actions: ['search', 'edit', 'check', 'send'],
  },
  { prefix: 'score', label: { zh: '得分', en: 'Scores' }, actions: ['view'] },
  { prefix: 'schedule', label: { zh: '排期', en: 'Factory schedules' }, actions: ['search', 'edit'] },
  { prefix: 'standard', label: { zh: '标准', en: 'Standards' }, actions: ['search', 'edit'] },
  {
    prefix: 'user',
    label: { zh: '用户', en: 'Users' },
    actions: ['search', 'edit', 'impersonate', 'register'],
  },
  { prefix: 'group', label: { zh: '用户组', en: 'Groups' }, actions: ['edit'] },
  { prefix: 'role', label: { zh: '角色', en: 'Roles' }, actions: ['edit'] },
  {
    prefix: 'config',
    label: { zh: '系统配置', en: 'Configuration' },
    actions: ['search', 'edit', 'edit.qc', 'edit.lab'],
  },
  { prefix: 'reportform', label: { zh: '报表', en: 'Report forms' }, actions: ['export', 'close'] },
  { prefix: 'mail', label: { zh: '邮件', en: 'Mail' }, actions: ['admin'] },
  { prefix: 'api', label: { zh: '接口文档', en: 'API reference' }, actions: ['docs'] },
] as const satisfies readonly PermissionGroupDef[];

type Group = (typeof PERMISSION_GROUPS)[number];

/** Every permission string of the product, typed. */
export type Permission = Group extends infer G
  ? G extends { prefix: infer P extends string; actions: readonly (infer A extends string)[] }
    ? `${P}.${A}`
    : never
  : never;

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) =>
  g.actions.map((a) => `${g.prefix}.${a}` as Permission),
);

const known: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** What an action means, for the role editor ("client.search" → 客户 · 查询). */
export const PERMISSION_ACTION_LABELS: Readonly<Record<string, Labels>> = {
  search: { zh: '查询', en: 'Search' },
  edit: { zh: '编辑', en: 'Edit' },
  admin: { zh: '管理', en: 'Administer' },
  push: { zh: '推送', en: 'Push' },
  audit: { zh: '审核', en: 'Audit' },
  cancel: { zh: '取消', en: 'Cancel' },
  check: { zh: '检查', en: 'Check' },
  import: { zh: '导入', en: 'Import' },
  sync: { zh: '同步', en: 'Sync' },
  assign: { zh: '分配', en: 'Assign' },
  'file.edit': { zh: '文件编辑', en: 'Edit files' },
  create: { zh: '创建', en: 'Create' },
  finance: { zh: '财务', en: 'Finance' },
  reset: { zh: '重置', en: 'Reset' },
  result: { zh: '录入结果', en: 'Enter results' },
  verify: { zh: '核实', en: 'Verify' },
  retest: { zh: '复测', en: 'Retest' },
  export: { zh: '导出', en: 'Export' },
  close: { zh: '结账', en: 'Close month' },
  waive: { zh: '免验', en: 'Waive' },
  send: { zh: '发送', en: 'Send' },
  view: { zh: '查看', en: 'View' },
  impersonate: { zh: '模拟登录', en: 'Impersonate' },
  register: { zh: '注册用户', en: 'Register users' },
  'edit.qc': { zh: '编辑品管配置', en: 'Edit QC lists' },
  'edit.lab': { zh: '编辑实验室配置', en: 'Edit lab lists' },
};

/** "client.search" → "客户 · 查询" / "Clients · Search". */
export function permissionLabel(permission: Permission, lang: Language): string {
  const group = PERMISSION_GROUPS.find(
    (g) => permission.startsWith(`${g.prefix}.`) && g.actions.some((a) => permission === `${g.prefix}.${a}`),
  );
  if (!group) return permission;
  const action = permission.slice(group.prefix.length + 1);
  return `${group.label[lang]} · ${PERMISSION_ACTION_LABELS[action]?.[lang] ?? action}`;
}
