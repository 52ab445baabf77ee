import { randomInt } from 'node:crypto';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_MINUTES, EMAIL_CODE_TRIES, type Language } from '@qcdesk/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { type OneTimePurpose, oneTimeTokens, roles, userSettings, users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import type { MailTemplate } from '../../platform/mail/mail-templates';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { randomToken, sha256Hex } from '../../platform/tokens';
import {
  type IdentityDeps,
  issueSession,
  type RequestMeta,
  revokeUserSessions,
  type SessionTokens,
  sessionMethod,
} from './session.service';
import {
  type Attempt,
  assertAccountOpen,
  attemptSucceeded,
  beginAttempt,
  clearFailures,
  countMailRequest,
  failedAttempt,
} from './throttle.service';

type UserRow = typeof users.$inferSelect;

/** A new code or link for the same purpose replaces the previous one; one per minute at most. */
const RESEND_SECONDS = 60;

const codeHash = (purpose: OneTimePurpose, userId: bigint, code: string) =>
  sha256Hex(`${purpose}:${userId}:${code}`);

function newCode(): string {
  return randomInt(0, 10 ** EMAIL_CODE_LENGTH)
    .toString()
    .padStart(EMAIL_CODE_LENGTH, '0');
}

/** A valid (not deleted) user by username, or by e-mail when no username matches. */
async function findAccount(db: Db, account: string): Promise<UserRow | undefined> {
  const name = account.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.valid, 1),
        or(sql`lower(${users.username}) = ${name}`, sql`lower(${users.email}) = ${name}`),
      ),
    );
  return rows.find((u) => u.username.toLowerCase() === name) ?? rows[0];
}

async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.valid, 1), sql`lower(${users.username}) = ${username.trim().toLowerCase()}`));
  return row;
}

/** The language a user reads mail in: the setting, else the language of the request. */
async function mailLanguage(db: Db, userId: bigint, fallback: Language): Promise<Language> {
  const [row] = await db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.language === 'en' || row?.language === 'zh' ? row.language : fallback;
}

const locked = () => new AppError('E_ACCOUNT_LOCKED');

/** An account that exists, is not deleted and is not locked. */
function isActive<T extends { state: number; valid: number }>(user: T | undefined): user is T {
  return user?.state === 1 && user.valid === 1;
}

// ---------------------------------------------------------------------------------------------
// Password
// ---------------------------------------------------------------------------------------------

export interface PasswordLogin {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * Sign-in with username and password. Unknown users and wrong passwords get the same answer in
 * the same time (a dummy hash is checked); the attempt is counted against the name and the address
 * before the hash is checked (throttle.service.ts). Bound without the operation's transaction: the
 * hash is checked holding no connection (PGlite has one), the count is seen at once by every
 * process, and the writes take one short transaction.
 */
export async function passwordLogin(
  db: Db,
  deps: IdentityDeps,
  input: PasswordLogin,
  meta: RequestMeta,
): Promise<SessionTokens> {
  const attempt = await beginAttempt(db, { account: input.username, ip: meta.ip }, deps.config);
  const user = await findByUsername(db, input.username);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    throw failedAttempt(attempt, deps.config, 'E_LOGIN_FAILED');
  }
  if (user.state !== 1) {
    await attemptSucceeded(db, attempt);
    throw locked();
  }
  const session = await db.transaction(async (tx) => {
    await attemptSucceeded(tx as unknown as Db, attempt);
    return issueSession(tx as unknown as Db, deps, {
      userId: user.id,
      displayName: user.name,
      method: 'password',
      remember: input.remember,
      meta,
    });
  });
  // Spec §8: sign-in with -1002 shows the error and hands over what the verification step needs.
  if (!user.verified) throw new AppError('E_MUST_VERIFY', {}, { keepWrites: true, data: session });
  return session;
}

// ---------------------------------------------------------------------------------------------
// Mailed codes: sign-in by e-mail code and account verification (10 minutes, 5 tries)
// ---------------------------------------------------------------------------------------------

/** Whether a live code or link of the purpose went to the user within the last minute. */
async function sentRecently(db: Db, userId: bigint, purpose: OneTimePurpose): Promise<boolean> {
  const [recent] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.createdAt, sql`now() - make_interval(secs => ${RESEND_SECONDS})`),
      ),
    );
  return recent !== undefined;
}

