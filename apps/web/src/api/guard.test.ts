import { ROUTES } from '@qcdesk/contract/roles';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { decideNavigation, hasPermission, outcomeFromError, type Session, safeRedirect } from './guard';

const session = (routes: string[], roles: string[] = []) => ({ routes, roles }) as unknown as Session;
const target = { language: 'en' as const, fullPath: '/en/order/12?tab=files' };
const encoded = encodeURIComponent(target.fullPath);

describe('route guard (spec §2)', () => {
  it('lets public routes through whatever the session', () => {
    for (const name of [
      'Login',
      'ForgetPassword',
      'Help',
      'ChanePassword',
      'VerifyAccount',
      'ErrorNetwork',
      'ShareFile',
      'Invalidate',
    ]) {
      expect(decideNavigation({ kind: 'signedOut' }, name, target)).toEqual({ kind: 'allow' });
    }
  });

  it('sends a signed-out user to Login with the full path as redirect', () => {
    expect(decideNavigation({ kind: 'signedOut' }, 'OrderDetail', target)).toEqual({
      kind: 'redirect',
      to: `/en/login?redirect=${encoded}`,
    });
  });

  it('carries the message of a session that was lost (refresh refused, code 500)', () => {
    expect(decideNavigation({ kind: 'signedOut', message: 'token expired' }, 'Home', target)).toEqual({
      kind: 'redirect',
      to: `/en/login?redirect=${encoded}`,
      message: 'token expired',
    });
    expect(
      decideNavigation({ kind: 'refused', message: 'The account is locked or deleted' }, 'Home', target),
    ).toMatchObject({
      to: `/en/login?redirect=${encoded}`,
      message: 'The account is locked or deleted',
    });
  });

  it('allows a route in the permitted-route list and sends others to Invalidate', () => {
    const s = session(['Home', 'Order', 'OrderDetail']);
    expect(decideNavigation({ kind: 'session', session: s }, 'OrderDetail', target)).toEqual({
      kind: 'allow',
    });
    expect(decideNavigation({ kind: 'session', session: s }, 'User', target)).toEqual({
      kind: 'redirect',
      to: `/en/invalidate?from=${encoded}`,
    });
  });

  it('always allows Home, HomeSearch, NotFound and the own settings to a session', () => {
    for (const name of ['Home', 'HomeSearch', 'NotFound', 'Settings']) {
      expect(decideNavigation({ kind: 'session', session: session([]) }, name, target)).toEqual({
        kind: 'allow',
      });
    }
  });

  it('sends -1001 to ChanePassword and -1002 to VerifyAccount, keeping the redirect', () => {
    expect(decideNavigation({ kind: 'mustChangePassword' }, 'Home', target)).toEqual({
      kind: 'redirect',
      to: `/en/password?redirect=${encoded}`,
    });
    expect(decideNavigation({ kind: 'mustVerify' }, 'Home', { ...target, language: 'zh' })).toEqual({
      kind: 'redirect',
      to: `/zh/verify?redirect=${encoded}`,
    });
  });

  it('sends an unreachable server to the network-error page', () => {
    expect(decideNavigation({ kind: 'network' }, 'Client', target)).toEqual({
      kind: 'redirect',
      to: `/en/network-error?redirect=${encoded}`,
    });
  });

  it('guards every route of the contract table', () => {
    for (const def of ROUTES) {
      expect(decideNavigation({ kind: 'signedOut' }, def.name, target).kind, def.name).toBe('redirect');
    }
  });
});

describe('session check outcomes (spec §8)', () => {
  const error = (code: number, status = 200, message = 'm') => new ApiError({ code, status, message });

  it('reads the session codes', () => {
    expect(outcomeFromError(error(-1001), true).kind).toBe('mustChangePassword');
    expect(outcomeFromError(error(-1002), true).kind).toBe('mustVerify');
    expect(outcomeFromError(error(500, 400, 'locked'), true)).toEqual({ kind: 'refused', message: 'locked' });
    expect(outcomeFromError(error(501, 0), true).kind).toBe('network');
  });

  it('says why only when there was a session to lose', () => {
    expect(outcomeFromError(error(401, 401, 'Unauthorized'), false)).toEqual({ kind: 'signedOut' });
    expect(outcomeFromError(error(400, 400, 'token expired'), true)).toEqual({
      kind: 'signedOut',
      message: 'token expired',
    });
  });
});

describe('redirect targets', () => {
  it('follows only paths of this app', () => {
    expect(safeRedirect('/en/order/1?x=1', '/en')).toBe('/en/order/1?x=1');
    expect(safeRedirect('https://evil.example/', '/en')).toBe('/en');
    expect(safeRedirect('//evil.example/', '/en')).toBe('/en');
    expect(safeRedirect('/\\evil.example', '/en')).toBe('/en');
    expect(safeRedirect(null, '/zh')).toBe('/zh');
  });

  it('reads permissions from the roles list', () => {
    expect(hasPermission(session([], ['role:ADMIN', 'user.edit']), 'user.edit')).toBe(true);
    expect(hasPermission(session([], ['role:QC']), 'user.edit')).toBe(false);
    expect(hasPermission(undefined, 'user.edit')).toBe(false);
  });
});
