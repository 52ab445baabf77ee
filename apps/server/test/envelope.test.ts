import { NodeEnvelope } from '@qcdesk/client/envelope';
import { areas, defineOperation } from '@qcdesk/contract';
import { str } from '@qcdesk/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeKeys } from '../src/db/schema/platform';
import type { Principal } from '../src/platform/auth';
import { AppError } from '../src/platform/errors';
import { registerOperation, registerPublicOperation } from '../src/platform/registry';
import { startTestApp, type TestApp } from './support/test-app';

const echo = defineOperation({
  path: 'test/echo',
  method: 'POST',
  permission: 'public',
  summary: 'echo',
  input: z.object({
    name: str(20),
    page: z.number().int().min(1).default(1),
    email: z.email().optional(),
  }),
  output: z.object({ name: z.string(), page: z.number() }),
});
const secret = defineOperation({
  path: 'test/secret',
  method: 'POST',
  permission: 'test.secret',
  summary: 'needs a permission',
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
});
const whoami = defineOperation({
  path: 'test/whoami',
  method: 'GET',
  permission: 'signed-in',
  summary: 'needs a session',
  input: z.object({}),
  output: z.object({ username: z.string() }),
});
const crash = defineOperation({
  path: 'test/crash',
  method: 'POST',
  permission: 'public',
  summary: 'throws',
  input: z.object({}),
  output: z.object({}),
});
const leaky = defineOperation({
  path: 'test/leaky',
  method: 'GET',
  permission: 'public',
  summary: 'answers more than its schema',
  input: z.object({}),
  output: z.object({ id: z.bigint().transform(String), name: z.string() }),
});

const principal = (permissions: string[]): Principal => ({
  userId: 7n,
  username: 'tester',
  displayName: 'Tester',
  permissions: new Set(permissions),
});

let t: TestApp;
let crashes = 0;

beforeAll(async () => {
  t = await startTestApp({
    authenticate: async (token) => {
      if (token === 'strong') return principal(['test.secret']);
      if (token === 'weak') return principal([]);
      if (token === 'revoked') throw new AppError('UNAUTHORIZED', {}, { status: 400 });
      return null;
    },
    extend: (registry) => {
      registerPublicOperation(registry, echo, async (input) => ({ name: input.name, page: input.page }));
      registerOperation(registry, secret, async () => ({ ok: true }));
      registerOperation(registry, whoami, async (_input, ctx) => ({ username: ctx.user.username }));
      registerPublicOperation(registry, crash, async () => {
        crashes++;
        throw new Error('boom: secret stack detail');
      });
      registerPublicOperation(
        registry,
        leaky,
        async () => ({ id: 12345678901234567n, name: 'x', passwordHash: 'h' }) as never,
      );
    },
  });
});
afterAll(() => t.close());

async function thirdParty() {
  const client = new NodeEnvelope();
  await client.handshake(async () => (await t.app.server.inject({ url: '/api/publickey' })).json());
  return client;
}

