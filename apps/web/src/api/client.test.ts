// @vitest-environment node
import { ENVELOPE_CODES } from '@qcdesk/contract/constants';
import {
  type EnvelopePayload,
  importClientKey,
  importPrivateKey,
  open,
  type SessionKeys,
  seal,
  unwrapClientKey,
} from '@qcdesk/contract/envelope';
// The contract's exports map sends every subpath to src/*.ts, so its JSON vectors are reached by path.
import vectors from '@qcdesk/contract/envelope-vectors.json';
import type { Language } from '@qcdesk/contract/messages';
import type { Result } from '@qcdesk/contract/result';
import { systemInfo } from '@qcdesk/contract/system';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { type ApiClientOptions, createApiClient, NETWORK_ERROR_CODE } from './client';

interface SeenRequest {
  url: URL;
  headers: Headers;
  key: string;
  payload: EnvelopePayload;
}

/** What the fake server answers: a result it seals with the caller's key, or a plain body. */
type Answer =
  | { status: number; result: Result<unknown>; statusText?: string }
  | { status: number; plain?: unknown; statusText?: string };

const ok = <T>(data: T): Result<T> => ({ success: true, error: 'Success', code: 0, data });

let privateKey: CryptoKey;

beforeAll(async () => {
  privateKey = await importPrivateKey(vectors.privateKey);
});

/**
 * A server built from the contract's own envelope functions and the vectors' key pair, so the client is
 * tested against the real wire format rather than a mock of it.
 */
function fakeServer(answer: (request: SeenRequest, index: number) => Answer | 'network') {
  const requests: SeenRequest[] = [];
  let publicKeyFetches = 0;

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://qcdesk.test');
    if (url.pathname.endsWith('/api/publickey')) {
      publicKeyFetches++;
      return Response.json({ keyId: vectors.keyId, publicKey: vectors.publicKey, alg: 'RSA-OAEP-256' });
    }
    const body = JSON.parse(String(init?.body)) as { key: string; data: string };
    const [keyId, wrappedKey = ''] = body.key.split('.');
    expect(keyId).toBe(vectors.keyId);
    const keys: SessionKeys = await importClientKey(await unwrapClientKey(privateKey, wrappedKey));
    const payload = JSON.parse(await open(keys, body.data)) as EnvelopePayload;
    const request = { url, headers: new Headers(init?.headers), key: body.key, payload };
    requests.push(request);

    const reply = answer(request, requests.length - 1);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const statusText = reply.statusText ?? '';
    if ('result' in reply) {
      const sealed = await seal(keys, JSON.stringify(reply.result));
      return new Response(JSON.stringify({ data: sealed }), { status: reply.status, statusText });
    }
    const text = reply.plain === undefined ? '' : JSON.stringify(reply.plain);
    return new Response(text, { status: reply.status, statusText });
  });

  return {
    fetch,
    requests,
    get publicKeyFetches() {
      return publicKeyFetches;
    },
  };
}

function clientFor(server: ReturnType<typeof fakeServer>, overrides: Partial<ApiClientOptions> = {}) {
  const language = vi.fn((): Language => 'en');
  const options: ApiClientOptions = {
    fetch: server.fetch,
    base: () => '',
    token: () => null,
    language,
    currentPath: () => '/en/orders',
    onFailure: vi.fn(),
    onSessionLost: vi.fn(),
    onCallStart: vi.fn(),
    onCallEnd: vi.fn(),
    ...overrides,
  };
  return { api: createApiClient(options), options };
}

