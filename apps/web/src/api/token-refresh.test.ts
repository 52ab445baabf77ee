import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createTokenStore, tokenKeys } from './session-tokens';
import { createTokenRefresher } from './token-refresh';

const store = () => createTokenStore(() => 'product');

function refresherWith(exchange: (token: string) => Promise<{ accessToken: string; refreshToken: string }>) {
  const tokens = store();
  const spy = vi.fn(exchange);
  const refresher = createTokenRefresher({ tokens, exchange: spy, expiredMessage: () => 'token expired' });
  return { tokens, exchange: spy, refresher };
}

describe('session tokens (spec §3)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the bearer in session storage and a remembered refresh token in local storage', () => {
    const tokens = store();
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, true);
    expect(sessionStorage.getItem('qcdesk.bearerToken')).toBe('b1');
    expect(localStorage.getItem('qcdesk.refreshToken')).toBe('r1');
    expect(tokens.remembered()).toBe(true);

    tokens.save({ bearerToken: 'b2', refreshToken: 'r2' }, false);
    expect(localStorage.getItem('qcdesk.refreshToken')).toBeNull();
    expect(sessionStorage.getItem('qcdesk.refreshToken')).toBe('r2');
    expect(tokens.remembered()).toBe(false);
    expect(tokens.refresh()).toBe('r2');
  });

  it('rotates where the old pair was kept, and clears both', () => {
    const tokens = store();
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, true);
    tokens.rotate('b2', 'r2');
    expect(localStorage.getItem('qcdesk.refreshToken')).toBe('r2');
    expect(tokens.bearer()).toBe('b2');
    tokens.clear();
    expect(tokens.hasAny()).toBe(false);
  });

  it('keeps the sandbox session apart from the product one, under prefixed keys', () => {
    expect(tokenKeys('dev')).toEqual({
      bearer: 'qcdesk.dev.bearerToken',
      refresh: 'qcdesk.dev.refreshToken',
      impersonator: 'qcdesk.dev.impersonator',
    });
    const dev = createTokenStore(() => 'dev');
    dev.save({ bearerToken: 'db', refreshToken: 'dr' }, true);
    expect(store().hasAny()).toBe(false);
    expect(dev.bearer()).toBe('db');
  });
});

describe('token refresh (spec §4, §8)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('trades the refresh token for a new pair and stores it', async () => {
    const { tokens, exchange, refresher } = refresherWith(async () => ({
      accessToken: 'b2',
      refreshToken: 'r2',
    }));
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, true);
    await expect(refresher.refresh('b1')).resolves.toEqual({ ok: true });
    expect(exchange).toHaveBeenCalledWith('r1');
    expect(tokens.bearer()).toBe('b2');
    expect(localStorage.getItem('qcdesk.refreshToken')).toBe('r2');
  });

  it('makes one exchange for concurrent callers', async () => {
    let release: () => void = () => {};
    const { tokens, exchange, refresher } = refresherWith(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ accessToken: 'b2', refreshToken: 'r2' });
        }),
    );
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, false);
    const all = Promise.all([refresher.refresh('b1'), refresher.refresh('b1'), refresher.refresh('b1')]);
    await Promise.resolve();
    release();
    expect(await all).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('does not exchange again when the bearer already changed (another call refreshed first)', async () => {
    const { tokens, exchange, refresher } = refresherWith(async () => ({
      accessToken: 'x',
      refreshToken: 'y',
    }));
    tokens.save({ bearerToken: 'b2', refreshToken: 'r2' }, true);
    await expect(refresher.refresh('b1')).resolves.toEqual({ ok: true });
    expect(exchange).not.toHaveBeenCalled();
  });

  it('answers no outcome error when there is no refresh token', async () => {
    const { exchange, refresher } = refresherWith(async () => ({ accessToken: 'x', refreshToken: 'y' }));
    await expect(refresher.refresh(null)).resolves.toEqual({ ok: false });
    expect(exchange).not.toHaveBeenCalled();
  });

  it('clears the tokens on a refusal and carries the server text', async () => {
    const { tokens, refresher } = refresherWith(async () => {
      throw new ApiError({ code: 400, status: 400, reason: 'REFRESH_EXPIRED', message: 'token expired' });
    });
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, true);
    const outcome = await refresher.refresh('b1');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error?.message).toBe('token expired');
    expect(tokens.hasAny()).toBe(false);
  });

  it('falls back to "token expired" when the refusal has no text', async () => {
    const { tokens, refresher } = refresherWith(async () => {
      throw new ApiError({ code: 400, status: 400, message: '' });
    });
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, true);
    const outcome = await refresher.refresh('b1');
    expect(!outcome.ok && outcome.error).toMatchObject({
      message: 'token expired',
      reason: 'REFRESH_EXPIRED',
    });
  });

  it('keeps the tokens when the network failed', async () => {
    const { tokens, refresher } = refresherWith(async () => {
      throw new ApiError({ code: 501, status: 0, message: 'Error:Network(网络异常)' });
    });
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, true);
    const outcome = await refresher.refresh('b1');
    expect(!outcome.ok && outcome.error?.code).toBe(501);
    expect(tokens.refresh()).toBe('r1');
  });

  it('refreshes under the exclusive lock', async () => {
    const tokens = store();
    tokens.save({ bearerToken: 'b1', refreshToken: 'r1' }, true);
    const order: string[] = [];
    const refresher = createTokenRefresher({
      tokens,
      exchange: async () => {
        order.push('exchange');
        return { accessToken: 'b2', refreshToken: 'r2' };
      },
      exclusive: async (work) => {
        order.push('lock');
        const result = await work();
        order.push('unlock');
        return result;
      },
      expiredMessage: () => 'token expired',
    });
    await refresher.refresh('b1');
    expect(order).toEqual(['lock', 'exchange', 'unlock']);
  });
});
