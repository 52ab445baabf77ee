import { ROUTES } from '@qcdesk/contract/roles';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BUILT_ROUTES } from './pages';
import { routes } from './router';

const nameOf = (path: string) => {
  const matches = matchRoutes(routes as RouteObject[], path) ?? [];
  const last = matches[matches.length - 1];
  return (last?.route.handle as { name?: string } | undefined)?.name;
};

describe('route table (spec §2)', () => {
  it('registers every route of the contract under its name, behind the guard', () => {
    for (const def of ROUTES) {
      const path = `/en/${def.path.replace(/:([A-Za-z]+)\??/g, '1')}`.replace(/\/$/, '');
      expect(nameOf(path), def.path).toBe(def.name);
    }
  });

  it('registers the public routes and the shell pages', () => {
    expect(nameOf('/zh/login')).toBe('Login');
    expect(nameOf('/zh/forgetpassword')).toBe('ForgetPassword');
    expect(nameOf('/zh/password')).toBe('ChanePassword');
    expect(nameOf('/zh/verify')).toBe('VerifyAccount');
    expect(nameOf('/zh/help')).toBe('Help');
    expect(nameOf('/zh/network-error')).toBe('ErrorNetwork');
    expect(nameOf('/zh/invalidate')).toBe('Invalidate');
    expect(nameOf('/zh/settings')).toBe('Settings');
    expect(nameOf('/s/abc')).toBe('ShareFile');
    expect(nameOf('/en/no/such/page')).toBe('NotFound');
    expect(nameOf('/en/config')).toBe('Config');
    expect(nameOf('/en/config/mailbox')).toBe('Config');
  });

  it('says which screens exist; the rest show the coming-later page', () => {
    expect(BUILT_ROUTES).toEqual(expect.arrayContaining(['Home', 'User', 'UserDetail', 'Login']));
    expect(BUILT_ROUTES).toEqual(expect.arrayContaining(['InspectionReport', 'SafeTestInspection']));
    expect(BUILT_ROUTES).toEqual(expect.arrayContaining(['DailyWorkReport', 'DailyWorkReportDetail']));
    expect(BUILT_ROUTES).toContain('ReportForm');
    expect(BUILT_ROUTES).toContain('ApiReference');
    expect(BUILT_ROUTES).toEqual(
      expect.arrayContaining(['SuperviseReport', 'PreSuperviseReport', 'SuperviseReportDetail']),
    );
  });
});
