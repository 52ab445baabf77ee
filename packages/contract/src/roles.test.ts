import { describe, expect, it } from 'vitest';
import { operations } from './catalogue';
import { isPermission, PERMISSIONS, permissionLabel } from './permissions';
import { accessFor, MODULE_CODES, modulesReachableWith, ROLE_CODES, ROLES, ROUTES, roleDef } from './roles';

// The permission catalogue (DOMAIN.md §5.2), the roles and their matrix (§5.1, §5.3), and the
// route gates the session check and the route guard share.

/** The public operations (ARCHITECTURE.md: an operation with no permission is a defect unless named here). */
const PUBLIC_OPERATIONS = [
  'GET system/info',
  'POST auth',
  'GET access-token',
  'POST logout',
  'POST auth/code/send',
  'POST auth/code/login',
  'POST auth/qr/token',
  'GET auth/qr/status',
  'POST password/forgot',
  'PUT register',
  'POST interim/login',
];

describe('permission catalogue', () => {
  it('keeps the seven strings of spec §6 verbatim and has no duplicates', () => {
    for (const p of [
      'order.search',
      'test.create',
      'inspapply.edit',
      'inspplan.create',
      'booking.create',
      'booking.admin',
      'insp.report.admin',
    ]) {
      expect(isPermission(p), p).toBe(true);
    }
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(permissionLabel('contract.file.edit', 'en')).toBe('Contracts · Edit files');
    expect(permissionLabel('insp.report.admin', 'zh')).toBe('验货报告 · 管理');
  });

  it('every operation names a catalogue permission, or is signed-in, or one of the named public ones', () => {
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (op.permission === 'public') expect(PUBLIC_OPERATIONS, key).toContain(key);
      else if (op.permission !== 'signed-in') expect(isPermission(op.permission), key).toBe(true);
      for (const also of op.alsoPermitted ?? []) expect(isPermission(also), key).toBe(true);
    }
  });
});

describe('roles and the matrix (DOMAIN.md §5.3)', () => {
  it('has the nine roles, each with catalogue permissions only; ADMIN holds all', () => {
    expect(ROLES.map((r) => r.code)).toEqual([...ROLE_CODES]);
    for (const role of ROLES) {
      for (const p of role.permissions) expect(isPermission(p), `${role.code} ${p}`).toBe(true);
      expect(new Set(role.permissions).size, role.code).toBe(role.permissions.length);
    }
    expect(new Set(roleDef('ADMIN')!.permissions)).toEqual(new Set(PERMISSIONS));
  });

  it.each([
    ['SALES', 'client.edit', true],
    ['SALES', 'client.admin', false],
    ['SALES_MGR', 'client.admin', true],
    ['SALES_MGR', 'user.search', true],
    ['QC', 'test.create', true],
    ['QC', 'testreport.retest', true],
    ['QC', 'contract.search', false],
    ['QC_MGR', 'inspplan.create', true],
    ['QC_MGR', 'booking.admin', true],
    ['QC_MGR', 'insp.report.admin', true],
    ['QC_MGR', 'inspapply.edit', false],
    ['QC_MGR', 'config.edit.qc', true],
    ['INSPECTOR', 'insp.report.edit', true],
    ['INSPECTOR', 'insptask.search', true],
    ['INSPECTOR', 'inspplan.search', false],
    ['LAB', 'test.finance', true],
    ['LAB', 'config.edit.lab', true],
    ['LAB', 'firstsample.search', false],
    ['AUDITOR', 'testreport.verify', true],
    ['AUDITOR', 'insp.report.audit', true],
    ['CLIENT', 'insp.instruction.create', true],
    ['CLIENT', 'booking.create', true],
    ['CLIENT', 'client.search', false],
    ['CLIENT', 'insp.report.send', false],
  ])('%s %s → %s', (role, permission, held) => {
    expect(roleDef(role)!.permissions.includes(permission as never)).toBe(held);
  });

  it('gives each role the default scope of §5.1', () => {
    expect(Object.fromEntries(ROLES.map((r) => [r.code, r.scope]))).toEqual({
      ADMIN: 'all',
      SALES: 'department',
      SALES_MGR: 'department',
      QC: 'all',
      QC_MGR: 'all',
      INSPECTOR: 'inspector',
      LAB: 'all',
      AUDITOR: 'all',
      CLIENT: 'client',
    });
  });
});

describe('routes and navigation (DOMAIN.md §2.1, §5.2)', () => {
  it('names every route once, gates them with catalogue permissions, and spells the spec paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    for (const r of ROUTES) for (const p of r.anyOf) expect(isPermission(p), r.name).toBe(true);
    const path = (name: string) => ROUTES.find((r) => r.name === name)?.path;
    expect(path('ClientSafeTest')).toBe('client/safetest/:id');
    expect(path('DailyWorkReportDetail')).toBe('dailyworkreport/:year/:month/:day/:id');
    expect(ROUTES.find((r) => r.name === 'Config')!.menu).toBe(true);
    expect(ROUTES.find((r) => r.name === 'InlineReport')!.menu).toBe(false);
  });

  it('permits a route when its module is held and any gate permission is', () => {
    const qc = new Set(roleDef('QC')!.permissions);
    const none = accessFor([], qc);
    expect(none.routes).toEqual(['Home', 'HomeSearch', 'NotFound']);
    expect(none.navigation).toEqual({ main: ['HOME'], secondary: { HOME: ['Home', 'HomeSearch'] } });
    const test = accessFor(['TEST', 'SYSTEM'], qc);
    expect(test.modules).toEqual(['HOME', 'TEST', 'SYSTEM']);
    expect(test.routes).toEqual(
      expect.arrayContaining(['OrderTest', 'OrderTestDetail', 'OrderRisk', 'TestReport']),
    );
    expect(test.routes).not.toContain('User');
    expect(test.navigation.secondary.TEST).toEqual([
      'OrderTest',
      'OrderRisk',
      'SafeTestInspection',
      'TestReport',
    ]);
    expect(test.navigation.secondary.SYSTEM).toBeUndefined();
  });

  it('the reachable modules of ADMIN are all of them; of CLIENT only what it can open', () => {
    expect(modulesReachableWith(new Set(roleDef('ADMIN')!.permissions))).toEqual([...MODULE_CODES]);
    expect(modulesReachableWith(new Set(roleDef('CLIENT')!.permissions))).toEqual([
      'HOME',
      'SAMPLE',
      'ORDER',
      'TEST',
      'INSPECTION',
      'LOADING',
      'BOOKING',
    ]);
  });
});