const info = {
  product: 'QCDesk',
  version: '0.1.0',
  serverTime: '2026-01-01T00:00:00.000Z',
  database: 'pglite' as const,
};

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: request', () => {
  it('seals the input, posts it with cpt, format, language and token, and opens the answer', async () => {
    const server = fakeServer(() => ({ status: 200, result: ok(info) }));
    const { api, options } = clientFor(server, { token: () => 'tok-1', language: () => 'zh' });

    await expect(api.call(systemInfo, {})).resolves.toEqual(info);

    const [request] = server.requests;
    expect(request?.url.pathname).toBe('/api/system/info');
    expect(request?.url.searchParams.get('cpt')).toBe('qcdesk-web');
    expect(request?.url.searchParams.get('format')).toBe('json');
    expect(request?.headers.get('Accept-Language')).toBe('zh-CN,zh');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request?.payload.method).toBe('GET');
    expect(request?.payload.body).toEqual({});
    expect(options.onCallStart).toHaveBeenCalledTimes(1);
    expect(options.onCallEnd).toHaveBeenCalledTimes(1);
  });

  it('keeps one client key for many calls and sends no Authorization without a token', async () => {
    const server = fakeServer(() => ({ status: 200, result: ok(info) }));
    const { api } = clientFor(server);
    await api.call(systemInfo, {});
    await api.call(systemInfo, {});
    expect(server.publicKeyFetches).toBe(1);
    expect(server.requests[0]?.key).toBe(server.requests[1]?.key);
    expect(server.requests[0]?.headers.get('Authorization')).toBeNull();
    expect(server.requests[0]?.headers.get('Accept-Language')).toBe('en-US,en');
  });

  it('prefixes the dev environment base', async () => {
    const server = fakeServer(() => ({ status: 200, result: ok(info) }));
    const { api } = clientFor(server, { base: () => '/dev' });
    await api.call(systemInfo, {});
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/dev/api/publickey');
    expect(server.requests[0]?.url.pathname).toBe('/dev/api/system/info');
  });

  it('gives the whole result to callResult', async () => {
    const server = fakeServer(() => ({ status: 200, result: { ...ok(info), modify: true, author: false } }));
    const { api } = clientFor(server);
    const result = await api.callResult(systemInfo, {});
    expect(result.modify).toBe(true);
    expect(result.data).toEqual(info);
  });
});

describe('api client: 4001 (server cannot open the envelope)', () => {
  const refused = {
    success: false,
    error: 'Invalid EncryptedMessage',
    code: ENVELOPE_CODES.invalidEncrypted,
  };

  it('fetches the public key again, makes a new key and retries once', async () => {
    const server = fakeServer((_, i) =>
      i === 0 ? { status: 400, plain: refused } : { status: 200, result: ok(info) },
    );
    const { api, options } = clientFor(server);

    await expect(api.call(systemInfo, {})).resolves.toEqual(info);
    expect(server.publicKeyFetches).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.key).not.toBe(server.requests[1]?.key);
    expect(options.onFailure).not.toHaveBeenCalled();
    expect(options.onSessionLost).not.toHaveBeenCalled();
  });

  it('gives up after the one retry and treats it as a 400', async () => {
    const server = fakeServer(() => ({ status: 400, plain: refused, statusText: 'Bad Request' }));
    const { api, options } = clientFor(server);

    const error = await rejection(api.call(systemInfo, {}));
    expect(error.code).toBe(4001);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid EncryptedMessage');
    expect(server.requests).toHaveLength(2);
    expect(options.onSessionLost).toHaveBeenCalledWith(
      '/en/orders',
      expect.objectContaining({ op: systemInfo }),
    );
    expect(options.onFailure).toHaveBeenCalledWith(error);
  });
});

