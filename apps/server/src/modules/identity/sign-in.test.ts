import { setTimeout as sleep } from 'node:timers/promises';
import { areas, REMEMBER_ME_DAYS } from '@qcdesk/contract';
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, DEMO_PASSWORD, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { loginThrottle, sessions, users } from '../../db/schema/identity';
import { AccessTokens, loadTokenSecret } from '../../platform/tokens';

// Password sign-in, sessions (refresh rotation, reuse, logout), the session check and its codes,
// the password rules and the lockout, all through the real envelope.

/**
 * The password checks made while `race.on`: counted, and the guesses (passwords starting `Guess`)
 * held at `race.gate`, so parallel guesses are all in flight at once.
 */
const race = vi.hoisted(() => ({ on: false, checked: 0, held: 0, gate: Promise.resolve() }));
vi.mock('../../platform/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../platform/passwords')>();
  return {
    ...real,
    verifyPassword: async (hash: string | null | undefined, password: string) => {
      if (race.on) {
        race.checked++;
        if (password.startsWith('Guess')) {
          race.held++;
          await race.gate;
        }
      }
      return real.verifyPassword(hash, password);
    },
  };
});

const ops = areas.identity;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_IP_MAX_FAILURES: '8' } });
});
afterAll(() => t.close());

describe('password sign-in', () => {
  it('answers the tokens, and the session check answers the user, modules, roles, navigation and routes', async () => {
    const session = await t.client.ok(ops.login, { username: 'demo.qc', password: DEMO_PASSWORD });
    expect(session).toMatchObject({ displayName: '演示品管', expiresIn: 15 * 60 });
    // A sign-in in English names the user by their English name.
    const english = await t.client.ok(
      ops.login,
      { username: 'demo.qc', password: DEMO_PASSWORD },
      { lang: 'en' },
    );
    expect(english.displayName).toBe('Demo QC engineer');
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await t.client.ok(ops.check, {}, { token: session.bearerToken, lang: 'en' });
    expect(info).toMatchObject({
      username: 'demo.qc',
      name: '演示品管',
      title: 'QC engineer',
      roleCode: 'QC',
      department: 'Quality control',
      position: 2,
      isQC: true,
      isLogin: true,
      impersonator: null,
    });
    expect(info.uid).toMatch(/^\d+$/);
    expect(info.roles[0]).toBe('role:QC');
    expect(info.roles).toContain('test.create');
    expect(info.roles).not.toContain('user.search');
    expect(info.modules[0]).toBe('HOME');
    expect(info.modules).toContain('TEST');
    expect(info.routes).toEqual(
      expect.arrayContaining(['Home', 'HomeSearch', 'NotFound', 'OrderTest', 'OrderTestDetail']),
    );
    expect(info.routes).not.toContain('User');
    expect(info.navigation.main).toEqual(info.modules);
    expect(info.navigation.secondary.TEST).toContain('OrderTest');
    expect(info.navigation.secondary.TEST).not.toContain('OrderTestDetail');

    const zh = await t.client.ok(ops.check, {}, { token: session.bearerToken });
    expect(zh).toMatchObject({ title: '品管', department: '品管部' });
  });

  it('gives unknown users and wrong passwords the same answer, after the same argon2 check', async () => {
    // Timing the two answers failed on a loaded machine (the known user's failure is also counted in
    // the database); what makes them take as long is that both check an argon2id hash, the unknown
    // user a dummy one, so that is what is asserted.
    const verify = vi.spyOn(argon2, 'verify');
    const attempt = async (username: string) => {
      const { result } = await t.client.call(
        ops.login,
        { username, password: 'Wrong123' },
        { lang: 'en', ip: '10.1.0.1' },
      );
      expect(result).toMatchObject({
        success: false,
        reason: 'E_LOGIN_FAILED',
        error: 'The username or password is wrong',
      });
    };
    await attempt('demo.lab');
    expect(verify).toHaveBeenCalledTimes(1);
    await attempt('nobody.here');
    expect(verify).toHaveBeenCalledTimes(2);
    expect(verify.mock.calls.map(([hash]) => hash.slice(0, 10))).toEqual(['$argon2id$', '$argon2id$']);
    expect(verify.mock.calls[1]![0]).not.toBe(verify.mock.calls[0]![0]);
    const { result } = await t.client.call(
      ops.login,
      { username: 'nobody', password: 'x' },
      { ip: '10.1.0.1' },
    );
    expect(result.error).toBe('用户名或密码错误');
  });

  it('names the empty field in the request language', async () => {
    const noName = await t.client.call(ops.login, { username: '  ', password: 'x' });
    expect(noName.result).toMatchObject({
      reason: 'E_USERNAME_EMPTY',
      error: '用户名不能为空',
      field: 'username',
    });
    const noPassword = await t.client.call(ops.login, { username: 'admin', password: '' }, { lang: 'en' });
    expect(noPassword.result).toMatchObject({
      reason: 'E_PASSWORD_EMPTY',
      error: 'Password must not be empty',
    });
  });
});

