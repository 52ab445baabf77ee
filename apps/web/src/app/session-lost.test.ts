import { describe, expect, it } from 'vitest';
import { sessionLostTarget } from './session-lost';

describe('a 400 answer (spec §8)', () => {
  it('goes to Login with the current path as redirect', () => {
    expect(sessionLostTarget('/en/order/3?tab=x', 'order/details', 'zh')).toBe(
      `/en/login?redirect=${encodeURIComponent('/en/order/3?tab=x')}`,
    );
  });

  it('does nothing for the user check, which the route guard handles', () => {
    expect(sessionLostTarget('/en/order', 'check', 'en')).toBeNull();
  });

  it('does nothing on the login and forgot-password pages', () => {
    expect(sessionLostTarget('/zh/login?redirect=%2Fzh', 'auth', 'zh')).toBeNull();
    expect(sessionLostTarget('/en/forgetpassword', 'password/forgot', 'en')).toBeNull();
  });

  it('goes to Login without redirect from a page whose path contains "password"', () => {
    expect(sessionLostTarget('/en/password?token=abc', 'register', 'zh')).toBe('/en/login');
  });

  it('uses the fallback language on a path without one', () => {
    expect(sessionLostTarget('/s/abc', 'share/get', 'zh')).toBe(
      `/zh/login?redirect=${encodeURIComponent('/s/abc')}`,
    );
  });
});
