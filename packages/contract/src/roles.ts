import type { Language } from './language';
import { PERMISSIONS, type Permission } from './permissions';

type Labels = Readonly<Record<Language, string>>;

// ---------------------------------------------------------------------------------------------
// Roles (DOMAIN.md §5.1) and the role × permission matrix (§5.3), as data: the server seeds the
// roles from it, the permission-matrix test walks it, and the web shows it.
// ---------------------------------------------------------------------------------------------

export const ROLE_CODES = [
  'ADMIN',
  'SALES',
  'SALES_MGR',
  'QC',
  'QC_MGR',
  'INSPECTOR',
  'LAB',
  'AUDITOR',
  'CLIENT',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** Default record scope of a role (DOMAIN.md §5.4). */
export type ScopeKind = 'all' | 'department' | 'inspector' | 'client';

export interface RoleDef {
  code: RoleCode;
  label: Labels;
  scope: ScopeKind;
  permissions: readonly Permission[];
}

// Cells of §5.3 written out per role; "(own)" marks in the matrix are scope (§5.4), not permissions.
const SALES: readonly Permission[] = [
  'client.search',
  'client.edit',
  'material.search',
  'originalsample.search',
  'originalsample.edit',
  'productionsample.search',
  'firstsample.search',
  'order.search',
  'order.edit',
  'order.import',
  'contract.search',
  'contract.file.edit',
  'test.search',
  'orderrisk.search',
  'safetest.search',
  'testreport.search',
  'testreport.export',
  'inspapply.search',
  'inspapply.edit',
  'inspplan.search',
  'insp.report.search',
  'insp.report.send',
  'insp.instruction.create',
  'supervise.search',
  'shipping.edit',
  'booking.search',
  'booking.create',
  'schedule.search',
  'schedule.edit',
  'standard.search',
];

const SALES_MGR: readonly Permission[] = [
  ...SALES,
  'client.admin',
  'productionsample.cancel',
  'order.sync',
  'order.assign',
  'test.finance',
  'inspapply.waive',
  'user.search',
  'reportform.export',
];

const QC: readonly Permission[] = [
  'client.search',
  'material.search',
  'material.edit',
  'materialtest.search',
  'originalsample.search',
  'originalsample.edit',
  'productionsample.search',
  'productionsample.edit',
  'firstsample.search',
  'firstsample.edit',
  'firstsample.check',
  'order.search',
  'test.search',
  'test.create',
  'orderrisk.search',
  'orderrisk.edit',
  'orderrisk.sync',
  'safetest.search',
  'testreport.search',
  'testreport.retest',
  'inspapply.search',
  'inspapply.edit',
  'inspplan.search',
  'insptask.search',
  'insp.report.search',
  'supervise.search',
  'booking.search',
  'booking.create',
  'schedule.search',
  'schedule.edit',
  'standard.search',
];

const QC_MGR: readonly Permission[] = [
  'client.search',
  'material.search',
  'material.edit',
  'materialtest.search',
  'materialtest.edit',
  'materialtest.push',
  'originalsample.search',
  'originalsample.edit',
  'productionsample.search',
  'productionsample.edit',
  'productionsample.audit',
  'productionsample.cancel',
  'firstsample.search',
  'firstsample.edit',
  'firstsample.check',
  'firstsample.audit',
  'order.search',
  'order.assign',
  'contract.search',
  'test.search',
  'test.create',
  'test.edit',
  'orderrisk.search',
  'orderrisk.edit',
  'orderrisk.sync',
  'orderrisk.reset',
  'safetest.search',
  'testreport.search',
  'testreport.edit',
  'testreport.result',
  'testreport.verify',
  'testreport.retest',
  'testreport.export',
  'inspapply.search',
  'inspapply.waive',
  'inspplan.search',
  'inspplan.create',
  'insptask.search',
  'insp.report.search',
  'insp.report.edit',
  'insp.report.audit',
  'insp.report.send',
  'insp.report.admin',
  'supervise.search',
  'supervise.edit',
  'supervise.audit',
  'shipping.edit',
  'booking.search',
  'booking.create',
  'booking.admin',
  'dailyreport.search',
  'dailyreport.edit',
  'dailyreport.check',
  'dailyreport.send',
  'score.view',
  'schedule.search',
  'schedule.edit',
  'standard.search',
  'standard.edit',
  'user.search',
  'config.search',
  'config.edit.qc',
  'reportform.export',
];

const INSPECTOR: readonly Permission[] = [
  'insptask.search',
  'insp.report.search',
  'insp.report.edit',
  'supervise.search',
  'supervise.edit',
  'booking.search',
  'dailyreport.search',
  'dailyreport.edit',
  'score.view',
  'schedule.search',
  'standard.search',
];

const LAB: readonly Permission[] = [
  'client.search',
  'material.search',
  'material.edit',
  'materialtest.search',
  'materialtest.edit',
  'materialtest.push',
  'originalsample.search',
  'productionsample.search',
  'order.search',
  'test.search',
  'test.create',
  'test.edit',
  'test.finance',
  'orderrisk.search',
  'orderrisk.edit',
  'orderrisk.sync',
  'safetest.search',
  'testreport.search',
  'testreport.edit',
  'testreport.result',
  'testreport.verify',
  'testreport.retest',
  'testreport.export',
  'standard.search',
  'standard.edit',
  'config.search',
  'config.edit.lab',
];

const AUDITOR: readonly Permission[] = [
  'client.search',
  'material.search',
  'materialtest.search',
  'originalsample.search',
  'productionsample.search',
  'productionsample.audit',
  'firstsample.search',
  'firstsample.audit',
  'order.search',
  'test.search',
  'orderrisk.search',
  'safetest.search',
  'testreport.search',
  'testreport.verify',
  'inspapply.search',
  'inspplan.search',
  'insptask.search',
  'insp.report.search',
  'insp.report.audit',
  'supervise.search',
  'supervise.audit',
  'booking.search',
  'standard.search',
];

const CLIENT: readonly Permission[] = [
  'productionsample.search',
  'firstsample.search',
  'order.search',
  'testreport.search',
  'inspapply.search',
  'insp.report.search',
  'insp.instruction.create',
  'supervise.search',
  'booking.search',
  'booking.create',
];

export const ROLES: readonly RoleDef[] = [
  { code: 'ADMIN', label: { zh: '系统管理员', en: 'Administrator' }, scope: 'all', permissions: PERMISSIONS },
  { code: 'SALES', label: { zh: '业务员', en: 'Sales' }, scope: 'department', permissions: SALES },
  {
    code: 'SALES_MGR',
    label: { zh: '业务经理', en: 'Sales manager' },
    scope: 'department',
    permissions: SALES_MGR,
  },
  { code: 'QC', label: { zh: '品管', en: 'QC engineer' }, scope: 'all', permissions: QC },
  { code: 'QC_MGR', label: { zh: '品管经理', en: 'QC manager' }, scope: 'all', permissions: QC_MGR },
  { code: 'INSPECTOR', label: { zh: '验货员', en: 'Inspector' }, scope: 'inspector', permissions: INSPECTOR },
  { code: 'LAB', label: { zh: '实验室', en: 'Lab staff' }, scope: 'all', permissions: LAB },
  { code: 'AUDITOR', label: { zh: '审核员', en: 'Auditor' }, scope: 'all', permissions: AUDITOR },
  { code: 'CLIENT', label: { zh: '客户', en: 'External client' }, scope: 'client', permissions: CLIENT },
];

export function roleDef(code: string): RoleDef | undefined {
  return ROLES.find((r) => r.code === code);
}

/** The role list entry of a session: `role:<CODE>` before the permission strings (DOMAIN.md §2.1). */
export const rolePrefix = (code: string): string => `role:${code}`;

// ---------------------------------------------------------------------------------------------
// Positions (DOMAIN.md §3.2 Position); position QC makes the session's isQC true.
// ---------------------------------------------------------------------------------------------

export const POSITIONS = [
  { code: 1, zh: '职员', en: 'Staff' },
  { code: 2, zh: '品管', en: 'QC' },
  { code: 3, zh: '验货员', en: 'Inspector' },
  { code: 4, zh: '主管', en: 'Supervisor' },
  { code: 5, zh: '经理', en: 'Manager' },
  { code: 6, zh: '总监', en: 'Director' },
] as const;
export type PositionCode = (typeof POSITIONS)[number]['code'];
export const POSITION_QC: PositionCode = 2;

// ---------------------------------------------------------------------------------------------
// Modules, routes and route gates (DOMAIN.md §2.1 and §5.2).
// ---------------------------------------------------------------------------------------------

/** Menu sections in menu order. */
export const MODULE_CODES = [
  'HOME',
  'CLIENT',
  'SAMPLE',
  'ORDER',
  'TEST',
  'INSPECTION',
  'LOADING',
  'BOOKING',
  'DAILY',
  'STANDARD',
  'SYSTEM',
  'REPORTFORM',
] as const;
export type ModuleCode = (typeof MODULE_CODES)[number];

export const MODULE_LABELS: Readonly<Record<ModuleCode, Labels>> = {
  HOME: { zh: '首页', en: 'Home' },
  CLIENT: { zh: '客户', en: 'Clients' },
  SAMPLE: { zh: '样品', en: 'Samples' },
  ORDER: { zh: '订单', en: 'Orders' },
  TEST: { zh: '测试', en: 'Testing' },
  INSPECTION: { zh: '验货', en: 'Inspection' },
  LOADING: { zh: '监装', en: 'Loading' },
  BOOKING: { zh: '预约', en: 'Bookings' },
  DAILY: { zh: '工作日报', en: 'Daily reports' },
  STANDARD: { zh: '标准', en: 'Standards' },
  SYSTEM: { zh: '系统', en: 'System' },
  REPORTFORM: { zh: '报表', en: 'Report forms' },
};

export function isModuleCode(value: string): value is ModuleCode {
  return (MODULE_CODES as readonly string[]).includes(value);
}

export interface RouteDef {
  /** Route name (spec §2 and DOMAIN.md §5.2): PascalCase of the path, `Detail` for the `{id}` form. */
  name: string;
  /** Path under /{language}, router syntax (`:id`, `:configType?`). */
  path: string;
  module: ModuleCode;
  /** The user needs any one of these (DOMAIN.md §5.2); empty = every signed-in user. */
  anyOf: readonly Permission[];
  /** A list screen, offered in the menu (detail routes are reached from lists, never from the menu). */
  menu: boolean;
  label: Labels;
}

const route = (
  name: string,
  path: string,
  module: ModuleCode,
  anyOf: readonly Permission[],
  label: Labels,
): RouteDef => ({ name, path, module, anyOf, menu: !/:[A-Za-z]+(?![A-Za-z?])/.test(path), label });

const CLIENT_GATE: Permission[] = ['client.search'];
const MATERIAL_GATE: Permission[] = ['material.search', 'material.edit'];
const MATERIALTEST_GATE: Permission[] = ['materialtest.search', 'materialtest.edit', 'materialtest.push'];
const ORIGINAL_GATE: Permission[] = ['originalsample.search', 'originalsample.edit'];
const PRODUCTION_GATE: Permission[] = [
  'productionsample.search',
  'productionsample.edit',
  'productionsample.audit',
  'productionsample.cancel',
];
const FIRST_GATE: Permission[] = [
  'firstsample.search',
  'firstsample.edit',
  'firstsample.check',
  'firstsample.audit',
];
const ORDER_GATE: Permission[] = ['order.search'];
const TEST_GATE: Permission[] = ['test.search', 'test.create', 'test.edit', 'test.finance'];
const RISK_GATE: Permission[] = ['orderrisk.search', 'orderrisk.edit', 'orderrisk.sync', 'orderrisk.reset'];
const REPORT_GATE: Permission[] = [
  'testreport.search',
  'testreport.edit',
  'testreport.result',
  'testreport.verify',
  'testreport.retest',
  'testreport.export',
];
const APPLY_GATE: Permission[] = ['inspapply.search', 'inspapply.edit', 'inspapply.waive'];
const INSP_REPORT_GATE: Permission[] = ['insp.report.search', 'insp.report.edit'];
const SUPERVISE_GATE: Permission[] = ['supervise.search', 'supervise.edit', 'supervise.audit'];
const BOOKING_GATE: Permission[] = ['booking.search', 'booking.create', 'booking.admin'];
const DAILY_DETAIL_GATE: Permission[] = [
  'dailyreport.search',
  'dailyreport.edit',
  'dailyreport.check',
  'dailyreport.send',
];
// Scores are a tab of the daily-report list (DOMAIN.md §5.2).
const DAILY_GATE: Permission[] = [...DAILY_DETAIL_GATE, 'score.view'];
const STANDARD_GATE: Permission[] = ['standard.search', 'standard.edit'];
const USER_GATE: Permission[] = [
  'user.search',
  'user.edit',
  'user.impersonate',
  'user.register',
  'group.edit',
  'role.edit',
];
const CONFIG_GATE: Permission[] = [
  'config.search',
  'config.edit',
  'config.edit.qc',
  'config.edit.lab',
  'mail.admin',
];

/** Every guarded route, grouped by module in menu order. */
export const ROUTES: readonly RouteDef[] = [
  route('Home', '', 'HOME', [], { zh: '首页', en: 'Home' }),
  route('HomeSearch', 'search', 'HOME', [], { zh: '搜索', en: 'Search' }),
  route('Client', 'client', 'CLIENT', CLIENT_GATE, { zh: '客户', en: 'Clients' }),
  route('ClientDetail', 'client/:id', 'CLIENT', CLIENT_GATE, { zh: '客户详情', en: 'Client' }),
  route('ClientSafeTest', 'client/safetest/:id', 'CLIENT', CLIENT_GATE, {
    zh: '客户要求',
    en: 'Client requirements',
  }),
  route('Material', 'material', 'SAMPLE', MATERIAL_GATE, { zh: '材料', en: 'Materials' }),
  route('MaterialDetail', 'material/:id', 'SAMPLE', MATERIAL_GATE, { zh: '材料详情', en: 'Material' }),
  route('MaterialTest', 'materialtest', 'SAMPLE', MATERIALTEST_GATE, {
    zh: '材料测试',
    en: 'Material tests',
  }),
  route('MaterialTestDetail', 'materialtest/:id', 'SAMPLE', MATERIALTEST_GATE, {
    zh: '材料测试详情',
    en: 'Material test',
  }),
  route('OriginalSample', 'originalsample', 'SAMPLE', ORIGINAL_GATE, { zh: '原样', en: 'Original samples' }),
  route('OriginalSampleDetail', 'originalsample/:id', 'SAMPLE', ORIGINAL_GATE, {
    zh: '原样详情',
    en: 'Original sample',
  }),
  route('ProductionSample', 'productionsample', 'SAMPLE', PRODUCTION_GATE, {
    zh: '大货样',
    en: 'Production samples',
  }),
  route('ProductionSampleDetail', 'productionsample/:id', 'SAMPLE', PRODUCTION_GATE, {
    zh: '大货样详情',
    en: 'Production sample',
  }),
  route('OrderProduct', 'orderproduct', 'SAMPLE', PRODUCTION_GATE, { zh: '订单产品', en: 'Order products' }),
  route('FirstSample', 'firstsample', 'SAMPLE', FIRST_GATE, { zh: '首样', en: 'First samples' }),
  route('FirstSampleDetail', 'firstsample/:id', 'SAMPLE', FIRST_GATE, { zh: '首样详情', en: 'First sample' }),
  route('FirstSampleResult', 'firstsample/result/:id', 'SAMPLE', FIRST_GATE, {
    zh: '首样结果',
    en: 'First-sample result',
  }),
  route('Order', 'order', 'ORDER', ORDER_GATE, { zh: '订单', en: 'Orders' }),
  route('OrderDetail', 'order/:id', 'ORDER', ORDER_GATE, { zh: '订单详情', en: 'Order' }),
  route('OrderFile', 'orderfile', 'ORDER', ['order.import'], { zh: '订单文件', en: 'Order file' }),
  route('Contract', 'contract/:id', 'ORDER', ['contract.search', 'contract.file.edit'], {
    zh: '合同',
    en: 'Contract',
  }),
  route('OrderTest', 'ordertest', 'TEST', TEST_GATE, { zh: '测试单', en: 'Test orders' }),
  route('OrderTestDetail', 'ordertest/:id', 'TEST', TEST_GATE, { zh: '测试单详情', en: 'Test order' }),
  route('OrderRisk', 'orderrisk', 'TEST', RISK_GATE, { zh: '高风险测试', en: 'High-risk tests' }),
  route('OrderRiskDetail', 'orderrisk/:id', 'TEST', RISK_GATE, {
    zh: '高风险测试详情',
    en: 'High-risk test',
  }),
  route('SafeTestInspection', 'safetest/inspection', 'TEST', ['safetest.search'], {
    zh: '安全测试',
    en: 'Safety tests',
  }),
  route('TestReport', 'testreport', 'TEST', REPORT_GATE, { zh: '测试报告', en: 'Test reports' }),
  route('TestReportDetail', 'testreport/:id', 'TEST', REPORT_GATE, { zh: '测试报告详情', en: 'Test report' }),
  route('InspectionApply', 'inspection/apply', 'INSPECTION', APPLY_GATE, {
    zh: '验货申请',
    en: 'Inspection applications',
  }),
  route('InspectionApplys', 'inspection/applys', 'INSPECTION', APPLY_GATE, {
    zh: '验货明细',
    en: 'Inspection details',
  }),
  route('InspectionPlan', 'inspection/plan', 'INSPECTION', ['inspplan.search', 'inspplan.create'], {
    zh: '验货计划',
    en: 'Inspection plans',
  }),
  route('InspectionTask', 'inspection/task', 'INSPECTION', ['insptask.search'], {
    zh: '验货任务',
    en: 'Inspection tasks',
  }),
  route('InspectionReport', 'inspection/report', 'INSPECTION', INSP_REPORT_GATE, {
    zh: '验货报告',
    en: 'Inspection reports',
  }),
  route(
    'InspectionReportDetail',
    'inspection/report/:id',
    'INSPECTION',
    ['insp.report.search', 'insp.instruction.create'],
    { zh: '验货报告详情', en: 'Inspection report' },
  ),
  route('InlineReport', 'inline-report/:id', 'INSPECTION', ['insp.report.search'], {
    zh: '中期报告',
    en: 'Inline report',
  }),
  route('FactorySchedule', 'factory/schedule', 'INSPECTION', ['schedule.search', 'schedule.edit'], {
    zh: '排期',
    en: 'Factory schedule',
  }),
  route('SuperviseReport', 'supervisereport', 'LOADING', SUPERVISE_GATE, {
    zh: '监装报告',
    en: 'Supervise reports',
  }),
  route('PreSuperviseReport', 'pre-supervisereport', 'LOADING', SUPERVISE_GATE, {
    zh: '预监装',
    en: 'Pre-supervise',
  }),
  route('SuperviseReportDetail', 'supervisereport/:id', 'LOADING', SUPERVISE_GATE, {
    zh: '监装报告详情',
    en: 'Supervise report',
  }),
  route('InspectionBooking', 'inspection/booking', 'BOOKING', BOOKING_GATE, {
    zh: '验货预约',
    en: 'Inspection bookings',
  }),
  route('InspectionBookingDetail', 'inspection/booking/:id', 'BOOKING', BOOKING_GATE, {
    zh: '验货预约详情',
    en: 'Inspection booking',
  }),
  route('DailyWorkReport', 'dailyworkreport', 'DAILY', DAILY_GATE, {
    zh: '工作日报',
    en: 'Daily work reports',
  }),
  route('DailyWorkReportDetail', 'dailyworkreport/:year/:month/:day/:id', 'DAILY', DAILY_DETAIL_GATE, {
    zh: '工作日报详情',
    en: 'Daily work report',
  }),
  route('StandardCommon', 'standard/common', 'STANDARD', STANDARD_GATE, {
    zh: '通用标准',
    en: 'Common standards',
  }),
  route('StandardCommonDetail', 'standard/common/:id', 'STANDARD', STANDARD_GATE, {
    zh: '通用标准详情',
    en: 'Common standard',
  }),
  route('StandardCountry', 'standard/country', 'STANDARD', STANDARD_GATE, {
    zh: '国家标准',
    en: 'Country standards',
  }),
  route('StandardCountryDetail', 'standard/country/:id', 'STANDARD', STANDARD_GATE, {
    zh: '国家标准详情',
    en: 'Country standard',
  }),
  route('User', 'user', 'SYSTEM', USER_GATE, { zh: '用户', en: 'Users' }),
  route(
    'UserDetail',
    'user/:id',
    'SYSTEM',
    ['user.search', 'user.edit', 'user.impersonate', 'user.register'],
    {
      zh: '用户详情',
      en: 'User',
    },
  ),
  route('Config', 'config/:configType?', 'SYSTEM', CONFIG_GATE, { zh: '系统配置', en: 'Configuration' }),
  route('ReportForm', 'reportform', 'REPORTFORM', ['reportform.export'], { zh: '报表', en: 'Report forms' }),
  route('ApiReference', 'system/api', 'SYSTEM', ['api.docs'], { zh: '接口文档', en: 'API reference' }),
];

/** Routes every signed-in user may open whatever the modules (DOMAIN.md §5.2). */
export const ALWAYS_PERMITTED_ROUTES = ['Home', 'HomeSearch', 'NotFound'] as const;

/** Routes that need no session, and Invalidate, which the guard never checks (spec §2). */
export const PUBLIC_ROUTES = [
  'Login',
  'ForgetPassword',
  'Help',
  'ChanePassword',
  'VerifyAccount',
  'ErrorNetwork',
  'ShareFile',
  'Invalidate',
] as const;

export interface Navigation {
  /** Held modules in menu order. */
  main: ModuleCode[];
  /** Per held module, its permitted list routes in menu order. */
  secondary: Partial<Record<ModuleCode, string[]>>;
}

export interface RouteAccess {
  modules: ModuleCode[];
  routes: string[];
  navigation: Navigation;
}

const routeAllowed = (r: RouteDef, modules: ReadonlySet<string>, permissions: ReadonlySet<string>) =>
  modules.has(r.module) && (r.anyOf.length === 0 || r.anyOf.some((p) => permissions.has(p)));

/**
 * The permitted-route list and navigation object of a session (DOMAIN.md §2.1, §5.2): a route is
 * permitted when its module is held and any of its gate permissions is held; HOME is always held.
 */
export function accessFor(heldModules: Iterable<string>, permissions: ReadonlySet<string>): RouteAccess {
  const held = new Set<string>(['HOME', ...heldModules]);
  const modules = MODULE_CODES.filter((m) => held.has(m));
  const permitted = ROUTES.filter((r) => routeAllowed(r, held, permissions));
  const routes = [...new Set([...ALWAYS_PERMITTED_ROUTES, ...permitted.map((r) => r.name)])];
  const secondary: Partial<Record<ModuleCode, string[]>> = {};
  for (const r of permitted) {
    if (!r.menu) continue;
    const list = secondary[r.module] ?? [];
    list.push(r.name);
    secondary[r.module] = list;
  }
  return { modules, routes, navigation: { main: modules, secondary } };
}

/** The modules in which a set of permissions opens at least one route (used to seed groups). */
export function modulesReachableWith(permissions: ReadonlySet<string>): ModuleCode[] {
  return MODULE_CODES.filter(
    (m) => m === 'HOME' || ROUTES.some((r) => r.module === m && r.anyOf.some((p) => permissions.has(p))),
  );
}