describe('api client: status mapping (spec §8)', () => {
  it('rejects a business refusal (200, success false) with code, reason, field and the server text', async () => {
    const server = fakeServer(() => ({
      status: 200,
      result: {
        success: false,
        error: 'Name must not be empty',
        code: 200,
        reason: 'E_REQUIRED',
        field: 'name',
        data: null,
      },
    }));
    const { api, options } = clientFor(server);

    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toMatchObject({ code: 200, status: 200, reason: 'E_REQUIRED', field: 'name' });
    expect(error.message).toBe('Name must not be empty');
    expect(options.onFailure).toHaveBeenCalledWith(error);
    expect(options.onSessionLost).not.toHaveBeenCalled();
  });

  it('does not toast a silent call', async () => {
    const server = fakeServer(() => ({
      status: 200,
      result: { success: false, error: 'x', code: 200, data: null },
    }));
    const { api, options } = clientFor(server);
    await rejection(api.call(systemInfo, {}, { silent: true }));
    expect(options.onFailure).not.toHaveBeenCalled();
  });

  it('reports a sealed 400 (stale or replayed) as a lost session with the server text', async () => {
    const server = fakeServer(() => ({
      status: 400,
      result: {
        success: false,
        error: 'The request is stale or replayed; try again',
        code: 4002,
        reason: 'E_STALE',
        data: null,
      },
    }));
    const { api, options } = clientFor(server);

    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toMatchObject({ code: 4002, status: 400, reason: 'E_STALE' });
    expect(server.requests).toHaveLength(1);
    expect(options.onSessionLost).toHaveBeenCalledWith('/en/orders', { op: systemInfo, error });
  });

  it('rejects a 401 with the server message', async () => {
    const server = fakeServer(() => ({
      status: 401,
      result: { success: false, error: 'Unauthorized', code: 401, reason: 'UNAUTHORIZED', data: null },
    }));
    const { api, options } = clientFor(server);
    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toMatchObject({ code: 401, status: 401, message: 'Unauthorized', reason: 'UNAUTHORIZED' });
    expect(options.onSessionLost).not.toHaveBeenCalled();
  });

  it('rejects a sealed 500 with its generic text', async () => {
    const server = fakeServer(() => ({
      status: 500,
      statusText: 'Internal Server Error',
      result: { success: false, error: '系统错误，请联系管理员', code: 500, reason: 'INTERNAL', data: null },
    }));
    const { api } = clientFor(server, { language: () => 'zh' });
    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toMatchObject({ code: 500, status: 500, message: '系统错误，请联系管理员' });
  });

  it('rejects a plain 403 or 500 with the status text', async () => {
    for (const [status, statusText] of [
      [403, 'Forbidden'],
      [500, 'Internal Server Error'],
    ] as const) {
      const server = fakeServer(() => ({ status, statusText }));
      const { api } = clientFor(server);
      const error = await rejection(api.call(systemInfo, {}));
      expect(error).toMatchObject({ code: status, status, message: statusText });
    }
  });

  it('shows spec §8 texts in the UI language: a plain 500 or an English refusal in a Chinese UI', async () => {
    const plain = fakeServer(() => ({ status: 500, statusText: 'Internal Server Error' }));
    const zh = clientFor(plain, { language: () => 'zh' });
    expect(await rejection(zh.api.call(systemInfo, {}))).toMatchObject({
      status: 500,
      message: '系统错误，请联系管理员',
    });
    const english = fakeServer(() => ({
      status: 200,
      result: { success: false, error: 'Invalid Permission', code: 200, reason: 'E_PERMISSION', data: null },
    }));
    const zhPermission = clientFor(english, { language: () => 'zh' });
    expect(await rejection(zhPermission.api.call(systemInfo, {}))).toMatchObject({
      reason: 'E_PERMISSION',
      message: '没有权限',
    });
  });

  it('names the password mismatch in words, not by the API field repeatPassword', async () => {
    const server = fakeServer(() => ({
      status: 200,
      result: {
        success: false,
        error: 'Password must be equal repeatPassword',
        code: 200,
        reason: 'E_PASSWORD_MISMATCH',
        field: 'repeatPassword',
        data: null,
      },
    }));
    const { api } = clientFor(server);
    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toMatchObject({ field: 'repeatPassword', message: 'The passwords do not match' });
  });

  it('rejects a sealed 404 (unknown operation) with the server text', async () => {
    const server = fakeServer(() => ({
      status: 404,
      result: { success: false, error: 'No such operation', code: 404, reason: 'E_NO_OPERATION', data: null },
    }));
    const { api } = clientFor(server);
    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toMatchObject({ code: 404, status: 404, message: 'No such operation' });
  });

  it('maps a network failure to code 501 and the network text of the UI language', async () => {
    const server = fakeServer(() => 'network');
    const en = clientFor(server);
    const enError = await rejection(en.api.call(systemInfo, {}));
    expect(enError).toMatchObject({
      code: NETWORK_ERROR_CODE,
      status: 0,
      message: 'Error:Network(网络异常)',
    });
    expect(en.options.onFailure).toHaveBeenCalledWith(enError);

    const zh = clientFor(
      fakeServer(() => 'network'),
      { language: () => 'zh' },
    );
    await expect(zh.api.call(systemInfo, {})).rejects.toMatchObject({ code: 501, message: '网络异常' });
  });

  it('maps a public key that cannot be fetched to a network failure', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { api } = clientFor({ fetch } as unknown as ReturnType<typeof fakeServer>, { fetch });
    await expect(api.call(systemInfo, {})).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
  });

  it('refuses a success that does not come sealed with our key', async () => {
    const server = fakeServer(() => ({ status: 200, plain: ok(info) }));
    const { api } = clientFor(server);
    const error = await rejection(api.call(systemInfo, {}));
    expect(error.reason).toBe('UNAUTHENTICATED');
  });

  it('does not toast or count an aborted call as a failure', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/publickey')) {
        return Response.json({ keyId: vectors.keyId, publicKey: vectors.publicKey, alg: 'RSA-OAEP-256' });
      }
      controller.abort();
      init?.signal?.throwIfAborted();
      return new Response('');
    });
    const { api, options } = clientFor({ fetch } as unknown as ReturnType<typeof fakeServer>, { fetch });
    await expect(api.call(systemInfo, {}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(options.onFailure).not.toHaveBeenCalled();
    expect(options.onCallEnd).toHaveBeenCalledTimes(1);
  });

  it('lets the app install and remove its handlers', async () => {
    const server = fakeServer(() => 'network');
    const { api } = clientFor(server, { onFailure: undefined });
    const onFailure = vi.fn();
    const remove = api.setHandlers({ onFailure });
    await rejection(api.call(systemInfo, {}));
    remove();
    await rejection(api.call(systemInfo, {}));
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});

