import { areas, operationKey, operations } from '@qcdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessChecksum } from './support/business-rows';
import { inject } from './support/files-helpers';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 32: limits on every call that needs no session (platform/anonymous-limits.ts). Every public
// operation of the catalogue, called without a session, counts against its address, and those that
// name an account against the account too; the share-link routes count against the address. Past a
// limit the call is refused (E_TOO_MANY_REQUESTS in the request's language) and changes nothing.
// The counts are in the database, so a second process refuses what the first counted.

/** A plausible body of each public operation (the others get `{}`, which counts all the same). */
const BODIES: Record<string, Record<string, unknown>> = {
  'POST auth': { username: 'nobody', password: 'Wrong1234' },
  'GET access-token': { refreshToken: 'no-such-token' },
  'POST logout': { refreshToken: 'no-such-token' },
  'POST auth/code/send': { account: 'nobody@example.com' },
  'POST auth/code/login': { account: 'nobody', verifyCode: '123456' },
  'GET auth/qr/status': { pollKey: 'no-such-key' },
  'POST password/forgot': { account: 'nobody' },
  'PUT register': { token: 'no-such-token', password: 'NewPass1234', repeatPassword: 'NewPass1234' },
  'POST interim/login': { token: 'no-such-token' },
};
const publicOps = operations.filter((op) => op.permission === 'public');
/** The operation's body, naming account `tag` where it names one (so only the address's count is reached). */
function bodyOf(op: (typeof publicOps)[number], tag: string): Record<string, unknown> {
  const body = { ...(BODIES[operationKey(op)] ?? {}) };
  if ('account' in body) body.account = `nobody.${tag}`;
  if ('username' in body) body.username = `nobody.${tag}`;
  return body;
}

const TEXT = {
  en: /^Too many requests; try again in \d+ seconds$/,
  zh: /^请求过于频繁，请\d+秒后再试$/,
};