describe('lockout', () => {
  it('locks an account name after five failures, whether or not the account exists', async () => {
    const user = await buildUser(t.database.db);
    for (const name of [user.username, 'ghost.account']) {
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const ip = `10.2.${i}.1`;
        answers.push(
          (await t.client.call(ops.login, { username: name, password: 'Wrong123' }, { ip })).result.reason!,
        );
      }
      expect(answers).toEqual([
        'E_LOGIN_FAILED',
        'E_LOGIN_FAILED',
        'E_LOGIN_FAILED',
        'E_LOGIN_FAILED',
        'E_LOCKED_OUT',
      ]);
    }
    const right = await t.client.call(
      ops.login,
      { username: user.username, password: DEMO_PASSWORD },
      { ip: '10.2.9.1' },
    );
    expect(right.result).toMatchObject({
      success: false,
      reason: 'E_LOCKED_OUT',
      error: '尝试次数过多，请15分钟后再试',
    });

    // The lock runs out; a success then clears the count.
    await t.database.db
      .update(loginThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'`, windowStart: sql`now() - interval '1 hour'` })
      .where(eq(loginThrottle.key, `acct:${user.username}`));
    await t.client.ok(ops.login, { username: user.username, password: DEMO_PASSWORD }, { ip: '10.2.9.1' });
    const rows = await t.database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `acct:${user.username}`));
    expect(rows).toEqual([]);
  });

  it('slows an address down after LOGIN_IP_MAX_FAILURES failures across accounts; after the wait any account gets in', async () => {
    const ip = '10.3.0.1';
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        (await t.client.call(ops.login, { username: `probe${i}`, password: 'Wrong123' }, { ip, lang: 'en' }))
          .result,
      );
    }
    expect(answers.slice(0, 7).every((r) => r.reason === 'E_LOGIN_FAILED')).toBe(true);
    expect(answers[7]).toMatchObject({
      success: false,
      reason: 'E_SLOW_DOWN',
      error: 'Too many attempts; try again in 2 seconds',
    });
    // During the wait the address is refused for every account, the password unchecked.
    const other = await t.client.call(ops.login, { username: 'demo.qc', password: DEMO_PASSWORD }, { ip });
    expect(other.result).toMatchObject({
      reason: 'E_SLOW_DOWN',
      error: expect.stringMatching(/^尝试次数过多，请[12]秒后再试$/),
    });
    await t.client.ok(ops.login, { username: 'demo.qc', password: DEMO_PASSWORD }, { ip: '10.3.0.2' });

    // A wait, not a lock: afterwards the right password of another account gets in from the address.
    await sleep(2_100);
    await t.client.ok(ops.login, { username: 'demo.qc', password: DEMO_PASSWORD }, { ip });

    // The address keeps its failures: the next one waits twice as long, at most LOGIN_IP_MAX_WAIT_SECONDS.
    const next = await t.client.call(
      ops.login,
      { username: 'probe8', password: 'Wrong123' },
      { ip, lang: 'en' },
    );
    expect(next.result.error).toBe('Too many attempts; try again in 4 seconds');
    await t.database.db
      .update(loginThrottle)
      .set({ failures: 100, lockedUntil: null })
      .where(eq(loginThrottle.key, `ip:${ip}`));
    const capped = await t.client.call(
      ops.login,
      { username: 'probe9', password: 'Wrong123' },
      { ip, lang: 'en' },
    );
    expect(capped.result.error).toBe('Too many attempts; try again in 60 seconds');
    // The accounts tried from the address are not locked.
    await t.database.db
      .update(loginThrottle)
      .set({ lockedUntil: null })
      .where(eq(loginThrottle.key, `ip:${ip}`));
    const probe = await t.client.call(
      ops.login,
      { username: 'probe0', password: 'Wrong123' },
      { ip: '10.3.0.3' },
    );
    expect(probe.result.reason).toBe('E_LOGIN_FAILED');
  });

  it('still caps anonymous mail requests per address at LOGIN_IP_MAX_FAILURES', async () => {
    const ip = '10.3.1.1';
    for (let i = 0; i < 8; i++) {
      await t.client.ok(ops.sendLoginCode, { account: `nobody${i}@example.com` }, { ip });
    }
    const refused = await t.client.call(ops.forgotPassword, { account: 'demo.qc' }, { ip, lang: 'en' });
    expect(refused.result).toMatchObject({
      reason: 'E_LOCKED_OUT',
      error: 'Too many attempts; try again in 15 minutes',
    });
    await t.client.ok(ops.forgotPassword, { account: 'demo.qc' }, { ip: '10.3.1.2' });
  });
});