/** Creates a code for the user and mails it, unless one was sent within the last minute. */
async function mailCode(
  db: Db,
  user: UserRow,
  purpose: 'email-login' | 'verify',
  template: MailTemplate,
  lang: Language,
): Promise<void> {
  if (await sentRecently(db, user.id, purpose)) return;
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const code = newCode();
  await db.insert(oneTimeTokens).values({
    purpose,
    userId: user.id,
    secretHash: codeHash(purpose, user.id, code),
    expiresAt: new Date(Date.now() + EMAIL_CODE_MINUTES * 60_000),
    maxAttempts: EMAIL_CODE_TRIES,
  });
  await enqueueMail(db, {
    to: user.email,
    template,
    lang: await mailLanguage(db, user.id, lang),
    params: { name: user.name, code, minutes: EMAIL_CODE_MINUTES, tries: EMAIL_CODE_TRIES },
    entity: 'user',
    entityId: user.id,
  });
}

/**
 * Checks a mailed code: the latest live one of the purpose. A wrong code uses up one of its
 * tries and stays counted as a failed attempt; the answer never says whether the account exists.
 */
async function consumeCode(
  db: Db,
  deps: IdentityDeps,
  user: UserRow | undefined,
  purpose: 'email-login' | 'verify',
  code: string,
  attempt: Attempt,
): Promise<void> {
  const [row] = user
    ? await db
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.userId, user.id),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, sql`now()`),
            sql`${oneTimeTokens.attempts} < ${oneTimeTokens.maxAttempts}`,
          ),
        )
        .orderBy(desc(oneTimeTokens.createdAt))
        .limit(1)
        .for('update')
    : [];
  if (!row || !user || row.secretHash !== codeHash(purpose, user.id, code)) {
    if (row) {
      await db
        .update(oneTimeTokens)
        .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
        .where(eq(oneTimeTokens.id, row.id));
    }
    throw failedAttempt(attempt, deps.config, 'E_CODE_INVALID', 'verifyCode');
  }
  await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, row.id));
  await attemptSucceeded(db, attempt);
}

/** auth/code/send: the same answer whether or not the account exists. */
export async function sendLoginCode(
  db: Db,
  deps: IdentityDeps,
  account: string,
  meta: RequestMeta,
): Promise<void> {
  await assertAccountOpen(db, account);
  await countMailRequest(db, meta.ip, deps.config);
  const user = await findAccount(db, account);
  if (user && user.state === 1) await mailCode(db, user, 'email-login', 'login-code', meta.lang);
}

/** auth/code/login: a mailed code proves the mailbox, so it also verifies the account. */
export async function codeLogin(
  db: Db,
  deps: IdentityDeps,
  input: { account: string; verifyCode: string; remember: boolean },
  meta: RequestMeta,
): Promise<SessionTokens> {
  const attempt = await beginAttempt(db, { account: input.account, ip: meta.ip }, deps.config);
  const user = await findAccount(db, input.account);
  await consumeCode(db, deps, user, 'email-login', input.verifyCode, attempt);
  if (user!.state !== 1) throw locked();
  if (!user!.verified) await db.update(users).set({ verified: true }).where(eq(users.id, user!.id));
  return issueSession(db, deps, {
    userId: user!.id,
    displayName: user!.name,
    method: 'code',
    remember: input.remember,
    meta,
  });
}

async function currentUser(db: Db, user: Principal): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, user.userId));
  if (!isActive(row)) throw locked();
  return row;
}

const maskEmail = (email: string) =>
  email.replace(/^(.)[^@]*(@.*)$/, (_m, first: string, domain: string) => `${first}***${domain}`);

/** account/verify/send: a code to the caller's own address. */
export async function sendVerifyCode(db: Db, user: Principal, lang: Language) {
  const row = await currentUser(db, user);
  if (!row.verified) await mailCode(db, row, 'verify', 'verify-code', lang);
  return { sent: !row.verified, email: maskEmail(row.email) };
}

