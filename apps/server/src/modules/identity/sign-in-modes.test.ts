import { areas } from '@qcdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, DEMO_PASSWORD, signIn, signInAs } from '../../../test/support/identity';
import { codeIn, type SmtpSink, startSmtpSink, tokenIn } from '../../../test/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { loginThrottle, oneTimeTokens, users } from '../../db/schema/identity';
import { changeLog } from '../../db/schema/platform';

// The other sign-in modes end to end, with the mails read from a real SMTP server: e-mail code,
// account verification, QR scan, forgotten password, interim link, impersonation.

const ops = areas.identity;
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url, PUBLIC_URL: 'http://qcdesk.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Runs the mail worker until the outbox is empty, then reads the newest mail to the address. */
async function mailTo(address: string) {
  const before = smtp.messages.length;
  await t.app.jobs.drain();
  return smtp.waitFor(address, before);
}

describe('sign-in by e-mail code', () => {
  it('mails a code that signs in once and verifies the account', async () => {
    const user = await buildUser(t.database.db, { verified: false });
    const sent = await t.client.call(ops.sendLoginCode, { account: user.email }, { lang: 'en' });
    expect(sent.result).toMatchObject({ success: true, error: 'The code was sent to your mailbox' });
    const mail = await mailTo(user.email);
    expect(mail.text).toContain('Subject: Your QCDesk sign-in code');
    const code = codeIn(mail);

    const wrong = await t.client.call(ops.codeLogin, {
      account: user.email,
      verifyCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.result).toMatchObject({
      reason: 'E_CODE_INVALID',
      error: '验证码错误或已过期',
      field: 'verifyCode',
    });
    const session = await t.client.ok(ops.codeLogin, { account: user.username, verifyCode: code });
    await t.client.ok(ops.check, {}, { token: session.bearerToken });
    const again = await t.client.call(ops.codeLogin, { account: user.email, verifyCode: code });
    expect(again.result.reason).toBe('E_CODE_INVALID');
  });

  it('answers an unknown account the same way and mails nothing', async () => {
    const before = smtp.messages.length;
    const sent = await t.client.call(ops.sendLoginCode, { account: 'nobody@example.com' });
    expect(sent.result).toMatchObject({ success: true, data: { sent: true }, error: '验证码已发送至邮箱' });
    await t.app.jobs.drain();
    expect(smtp.messages.length).toBe(before);
  });

  it('a code has five tries (the account is locked at the fifth) and ten minutes', async () => {
    const user = await buildUser(t.database.db);
    await t.client.ok(ops.sendLoginCode, { account: user.username });
    const code = codeIn(await mailTo(user.email));
    const wrong = code === '999999' ? '999998' : '999999';
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await t.client.call(
        ops.codeLogin,
        { account: user.username, verifyCode: wrong },
        { ip: `10.4.${i}.1` },
      );
      reasons.push(answer.result.reason!);
    }
    expect(reasons).toEqual([
      'E_CODE_INVALID',
      'E_CODE_INVALID',
      'E_CODE_INVALID',
      'E_CODE_INVALID',
      'E_LOCKED_OUT',
    ]);
    // Once the lock is over the used-up code is still refused.
    await t.database.db.delete(loginThrottle).where(eq(loginThrottle.key, `acct:${user.username}`));
    const spent = await t.client.call(
      ops.codeLogin,
      { account: user.username, verifyCode: code },
      { ip: '10.4.9.1' },
    );
    expect(spent.result.reason).toBe('E_CODE_INVALID');

    // A fresh code (a minute later) that has gone stale is refused too.
    await t.database.db
      .update(oneTimeTokens)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(oneTimeTokens.userId, user.id));
    await t.client.ok(ops.sendLoginCode, { account: user.username });
    const fresh = codeIn(await mailTo(user.email));
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(oneTimeTokens.userId, user.id), sql`${oneTimeTokens.usedAt} is null`));
    const stale = await t.client.call(
      ops.codeLogin,
      { account: user.username, verifyCode: fresh },
      { ip: '10.4.9.1' },
    );
    expect(stale.result.reason).toBe('E_CODE_INVALID');
  });
});

describe('account verification (-1002)', () => {
  it('mails a code to the own address; verifying lifts -1002', async () => {
    const user = await buildUser(t.database.db, { verified: false });
    const login = await t.client.call(ops.login, { username: user.username, password: DEMO_PASSWORD });
    expect(login.result.code).toBe(-1002);
    const { bearerToken: token } = login.result.data as { bearerToken: string };

    const sent = await t.client.ok(ops.sendVerifyCode, {}, { token });
    expect(sent).toEqual({ sent: true, email: `${user.email[0]}***@example.com` });
    const code = codeIn(await mailTo(user.email));
    await t.client.ok(ops.verifyAccount, { verifyCode: code }, { token });
    const info = await t.client.ok(ops.check, {}, { token });
    expect(info.username).toBe(user.username);
  });
});