async function raw(payload: unknown, url = '/api/test/echo?cpt=qcdesk-web&format=json', lang = 'en-US') {
  return t.app.server.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const INVALID = { success: false, error: 'Invalid EncryptedMessage', code: 4001 };

describe('public key', () => {
  it('answers the current key with the hash of its PEM', async () => {
    const response = await t.app.server.inject({ url: '/api/publickey' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.alg).toBe('RSA-OAEP-256');
    expect(body.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(body.publicKey).toContain('BEGIN PUBLIC KEY');
    const { createHash } = await import('node:crypto');
    expect(response.headers['x-publickey-hash']).toBe(
      createHash('sha256').update(body.publicKey).digest('hex'),
    );
  });
});

describe('a good call', () => {
  it('runs through the contract client and answers sealed, in the request language', async () => {
    const { status, result } = await t.client.call(areas.system.systemInfo, {}, { lang: 'en' });
    expect(status).toBe(200);
    expect(result).toMatchObject({ success: true, code: 0, error: 'Success' });
    expect(result.data.product).toBe('QCDesk');
    expect((await t.client.call(areas.system.systemInfo, {}, { lang: 'zh' })).result.error).toBe('成功');
  });

  it('interoperates with a client written from PROTOCOL.md alone', async () => {
    const client = await thirdParty();
    const response = await raw(client.request('POST', { name: '  华美玩具  ', page: 2 }));
    expect(response.statusCode).toBe(200);
    const result = JSON.parse(client.open(response.json().data));
    expect(result).toMatchObject({ success: true, code: 0, data: { name: '华美玩具', page: 2 } });
  });

  it('encodes output through its schema: ids as strings, unknown fields dropped', async () => {
    const { result } = await t.client.call(leaky, {});
    expect(result.data).toEqual({ id: '12345678901234567', name: 'x' });
  });
});

describe('refusals before a key is established: plain 400, code 4001', () => {
  it('refuses malformed JSON', async () => {
    const response = await raw('{"key":');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
  });

  it('refuses a body without key or data', async () => {
    const client = await thirdParty();
    const good = client.request('POST', { name: 'a' });
    for (const body of [{ data: good.data }, { key: good.key }, {}, [], 'null']) {
      const response = await raw(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
  });

  it('refuses bad base64 in the key and in the data', async () => {
    const client = await thirdParty();
    const good = client.request('POST', { name: 'a' });
    for (const body of [
      { key: `${good.key.split('.')[0]}.@@@`, data: good.data },
      { key: good.key, data: '%%%notbase64' },
    ]) {
      const response = await raw(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
  });

  it('refuses a wrong tag', async () => {
    const client = await thirdParty();
    const good = client.request('POST', { name: 'a' });
    const bytes = Buffer.from(good.data, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    const response = await raw({ key: good.key, data: bytes.toString('base64') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
  });

  it('refuses an unknown keyId and a key wrapped for another server', async () => {
    const client = await thirdParty();
    const good = client.request('POST', { name: 'a' });
    const wrapped = good.key.split('.')[1];
    expect((await raw({ key: `0000000000000000.${wrapped}`, data: good.data })).json()).toEqual(INVALID);
    const other = new NodeEnvelope();
    await other.handshake(async () => (await t.app.server.inject({ url: '/api/publickey' })).json());
    const foreign = other.request('POST', { name: 'a' });
    const mixed = await raw({ key: good.key, data: foreign.data });
    expect(mixed.statusCode).toBe(400);
  });

  it('refuses an unknown cpt and a format other than json', async () => {
    const client = await thirdParty();
    for (const url of [
      '/api/test/echo?cpt=evil&format=json',
      '/api/test/echo?format=json',
      '/api/test/echo?cpt=qcdesk-web&format=xml',
      '/api/test/echo?cpt=qcdesk-web',
    ]) {
      const response = await raw(client.request('POST', { name: 'a' }), url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
  });

  it('refuses an oversize body without reading it', async () => {
    const response = await raw({ key: 'x', data: 'A'.repeat(1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 413 });
  });
});

describe('refusals after the envelope is open: sealed', () => {
  it('refuses a stale ts with 4002', async () => {
    const client = await thirdParty();
    for (const ts of [Math.floor(Date.now() / 1000) - 301, Math.floor(Date.now() / 1000) + 400]) {
      const response = await raw(client.request('POST', { name: 'a' }, { ts }));
      expect(response.statusCode).toBe(400);
      const result = JSON.parse(client.open(response.json().data));
      expect(result).toMatchObject({ success: false, code: 4002, reason: 'E_STALE' });
    }
  });

  it('refuses a replayed nonce with 4002, and runs the handler only once', async () => {
    const client = await thirdParty();
    const request = client.request('POST', { name: 'once' });
    expect((await raw(request)).statusCode).toBe(200);
    const replay = await raw(request);
    expect(replay.statusCode).toBe(400);
    expect(JSON.parse(client.open(replay.json().data))).toMatchObject({ code: 4002 });
    const sameNonce = await raw(
      client.request('POST', { name: 'twice' }, { nonce: JSON.parse(client.open(request.data)).nonce }),
    );
    expect(sameNonce.statusCode).toBe(400);
  });

  it('refuses a payload that is not the protocol shape', async () => {
    const client = await thirdParty();
    const sealed = { key: client.request('GET', {}).key, data: client.seal('not json at all') };
    const response = await raw(sealed);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(client.open(response.json().data))).toMatchObject({
      success: false,
      reason: 'E_BAD_REQUEST',
    });
    const noNonce = {
      key: sealed.key,
      data: client.seal(JSON.stringify({ method: 'POST', ts: 1, body: {} })),
    };
    expect((await raw(noNonce)).statusCode).toBe(400);
  });

  it('answers an unknown operation, or a known path with another method, with a sealed 404', async () => {
    const unknown = await t.client.call({ path: 'test/nothing', method: 'POST' }, {}, { lang: 'en' });
    expect(unknown.status).toBe(404);
    expect(unknown.result).toMatchObject({ success: false, code: 404, error: 'No such operation' });
    const wrongMethod = await t.client.call(echo, { name: 'a' }, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
  });

  it('answers input failing the schema with a message naming the field, in the request language', async () => {
    const missing = await t.client.call(echo, {}, { lang: 'en' });
    expect(missing.status).toBe(200);
    expect(missing.result).toMatchObject({
      success: false,
      code: 400,
      reason: 'E_REQUIRED',
      field: 'name',
      error: 'Name must not be empty',
    });
    const zh = await t.client.call(echo, { name: '   ' }, { lang: 'zh' });
    expect(zh.result).toMatchObject({ reason: 'E_REQUIRED', error: '名称不能为空' });
    const long = await t.client.call(echo, { name: 'x'.repeat(21) }, { lang: 'en' });
    expect(long.result).toMatchObject({ reason: 'E_TOO_LONG', error: 'Name exceeds 20 characters' });
    const page = await t.client.call(echo, { name: 'a', page: 0 }, { lang: 'en' });
    expect(page.result).toMatchObject({ reason: 'E_PAGE', error: 'page can not less than 1' });
    const email = await t.client.call(echo, { name: 'a', email: 'nope' }, { lang: 'en' });
    expect(email.result).toMatchObject({ reason: 'E_FORMAT', error: 'E-mail has an invalid format' });
  });

  it('answers a fault with a sealed, generic 500', async () => {
    const before = crashes;
    const { status, result } = await t.client.call(crash, {}, { lang: 'en' });
    expect(crashes).toBe(before + 1);
    expect(status).toBe(500);
    expect(result).toMatchObject({ success: false, code: 500, error: 'Internal Server Error' });
    expect(JSON.stringify(result)).not.toContain('boom');
  });
});

describe('access', () => {
  it('says 401 Unauthorized to a caller without a session', async () => {
    const { status, result } = await t.client.call(whoami, {}, { lang: 'en' });
    expect(status).toBe(401);
    expect(result).toMatchObject({ success: false, code: 401, error: 'Unauthorized' });
  });

  it('refuses a missing permission as a readable 200 E_PERMISSION', async () => {
    const { status, result } = await t.client.call(secret, {}, { token: 'weak', lang: 'zh' });
    expect(status).toBe(200);
    expect(result).toMatchObject({ success: false, reason: 'E_PERMISSION', error: '没有权限', code: 403 });
    expect((await t.client.call(secret, {}, { token: 'strong' })).result.success).toBe(true);
    expect((await t.client.ok(whoami, {}, { token: 'weak' })).username).toBe('tester');
  });

  it('sends a session that is gone for good to login with 400', async () => {
    const { status, result } = await t.client.call(whoami, {}, { token: 'revoked', lang: 'en' });
    expect(status).toBe(400);
    expect(result).toMatchObject({ success: false, reason: 'UNAUTHORIZED' });
  });
});

describe('key rotation', () => {
  it('keeps accepting a retired key through the grace period, then refuses it', async () => {
    const client = await thirdParty();
    const oldKeyId = t.app.keyRing.publicKey().keyId;
    await t.app.keyRing.rotateIfDue(true);
    expect(t.app.keyRing.publicKey().keyId).not.toBe(oldKeyId);
    const withinGrace = await raw(client.request('POST', { name: 'a' }));
    expect(withinGrace.statusCode).toBe(200);

    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(envelopeKeys)
      .set({ retiredAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(envelopeKeys.keyId, oldKeyId));
    await t.app.keyRing.reload();
    const afterGrace = await raw(client.request('POST', { name: 'a' }));
    expect(afterGrace.statusCode).toBe(400);
    expect(afterGrace.json()).toEqual(INVALID);

    const fresh = await thirdParty();
    expect((await raw(fresh.request('POST', { name: 'a' }))).statusCode).toBe(200);
  });
});