/** account/verify */
export async function verifyAccount(
  db: Db,
  deps: IdentityDeps,
  user: Principal,
  code: string,
  meta: RequestMeta,
) {
  const row = await currentUser(db, user);
  if (row.verified) return { verified: true };
  const attempt = await beginAttempt(db, { account: row.username, ip: meta.ip }, deps.config);
  await consumeCode(db, deps, row, 'verify', code, attempt);
  await db.update(users).set({ verified: true }).where(eq(users.id, row.id));
  await writeChangeLog(db, actorOf(user), {
    entity: 'user',
    entityId: row.id,
    action: 'verify',
    changes: [{ field: 'verified', from: false, to: true }],
  });
  deps.principals.forgetUser(row.id);
  return { verified: true };
}

// ---------------------------------------------------------------------------------------------
// Password reset and change (`register` PUT)
// ---------------------------------------------------------------------------------------------

async function issueLink(
  db: Db,
  purpose: 'reset' | 'interim',
  userId: bigint,
  lifetimeMs: number,
  issuedBy: bigint | null,
): Promise<{ token: string; expiresAt: Date }> {
  // A new link replaces the previous unused one of the same purpose.
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
  const token = randomToken();
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db
    .insert(oneTimeTokens)
    .values({ purpose, userId, secretHash: sha256Hex(token), expiresAt, issuedBy });
  return { token, expiresAt };
}

/** The change-password screen (route ChanePassword, /{language}/password) takes the reset token. */
export const resetLink = (publicUrl: string, lang: Language, token: string) =>
  `${publicUrl}/${lang}/password?token=${token}`;

/** password/forgot: mails a one-time link; the same answer whether or not the account exists. */
export async function forgotPassword(
  db: Db,
  deps: IdentityDeps,
  account: string,
  meta: RequestMeta,
): Promise<void> {
  await assertAccountOpen(db, account);
  await countMailRequest(db, meta.ip, deps.config);
  const user = await findAccount(db, account);
  if (user?.state !== 1 || (await sentRecently(db, user.id, 'reset'))) return;
  const minutes = deps.config.RESET_TOKEN_MINUTES;
  const lang = await mailLanguage(db, user.id, meta.lang);
  const { token } = await issueLink(db, 'reset', user.id, minutes * 60_000, null);
  await enqueueMail(db, {
    to: user.email,
    template: 'reset-password',
    lang,
    params: { name: user.name, link: resetLink(deps.config.publicUrl, lang, token), minutes },
    entity: 'user',
    entityId: user.id,
  });
}

/** Mails a new user the link to set a first password (user create). */
export async function sendWelcome(
  db: Db,
  deps: IdentityDeps,
  user: UserRow,
  lang: Language,
  by: bigint | null,
) {
  const hours = deps.config.WELCOME_TOKEN_HOURS;
  const { token } = await issueLink(db, 'reset', user.id, hours * 3_600_000, by);
  await enqueueMail(db, {
    to: user.email,
    template: 'welcome',
    lang,
    params: {
      name: user.name,
      username: user.username,
      link: resetLink(deps.config.publicUrl, lang, token),
      hours,
    },
    entity: 'user',
    entityId: user.id,
    createdBy: by,
  });
}

const tokenExpired = () => new AppError('TOKEN_EXPIRED');

/** Takes a live one-time link of a purpose, or refuses with "token has expired". */
async function takeLink(db: Db, purpose: 'reset' | 'interim', token: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.secretHash, sha256Hex(token)), eq(oneTimeTokens.purpose, purpose)))
    .for('update');
  if (!row || row.usedAt || row.expiresAt <= new Date() || !row.userId) throw tokenExpired();
  await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, row.id));
  return row as typeof row & { userId: bigint };
}

export interface PasswordChange {
  token?: string | undefined;
  oldPassword?: string | undefined;
  password: string;
}

/**
 * `register` PUT. With a reset token: sets the password of the token's user, ends all their
 * sessions and marks the account verified (the link proved the mailbox). Signed in: changes the
 * own password; the current one is asked for unless the session came from a mailed code or an
 * interim link (whose holder may not know it); the other sessions of the user end.
 */