describe('QR sign-in', () => {
  it('the phone confirms, the waiting page receives the session once', async () => {
    const qr = await t.client.ok(ops.qrToken, {});
    expect(qr.url).toBe(`http://qcdesk.test/zh/login?qr=${qr.token}`);
    expect(qr.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(await t.client.ok(ops.qrStatus, { pollKey: qr.pollKey })).toEqual({
      status: 'waiting',
      session: null,
    });
    // The token shown on screen is not the poll key: photographing the QR code gets nobody a session.
    expect((await t.client.ok(ops.qrStatus, { pollKey: qr.token })).status).toBe('expired');

    const phone = await signInAs(t, 'LAB');
    expect(await t.client.ok(ops.qrConfirm, { token: qr.token }, { token: phone })).toEqual({
      status: 'confirmed',
    });
    const answer = await t.client.ok(ops.qrStatus, { pollKey: qr.pollKey });
    expect(answer.status).toBe('confirmed');
    const info = await t.client.ok(ops.check, {}, { token: answer.session!.bearerToken });
    expect(info.username).toBe('demo.lab');

    expect(await t.client.ok(ops.qrStatus, { pollKey: qr.pollKey })).toEqual({
      status: 'expired',
      session: null,
    });
    const twice = await t.client.call(ops.qrConfirm, { token: qr.token }, { token: phone, lang: 'en' });
    expect(twice.result).toMatchObject({ reason: 'TOKEN_EXPIRED', error: 'token has expired' });
  });

  it('a rejected or stale QR code gives no session; confirming needs a session', async () => {
    const phone = await signInAs(t, 'QC');
    const rejected = await t.client.ok(ops.qrToken, {});
    await t.client.ok(ops.qrConfirm, { token: rejected.token, approve: false }, { token: phone });
    expect(await t.client.ok(ops.qrStatus, { pollKey: rejected.pollKey })).toEqual({
      status: 'rejected',
      session: null,
    });

    const stale = await t.client.ok(ops.qrToken, {});
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.purpose, 'qr'));
    expect((await t.client.call(ops.qrConfirm, { token: stale.token }, { token: phone })).result.reason).toBe(
      'TOKEN_EXPIRED',
    );
    expect((await t.client.ok(ops.qrStatus, { pollKey: stale.pollKey })).status).toBe('expired');

    const anonymous = await t.client.call(ops.qrConfirm, { token: stale.token });
    expect(anonymous.status).toBe(401);
  });
});

describe('forgotten password', () => {
  it('mails a one-time link; the link sets the password, verifies the account and ends the sessions', async () => {
    const user = await buildUser(t.database.db, { verified: false });
    const old = (await t.client.call(ops.login, { username: user.username, password: DEMO_PASSWORD })).result
      .data as {
      bearerToken: string;
    };
    const sent = await t.client.call(ops.forgotPassword, { account: user.username }, { lang: 'en' });
    expect(sent.result).toMatchObject({ success: true, error: 'The mail has been sent, please check' });
    const mail = await mailTo(user.email);
    // The mail and its link are in the language of the request (the user has no language setting).
    expect(mail.text).toContain('http://qcdesk.test/en/password?token=');
    const token = tokenIn(mail, 'token');
    // A second request within the minute mails nothing more (and the first link stays good).
    const count = smtp.messages.length;
    await t.client.ok(ops.forgotPassword, { account: user.email });
    await t.app.jobs.drain();
    expect(smtp.messages.length).toBe(count);

    await t.client.ok(ops.changePassword, { token, password: 'Reset123', repeatPassword: 'Reset123' });
    await signIn(t, user.username, 'Reset123');
    expect((await t.client.call(ops.check, {}, { token: old.bearerToken })).status).toBe(400);
    const reuse = await t.client.call(
      ops.changePassword,
      { token, password: 'Again123', repeatPassword: 'Again123' },
      { lang: 'en' },
    );
    expect(reuse.result).toMatchObject({ reason: 'TOKEN_EXPIRED', error: 'token has expired' });
  });

  it('answers the same for an unknown account and mails nothing', async () => {
    const before = smtp.messages.length;
    await t.client.ok(ops.forgotPassword, { account: 'ghost@example.com' });
    await t.app.jobs.drain();
    expect(smtp.messages.length).toBe(before);
  });
});