describe('anonymous limits', () => {
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    const env = { ANON_IP_MAX_REQUESTS: '3', ANON_ACCOUNT_MAX_REQUESTS: '2', ANON_WINDOW_SECONDS: '300' };
    t = await startTestApp({ env });
    // Another process on the same database (on PGlite: the same connection).
    other = await startTestApp({ env, sameDatabaseAs: t });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('covers every public operation of the catalogue', () => {
    expect(publicOps.length).toBeGreaterThanOrEqual(11);
    for (const key of Object.keys(BODIES)) expect(publicOps.map(operationKey)).toContain(key);
  });

  it.each(publicOps.map((op, i) => [operationKey(op), op, i] as const))(
    '%s: past the address limit, refused in both languages and nothing changes',
    async (_key, op, i) => {
      const ip = `198.51.100.${i + 1}`;
      for (let n = 0; n < 3; n++) {
        const { result } = await t.client.call(op, bodyOf(op, `${i}.${n}`), { ip });
        expect(result.reason, `call ${n + 1}`).not.toBe('E_TOO_MANY_REQUESTS');
      }
      const before = await businessChecksum(t.database);
      const en = await t.client.call(op, bodyOf(op, `${i}.3`), { ip, lang: 'en' });
      expect([en.status, en.result.success, en.result.reason, en.result.code]).toEqual([
        200,
        false,
        'E_TOO_MANY_REQUESTS',
        429,
      ]);
      expect(en.result.error).toMatch(TEXT.en);
      const zh = await other.client.call(op, bodyOf(op, `${i}.4`), { ip, lang: 'zh' });
      expect(zh.result.reason).toBe('E_TOO_MANY_REQUESTS');
      expect(zh.result.error).toMatch(TEXT.zh);
      expect(await businessChecksum(t.database)).toBe(before);
      // Another address is not held back.
      const elsewhere = await t.client.call(op, bodyOf(op, `${i}.5`), { ip: `192.0.2.${i + 1}` });
      expect(elsewhere.result.reason).not.toBe('E_TOO_MANY_REQUESTS');
    },
  );

  it('counts the QR codes an address makes: none past its limit', async () => {
    const ip = '198.51.100.200';
    for (let n = 0; n < 3; n++) await t.client.ok(areas.identity.qrToken, {}, { ip });
    const before = await businessChecksum(t.database);
    expect((await t.client.refused(areas.identity.qrToken, {}, { ip })).reason).toBe('E_TOO_MANY_REQUESTS');
    expect(await businessChecksum(t.database)).toBe(before);
  });

  it('limits one account across addresses and processes: no reset mail past it', async () => {
    // The same account however it is typed; two processes count together.
    await t.client.ok(areas.identity.forgotPassword, { account: 'demo.sales' }, { ip: '203.0.113.1' });
    await other.client.ok(areas.identity.forgotPassword, { account: ' Demo.Sales ' }, { ip: '203.0.113.2' });
    const before = await businessChecksum(t.database);
    const refused = await t.client.refused(
      areas.identity.forgotPassword,
      { account: 'DEMO.SALES' },
      { ip: '203.0.113.3' },
    );
    expect(refused.reason).toBe('E_TOO_MANY_REQUESTS');
    expect(refused.error).toMatch(TEXT.en);
    expect(await businessChecksum(t.database)).toBe(before);
    // Sign-in counts towards the account as well.
    const login = await t.client.refused(
      areas.identity.login,
      { username: 'demo.sales', password: 'Wrong1234' },
      { ip: '203.0.113.4' },
    );
    expect(login.reason).toBe('E_TOO_MANY_REQUESTS');
    // Another account from the same address still gets its mail.
    await t.client.ok(areas.identity.forgotPassword, { account: 'demo.qc' }, { ip: '203.0.113.3' });
  });

  it('does not count callers with a session', async () => {
    const token = await signInAs(t, 'ADMIN');
    for (let n = 0; n < 6; n++)
      await t.client.ok(areas.system.systemInfo, {}, { token, ip: '198.51.100.201' });
  });

  it('counts the share-link routes per address: 429 with Retry-After, in the request language', async () => {
    const remoteAddress = '198.51.100.202';
    const urls = ['/s/nope', '/api/short-url/nope', '/api/short-url/nope/download'];
    for (const [n, url] of urls.entries()) {
      const answer = await inject(t, { method: n === 2 ? 'POST' : 'GET', url, remoteAddress });
      expect(answer.status, url).not.toBe(429);
    }
    for (const [lang, header] of [
      ['en', 'en-US'],
      ['zh', 'zh-CN'],
    ] as const) {
      const before = await businessChecksum(t.database);
      const answer = await inject(t, {
        method: 'GET',
        url: '/api/short-url/nope',
        remoteAddress,
        headers: { 'accept-language': header },
      });
      expect([answer.status, answer.json.reason]).toEqual([429, 'E_TOO_MANY_REQUESTS']);
      expect(String(answer.json.error)).toMatch(TEXT[lang]);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(await businessChecksum(t.database)).toBe(before);
    }
    const page = await inject(t, { method: 'GET', url: '/s/nope', remoteAddress });
    expect(page.status).toBe(429);
  });
});

describe('anonymous limits: the window, and HSTS over TLS', () => {
  let t: TestApp;
  let direct: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: { ANON_IP_MAX_REQUESTS: '1', ANON_WINDOW_SECONDS: '1', TRUST_PROXY: 'true' },
    });
    direct = await startTestApp();
  });
  afterAll(async () => {
    await direct?.close();
    await t?.close();
  });

  it('lets the address in again when its window ends', async () => {
    const ip = '198.51.100.9';
    await t.client.ok(areas.system.systemInfo, {}, { ip });
    expect((await t.client.refused(areas.system.systemInfo, {}, { ip })).reason).toBe('E_TOO_MANY_REQUESTS');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await t.client.ok(areas.system.systemInfo, {}, { ip });
  });

  it('sends HSTS when a trusted proxy says the request came over https, not otherwise', async () => {
    const hsts = async (app: TestApp, headers: Record<string, string>) =>
      (await app.app.server.inject({ url: '/api/publickey', headers })).headers['strict-transport-security'];
    expect(await hsts(t, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000');
    expect(await hsts(t, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(t, {})).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to send: plain HTTP stays without HSTS.
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