export async function changePassword(
  db: Db,
  deps: IdentityDeps,
  user: Principal | null,
  input: PasswordChange,
  meta: RequestMeta,
): Promise<void> {
  if (input.token) {
    const link = await takeLink(db, 'reset', input.token);
    const [target] = await db.select().from(users).where(eq(users.id, link.userId));
    if (!isActive(target)) throw locked();
    await setPassword(db, target.id, input.password, { verified: true });
    await writeChangeLog(
      db,
      { userId: target.id },
      { entity: 'user', entityId: target.id, action: 'password-reset', changes: [] },
    );
    await revokeUserSessions(db, deps, target.id, 'password reset');
    await clearFailures(db, target.username);
    return;
  }
  if (!user) throw new AppError('UNAUTHORIZED', {}, { status: 401 });
  if (user.impersonatorId) throw new AppError('E_IMPERSONATING');
  const row = await currentUser(db, user);
  const method = await sessionMethod(db, user.sessionId);
  if (method !== 'code' && method !== 'interim') {
    if (!input.oldPassword)
      throw new AppError('E_REQUIRED', { field: 'oldPassword' }, { field: 'oldPassword' });
    const attempt = await beginAttempt(db, { account: row.username, ip: meta.ip }, deps.config);
    if (!(await verifyPassword(row.passwordHash, input.oldPassword))) {
      throw failedAttempt(attempt, deps.config, 'E_OLD_PASSWORD', 'oldPassword');
    }
    await attemptSucceeded(db, attempt);
  }
  await setPassword(db, row.id, input.password, {});
  await writeChangeLog(db, actorOf(user), {
    entity: 'user',
    entityId: row.id,
    action: 'password',
    changes: [],
  });
  await revokeUserSessions(db, deps, row.id, 'password changed', user.sessionId);
}

async function setPassword(db: Db, userId: bigint, password: string, extra: { verified?: boolean }) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false, ...extra })
    .where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------
// Interim links (single use, short-lived)
// ---------------------------------------------------------------------------------------------

/** The login screen takes an interim token from `?interim=`. */
export const interimLink = (publicUrl: string, lang: Language, token: string) =>
  `${publicUrl}/${lang}/login?interim=${token}`;

/**
 * interim/token: a link for the caller's own account, or (with user.edit) for another user;
 * administrators' links only they issue themselves (as with impersonation).
 */
export async function issueInterimToken(
  db: Db,
  deps: IdentityDeps,
  user: Principal,
  input: { username?: string | undefined; send: boolean },
  lang: Language,
) {
  const target = input.username ? await findByUsername(db, input.username) : await currentUser(db, user);
  if (!target) throw new AppError('E_REF_NOT_FOUND', { field: 'username' }, { field: 'username' });
  if (target.id !== user.userId) {
    if (!user.permissions.has('user.edit')) throw new AppError('E_PERMISSION');
    if (await isAdmin(db, target)) throw new AppError('E_IMPERSONATE_ADMIN');
  }
  if (target.state !== 1) throw new AppError('E_REF_INACTIVE', { field: 'username' }, { field: 'username' });
  const minutes = deps.config.INTERIM_TOKEN_MINUTES;
  const { token, expiresAt } = await issueLink(db, 'interim', target.id, minutes * 60_000, user.userId);
  const mailLang = await mailLanguage(db, target.id, lang);
  if (input.send) {
    await enqueueMail(db, {
      to: target.email,
      template: 'interim-login',
      lang: mailLang,
      params: { name: target.name, link: interimLink(deps.config.publicUrl, mailLang, token), minutes },
      entity: 'user',
      entityId: target.id,
      createdBy: user.userId,
    });
  }
  await writeChangeLog(db, actorOf(user), {
    entity: 'user',
    entityId: target.id,
    action: 'interim-token',
    changes: [],
  });
  return { token, url: interimLink(deps.config.publicUrl, lang, token), expiresAt };
}

/** interim/login: "token has expired" when the token is unknown, used or stale. */
export async function interimLogin(
  db: Db,
  deps: IdentityDeps,
  token: string,
  meta: RequestMeta,
): Promise<SessionTokens> {
  const link = await takeLink(db, 'interim', token);
  const [user] = await db.select().from(users).where(eq(users.id, link.userId));
  if (!isActive(user)) throw tokenExpired();
  return issueSession(db, deps, {
    userId: user.id,
    displayName: user.name,
    method: 'interim',
    remember: false,
    meta,
  });
}