describe('lockout with parallel guesses from two processes (issue 10)', () => {
  let other: TestApp;
  let release = () => {};
  beforeAll(async () => {
    other = await startTestApp({ sameDatabaseAs: t, env: { LOGIN_IP_MAX_FAILURES: '8' } });
  });
  afterAll(async () => {
    release();
    race.on = false;
    await other?.close();
  });

  /** Guesses at the account from distinct addresses, alternating between the two apps. */
  const guess = (username: string, count: number, from: string) =>
    Array.from({ length: count }, (_, i) =>
      (i % 2 ? other : t).client
        .call(ops.login, { username, password: `Guess${i}x` }, { ip: `${from}.${i}` })
        .then(({ result }) => result.reason!),
    );

  beforeEach(() => {
    race.on = true;
    race.checked = 0;
    race.held = 0;
    race.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  afterEach(() => {
    release();
    race.on = false;
  });

  it('checks at most LOGIN_MAX_FAILURES of 16 parallel guesses', async () => {
    const user = await buildUser(t.database.db);
    release();
    const reasons = await Promise.all(guess(user.username, 16, '10.6.0'));
    expect(race.checked).toBeLessThanOrEqual(5);
    expect(reasons.filter((r) => r === 'E_LOGIN_FAILED').length).toBeLessThanOrEqual(4);
    expect(reasons.filter((r) => r !== 'E_LOGIN_FAILED').every((r) => r === 'E_LOCKED_OUT')).toBe(true);
    const right = await other.client.call(
      ops.login,
      { username: user.username, password: DEMO_PASSWORD },
      { ip: '10.6.0.99' },
    );
    expect(right.result.reason).toBe('E_LOCKED_OUT');
    expect(race.checked).toBeLessThanOrEqual(5);
  });

  it("refuses the right password among guesses in flight once they fill the account's window", async () => {
    const user = await buildUser(t.database.db);
    let answered = 0;
    const guesses = guess(user.username, 15, '10.6.1').map((p) => p.finally(() => answered++));
    // Every guess is either refused or held at its password check.
    await vi.waitFor(() => expect(answered + race.held).toBe(15), { timeout: 20_000, interval: 10 });
    const right = await other.client.call(
      ops.login,
      { username: user.username, password: DEMO_PASSWORD },
      { ip: '10.6.1.99', lang: 'en' },
    );
    release();
    const reasons = await Promise.all(guesses);
    expect(right.result).toMatchObject({
      success: false,
      reason: 'E_LOCKED_OUT',
      error: 'Too many attempts; try again in 15 minutes',
    });
    expect(race.checked).toBe(5);
    expect(reasons.filter((r) => r === 'E_LOGIN_FAILED')).toHaveLength(4);
    expect(reasons.filter((r) => r === 'E_LOCKED_OUT')).toHaveLength(11);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; reusing a spent one ends the whole session', async () => {
    const first = await t.client.ok(ops.login, {
      username: 'demo.lab',
      password: DEMO_PASSWORD,
      remember: true,
    });
    const second = await t.client.ok(ops.refreshAccessToken, { refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = await t.client.ok(ops.refreshAccessToken, { refreshToken: second.refreshToken });
    await t.client.ok(ops.check, {}, { token: third.accessToken });

    const reuse = await t.client.call(
      ops.refreshAccessToken,
      { refreshToken: first.refreshToken },
      { lang: 'en' },
    );
    expect(reuse.status).toBe(400);
    expect(reuse.result).toMatchObject({ success: false, reason: 'REFRESH_EXPIRED', error: 'token expired' });

    // The thief's copy and the owner's newest token are both dead, and so is the bearer token.
    const latest = await t.client.call(ops.refreshAccessToken, { refreshToken: third.refreshToken });
    expect(latest.status).toBe(400);
    const check = await t.client.call(ops.check, {}, { token: third.accessToken });
    expect(check.status).toBe(400);
    expect(check.result.reason).toBe('E_SESSION_ENDED');
  });

  it('lasts 7 days when remembered, otherwise the browser session (SESSION_HOURS)', async () => {
    await t.client.ok(ops.login, { username: 'demo.auditor', password: DEMO_PASSWORD, remember: true });
    await t.client.ok(ops.login, { username: 'demo.auditor', password: DEMO_PASSWORD });
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'demo.auditor'));
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    const hours = rows
      .map((r) => Math.round((r.expiresAt.getTime() - r.createdAt.getTime()) / 3_600_000))
      .sort((a, b) => a - b);
    expect(hours).toEqual([12, REMEMBER_ME_DAYS * 24]);
  });

  it('an expired bearer token answers 401 Unauthorized; an unknown refresh token 400', async () => {
    const session = await t.client.ok(ops.login, { username: 'demo.auditor', password: DEMO_PASSWORD });
    const [row] = await t.database.db.select().from(sessions).orderBy(sql`${sessions.id} desc`).limit(1);
    const tokens = new AccessTokens(await loadTokenSecret(t.database.db, undefined), 60);
    const stale = tokens.sign({ uid: row!.userId, sid: row!.id }, Date.now() - 3_600_000).token;
    const expired = await t.client.call(ops.check, {}, { token: stale, lang: 'en' });
    expect(expired.status).toBe(401);
    expect(expired.result).toMatchObject({ reason: 'UNAUTHORIZED', error: 'Unauthorized' });
    const forged = await t.client.call(ops.check, {}, { token: `${session.bearerToken}x` });
    expect(forged.status).toBe(401);
    const unknown = await t.client.call(ops.refreshAccessToken, { refreshToken: 'not-a-token' });
    expect(unknown.status).toBe(400);
  });

  it('logout ends the session of the bearer token and of the refresh token', async () => {
    const session = await t.client.ok(ops.login, { username: 'demo.lab', password: DEMO_PASSWORD });
    await t.client.ok(ops.logout, {}, { token: session.bearerToken });
    expect((await t.client.call(ops.check, {}, { token: session.bearerToken })).status).toBe(400);
    expect((await t.client.call(ops.refreshAccessToken, { refreshToken: session.refreshToken })).status).toBe(
      400,
    );

    const other = await t.client.ok(ops.login, { username: 'demo.lab', password: DEMO_PASSWORD });
    await t.client.ok(ops.logout, { refreshToken: other.refreshToken });
    expect((await t.client.call(ops.check, {}, { token: other.bearerToken })).status).toBe(400);
  });
});

describe('session check codes (spec §8)', () => {
  it('-1002: an unverified account signs in with -1002 and the session for the verification step', async () => {
    const user = await buildUser(t.database.db, { verified: false });
    const { status, result } = await t.client.call(ops.login, {
      username: user.username,
      password: DEMO_PASSWORD,
    });
    expect(status).toBe(200);
    expect(result).toMatchObject({
      success: false,
      code: -1002,
      reason: 'E_MUST_VERIFY',
      error: '请验证账号',
    });
    const data = result.data as { displayName: string; bearerToken: string };
    expect(data.displayName).toBe(user.name);
    const check = await t.client.call(ops.check, {}, { token: data.bearerToken, lang: 'en' });
    expect(check.result).toMatchObject({ code: -1002, error: 'Account must be verified' });
    // Until verified the session holds no permissions.
    const denied = await t.client.call(ops.searchUsers, {}, { token: data.bearerToken });
    expect(denied.result.reason).toBe('E_PERMISSION');
  });

  it('-1001: a password to change; permissions come back once it is changed', async () => {
    const user = await buildUser(t.database.db, { role: 'QC_MGR', mustChangePassword: true });
    const token = await signIn(t, user.username);
    const check = await t.client.call(ops.check, {}, { token });
    expect(check.result).toMatchObject({
      success: false,
      code: -1001,
      reason: 'E_MUST_CHANGE_PASSWORD',
      error: '请修改密码',
    });
    expect((await t.client.call(ops.roles, {}, { token })).result.reason).toBe('E_PERMISSION');

    const changed = await t.client.ok(
      ops.changePassword,
      { oldPassword: DEMO_PASSWORD, password: 'Fresh123', repeatPassword: 'Fresh123' },
      { token },
    );
    expect(changed).toEqual({});
    const after = await t.client.ok(ops.check, {}, { token });
    expect(after.roles).toContain('user.search');
    await t.client.ok(ops.roles, {}, { token });
  });

  it('500: a locked account is refused at sign-in and its sessions end (status 400, code 500)', async () => {
    const user = await buildUser(t.database.db);
    const token = await signIn(t, user.username);
    const admin = await signInAs(t, 'ADMIN');
    await t.client.ok(ops.updateUser, { id: String(user.id), version: 0, state: 0 }, { token: admin });

    const check = await t.client.call(ops.check, {}, { token, lang: 'en' });
    expect(check.status).toBe(400);
    expect(check.result).toMatchObject({
      code: 500,
      reason: 'E_ACCOUNT_LOCKED',
      error: 'The account is locked or deleted',
    });
    const login = await t.client.call(ops.login, { username: user.username, password: DEMO_PASSWORD });
    expect(login.result).toMatchObject({ success: false, code: 500, reason: 'E_ACCOUNT_LOCKED' });
  });
});

describe('password rules (spec §5)', () => {
  it('refuses a password against the rule and a repeat that differs, in both languages', async () => {
    const token = await signIn(t, (await buildUser(t.database.db)).username);
    const weak = { oldPassword: DEMO_PASSWORD, password: '123456', repeatPassword: '123456' };
    expect((await t.client.call(ops.changePassword, weak, { token })).result).toMatchObject({
      reason: 'E_PASSWORD_RULE',
      error: '密码须为6-21位，不能全为数字或全为字母，特殊字符仅限 !@#$%^&*?',
      field: 'password',
    });
    expect((await t.client.call(ops.changePassword, weak, { token, lang: 'en' })).result.error).toBe(
      'Password must be 6–21 characters, not all digits or all letters; special characters only ! @ # $ % ^ & * ?',
    );
    const mismatch = { oldPassword: DEMO_PASSWORD, password: 'Good1234', repeatPassword: 'Good12345' };
    expect((await t.client.call(ops.changePassword, mismatch, { token, lang: 'en' })).result).toMatchObject({
      reason: 'E_PASSWORD_MISMATCH',
      error: 'Password must be equal repeatPassword',
      field: 'repeatPassword',
    });
    expect((await t.client.call(ops.changePassword, mismatch, { token })).result.error).toBe(
      '两次输入的密码不一致',
    );
  });

  it('asks for the current password, then ends the other sessions', async () => {
    const user = await buildUser(t.database.db);
    const token = await signIn(t, user.username);
    const other = await signIn(t, user.username);
    const missing = await t.client.call(
      ops.changePassword,
      { password: 'Next1234', repeatPassword: 'Next1234' },
      { token },
    );
    expect(missing.result).toMatchObject({ reason: 'E_REQUIRED', field: 'oldPassword' });
    const wrong = await t.client.call(
      ops.changePassword,
      { oldPassword: 'Nope1234', password: 'Next1234', repeatPassword: 'Next1234' },
      { token, lang: 'en' },
    );
    expect(wrong.result).toMatchObject({ reason: 'E_OLD_PASSWORD', error: 'The current password is wrong' });

    await t.client.ok(
      ops.changePassword,
      { oldPassword: DEMO_PASSWORD, password: 'Next1234', repeatPassword: 'Next1234' },
      { token },
    );
    await t.client.ok(ops.check, {}, { token });
    expect((await t.client.call(ops.check, {}, { token: other })).status).toBe(400);
    await signIn(t, user.username, 'Next1234');
    const old = await t.client.call(ops.login, { username: user.username, password: DEMO_PASSWORD });
    expect(old.result.reason).toBe('E_LOGIN_FAILED');
  });

  it('needs a session or a reset token', async () => {
    const { status, result } = await t.client.call(ops.changePassword, {
      password: 'Next1234',
      repeatPassword: 'Next1234',
    });
    expect(status).toBe(401);
    expect(result.reason).toBe('UNAUTHORIZED');
  });
});