describe('api client: 401, refresh once, repeat (spec §4, §8)', () => {
  const unauthorized = (): Answer => ({
    status: 401,
    result: { success: false, error: 'Unauthorized', code: 401, reason: 'UNAUTHORIZED', data: null },
  });

  it('refreshes after a 401 and repeats the call with the new bearer token', async () => {
    let bearer = 'old';
    const server = fakeServer((request) =>
      request.headers.get('Authorization') === 'Bearer new'
        ? { status: 200, result: ok(info) }
        : unauthorized(),
    );
    const refresh = vi.fn(async (stale: string | null) => {
      expect(stale).toBe('old');
      bearer = 'new';
      return { ok: true } as const;
    });
    const { api, options } = clientFor(server, { token: () => bearer, refresh });

    await expect(api.call(systemInfo, {})).resolves.toEqual(info);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(server.requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(options.onFailure).not.toHaveBeenCalled();
  });

  it('repeats only once: a second 401 rejects', async () => {
    const server = fakeServer(() => unauthorized());
    const refresh = vi.fn(async () => ({ ok: true }) as const);
    const { api } = clientFor(server, { token: () => 't', refresh });
    const error = await rejection(api.call(systemInfo, {}));
    expect(error.status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(2);
  });

  it('rejects with "token expired" and reports the lost session when the refresh is refused', async () => {
    const server = fakeServer(() => unauthorized());
    const expired = new ApiError({
      code: 400,
      status: 400,
      reason: 'REFRESH_EXPIRED',
      message: 'token expired',
    });
    const refresh = vi.fn(async () => ({ ok: false, error: expired }) as const);
    const { api, options } = clientFor(server, { token: () => 't', refresh });
    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toBe(expired);
    expect(options.onFailure).toHaveBeenCalledWith(expired);
    expect(options.onSessionLost).toHaveBeenCalledWith('/en/orders', { op: systemInfo, error: expired });
  });

  it('rejects with the 401 itself when there is no refresh token', async () => {
    const server = fakeServer(() => unauthorized());
    const { api, options } = clientFor(server, { refresh: async () => ({ ok: false }) });
    const error = await rejection(api.call(systemInfo, {}));
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(options.onSessionLost).not.toHaveBeenCalled();
  });

  it('does not refresh for a call that asks not to, nor report its 400', async () => {
    const refresh = vi.fn(async () => ({ ok: true }) as const);
    const { api } = clientFor(
      fakeServer(() => unauthorized()),
      { refresh },
    );
    await rejection(api.call(systemInfo, {}, { refresh: false }));
    expect(refresh).not.toHaveBeenCalled();

    const stale = clientFor(
      fakeServer(() => ({
        status: 400,
        result: { success: false, error: 'token expired', code: 400, reason: 'REFRESH_EXPIRED', data: null },
      })),
    );
    await rejection(stale.api.call(systemInfo, {}, { sessionLost: false }));
    expect(stale.options.onSessionLost).not.toHaveBeenCalled();
  });

  it('keeps the data of a refusal (a sign-in that must be verified answers its tokens)', async () => {
    const data = { bearerToken: 'b', refreshToken: 'r', displayName: 'Li Lei', expiresIn: 900 };
    const server = fakeServer(() => ({
      status: 200,
      result: {
        success: false,
        error: 'Account must be verified',
        code: -1002,
        reason: 'E_MUST_VERIFY',
        data,
      },
    }));
    const { api } = clientFor(server);
    const error = await rejection(api.call(systemInfo, {}));
    expect(error.code).toBe(-1002);
    expect(error.data).toEqual(data);
  });

  it('reports a base that serves no envelope API (the SPA answers instead) as a network failure', async () => {
    const fetch = vi.fn(async () => new Response('<!doctype html><html></html>', { status: 200 }));
    const { api } = clientFor({ fetch } as unknown as ReturnType<typeof fakeServer>, {
      fetch,
      base: () => '/dev',
    });
    await expect(api.call(systemInfo, {})).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
      reason: 'NETWORK',
    });
  });
});