describe('interim link', () => {
  it('an administrator issues a single-use link; "token has expired" once used or stale', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const issued = await t.client.ok(
      ops.interimToken,
      { username: 'demo.sales', send: true },
      { token: admin },
    );
    expect(issued.url).toBe(`http://qcdesk.test/zh/login?interim=${issued.token}`);
    const mail = await mailTo('demo.sales@qcdesk.local');
    expect(tokenIn(mail, 'interim')).toBe(issued.token);

    const session = await t.client.ok(ops.interimLogin, { token: issued.token });
    expect((await t.client.ok(ops.check, {}, { token: session.bearerToken })).username).toBe('demo.sales');
    const again = await t.client.call(ops.interimLogin, { token: issued.token }, { lang: 'en' });
    expect(again.result).toMatchObject({
      success: false,
      reason: 'TOKEN_EXPIRED',
      error: 'token has expired',
    });

    const stale = await t.client.ok(ops.interimToken, { username: 'demo.sales' }, { token: admin });
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.purpose, 'interim'));
    expect((await t.client.call(ops.interimLogin, { token: stale.token })).result.reason).toBe(
      'TOKEN_EXPIRED',
    );
  });

  it('others only for the own account; administrators only for themselves', async () => {
    const qc = await signInAs(t, 'QC');
    expect(
      (await t.client.call(ops.interimToken, { username: 'demo.sales' }, { token: qc })).result.reason,
    ).toBe('E_PERMISSION');
    await t.client.ok(ops.interimToken, {}, { token: qc });
    const admin = await signInAs(t, 'ADMIN');
    expect(
      (await t.client.call(ops.interimToken, { username: 'demo.admin' }, { token: admin })).result.reason,
    ).toBe('E_IMPERSONATE_ADMIN');
  });

  it('a session from an interim link may set a new password without the old one', async () => {
    const user = await buildUser(t.database.db);
    const admin = await signInAs(t, 'ADMIN');
    const issued = await t.client.ok(ops.interimToken, { username: user.username }, { token: admin });
    const session = await t.client.ok(ops.interimLogin, { token: issued.token });
    await t.client.ok(
      ops.changePassword,
      { password: 'Mine1234', repeatPassword: 'Mine1234' },
      { token: session.bearerToken },
    );
    await signIn(t, user.username, 'Mine1234');
  });
});

describe('impersonation', () => {
  it('acts as the user; every change-log row records the impersonator', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const session = await t.client.ok(ops.impersonate, { username: 'demo.salesmgr' }, { token: admin });
    expect(session.displayName).toBe('演示业务经理');
    const token = session.bearerToken;
    const info = await t.client.ok(ops.check, {}, { token, lang: 'en' });
    expect(info).toMatchObject({
      username: 'demo.salesmgr',
      impersonator: { name: '系统管理员', englishName: 'Administrator' },
    });
    expect(info.roles).toContain('user.search');
    expect(info.roles).not.toContain('user.impersonate');

    await t.client.ok(ops.updateUserSetting, { version: 0, language: 'en' }, { token });
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const [target] = await t.database.db.select().from(users).where(eq(users.username, 'demo.salesmgr'));
    const rows = await t.database.db
      .select()
      .from(changeLog)
      .where(eq(changeLog.impersonatorId, adminRow!.id))
      .orderBy(desc(changeLog.id));
    expect(rows[0]).toMatchObject({
      entity: 'user_setting',
      action: 'create',
      actorId: target!.id,
      impersonatorId: adminRow!.id,
    });
    const [start] = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.action, 'impersonate'), eq(changeLog.entityId, target!.id)));
    expect(start).toMatchObject({ entity: 'user', actorId: adminRow!.id });

    const password = await t.client.call(
      ops.changePassword,
      { password: 'Hijack12', repeatPassword: 'Hijack12' },
      { token },
    );
    expect(password.result.reason).toBe('E_IMPERSONATING');
  });

  it('never an administrator, and only with user.impersonate', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const refused = await t.client.call(
      ops.impersonate,
      { username: 'demo.admin' },
      { token: admin, lang: 'en' },
    );
    expect(refused.result).toMatchObject({
      reason: 'E_IMPERSONATE_ADMIN',
      error: 'Administrator accounts cannot be impersonated',
    });
    const qcManager = await signInAs(t, 'QC_MGR');
    expect(
      (await t.client.call(ops.impersonate, { username: 'demo.qc' }, { token: qcManager })).result.reason,
    ).toBe('E_PERMISSION');
    const unknown = await t.client.call(ops.impersonate, { username: 'nobody' }, { token: admin });
    expect(unknown.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', field: 'username' });
  });
});
