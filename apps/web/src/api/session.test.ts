import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { api } from './client';
import type { Session } from './guard';
import { queryClient } from './query-client';
import {
  beginImpersonation,
  canEndImpersonation,
  endImpersonation,
  loadSession,
  sessionKey,
} from './session';
import { tokens } from './session-tokens';

const session = { uid: '1', name: 'A', routes: ['Home'], roles: [] } as unknown as Session;

describe('the session check of the route guard (spec §2, §4, §8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    queryClient.clear();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('asks nothing without tokens: signed out, and no message', async () => {
    const call = vi.spyOn(api, 'call');
    await expect(loadSession()).resolves.toEqual({ kind: 'signedOut' });
    expect(call).not.toHaveBeenCalled();
  });

  it('checks once and shares the answer with navigations that follow at once', async () => {
    tokens.save({ bearerToken: 'b', refreshToken: 'r' }, false);
    const call = vi.spyOn(api, 'call').mockResolvedValue(session);
    await expect(loadSession()).resolves.toEqual({ kind: 'session', session });
    await loadSession();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[0]).toMatchObject({ path: 'check' });
    // The guard decides about a lost session itself: the call neither toasts nor reports a 400.
    expect(call.mock.calls[0]?.[2]).toMatchObject({ silent: true, sessionLost: false });
    expect(queryClient.getQueryData(sessionKey)).toEqual(session);
  });

  it('reads the session codes and drops the cached session', async () => {
    tokens.save({ bearerToken: 'b', refreshToken: 'r' }, false);
    queryClient.setQueryData(sessionKey, session, { updatedAt: 0 });
    vi.spyOn(api, 'call').mockRejectedValue(
      new ApiError({ code: -1001, status: 200, message: 'Password must be changed' }),
    );
    await expect(loadSession()).resolves.toMatchObject({ kind: 'mustChangePassword' });
    expect(queryClient.getQueryData(sessionKey)).toBeUndefined();
  });

  it('says "token expired" when the refresh after a 401 was refused', async () => {
    tokens.save({ bearerToken: 'b', refreshToken: 'r' }, true);
    vi.spyOn(api, 'call').mockRejectedValue(
      new ApiError({ code: 400, status: 400, reason: 'REFRESH_EXPIRED', message: 'token expired' }),
    );
    await expect(loadSession()).resolves.toEqual({ kind: 'signedOut', message: 'token expired' });
  });
});

describe('impersonation', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps the administrator’s own session aside and takes it back', async () => {
    tokens.save({ bearerToken: 'admin-b', refreshToken: 'admin-r' }, true);
    beginImpersonation({ bearerToken: 'imp-b', refreshToken: 'imp-r' });
    expect(tokens.bearer()).toBe('imp-b');
    // An impersonation is never remembered beyond the browser session.
    expect(tokens.remembered()).toBe(false);
    expect(canEndImpersonation()).toBe(true);

    const call = vi.spyOn(api, 'call').mockResolvedValue({});
    await endImpersonation();
    expect(call.mock.calls[0]?.[0]).toMatchObject({ path: 'logout' });
    expect(call.mock.calls[0]?.[1]).toEqual({ refreshToken: 'imp-r' });
    expect(tokens.bearer()).toBe('admin-b');
    expect(tokens.refresh()).toBe('admin-r');
    expect(tokens.remembered()).toBe(true);
    expect(canEndImpersonation()).toBe(false);
  });
});