// ---------------------------------------------------------------------------------------------
// QR sign-in: the login page shows a one-time token; a signed-in phone confirms it
// ---------------------------------------------------------------------------------------------

export const qrLink = (publicUrl: string, lang: Language, token: string) =>
  `${publicUrl}/${lang}/login?qr=${token}`;

export async function createQrToken(db: Db, deps: IdentityDeps, lang: Language) {
  const token = randomToken();
  const pollKey = randomToken();
  const expiresAt = new Date(Date.now() + deps.config.QR_TOKEN_SECONDS * 1000);
  await db.insert(oneTimeTokens).values({
    purpose: 'qr',
    secretHash: sha256Hex(token),
    pollHash: sha256Hex(pollKey),
    state: 'waiting',
    expiresAt,
  });
  const url = qrLink(deps.config.publicUrl, lang, token);
  const qrCode = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { token, pollKey, url, qrCode, expiresAt };
}

/** The scanning user approves or rejects; only a waiting, live token can be answered. */
export async function confirmQr(db: Db, user: Principal, token: string, approve: boolean) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.secretHash, sha256Hex(token)), eq(oneTimeTokens.purpose, 'qr')))
    .for('update');
  if (row?.state !== 'waiting' || row.expiresAt <= new Date()) throw tokenExpired();
  const state = approve ? 'confirmed' : 'rejected';
  await db
    .update(oneTimeTokens)
    .set({ state, userId: user.userId, impersonatorId: user.impersonatorId ?? null })
    .where(eq(oneTimeTokens.id, row.id));
  return { status: state } as const;
}

/** The waiting page polls with its private key; a confirmed sign-in hands over the session once. */
export async function pollQr(db: Db, deps: IdentityDeps, pollKey: string, meta: RequestMeta) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.pollHash, sha256Hex(pollKey)), eq(oneTimeTokens.purpose, 'qr')))
      .for('update');
    const none = { session: null };
    if (!row || row.state === 'claimed') return { status: 'expired' as const, ...none };
    if (row.state === 'rejected') return { status: 'rejected' as const, ...none };
    if (row.expiresAt <= new Date()) return { status: 'expired' as const, ...none };
    if (row.state !== 'confirmed' || !row.userId) return { status: 'waiting' as const, ...none };
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!isActive(user)) return { status: 'rejected' as const, ...none };
    await tx
      .update(oneTimeTokens)
      .set({ state: 'claimed', usedAt: new Date() })
      .where(eq(oneTimeTokens.id, row.id));
    const session = await issueSession(tx as unknown as Db, deps, {
      userId: user.id,
      displayName: user.name,
      impersonatorId: row.impersonatorId,
      method: 'qr',
      remember: false,
      meta,
    });
    return { status: 'confirmed' as const, session };
  });
}

// ---------------------------------------------------------------------------------------------
// Impersonation (DOMAIN.md §5.4)
// ---------------------------------------------------------------------------------------------

async function isAdmin(db: Db, user: UserRow): Promise<boolean> {
  const [role] = await db.select({ code: roles.code }).from(roles).where(eq(roles.id, user.roleId));
  return role?.code === 'ADMIN';
}

/**
 * user/impersonate: a session as the target, carrying the impersonator, who is recorded on
 * every change-log row. Administrators cannot be impersonated, and impersonation does not nest.
 */
export async function impersonate(
  db: Db,
  deps: IdentityDeps,
  user: Principal,
  username: string,
  meta: RequestMeta,
) {
  if (user.impersonatorId) throw new AppError('E_IMPERSONATING');
  const target = await findByUsername(db, username);
  if (!target) throw new AppError('E_REF_NOT_FOUND', { field: 'username' }, { field: 'username' });
  if (await isAdmin(db, target)) throw new AppError('E_IMPERSONATE_ADMIN');
  if (target.state !== 1) throw new AppError('E_REF_INACTIVE', { field: 'username' }, { field: 'username' });
  await writeChangeLog(
    db,
    { userId: user.userId },
    { entity: 'user', entityId: target.id, action: 'impersonate', changes: [] },
  );
  return issueSession(db, deps, {
    userId: target.id,
    displayName: target.name,
    impersonatorId: user.userId,
    method: 'impersonate',
    remember: false,
    meta,
  });
}
