import type { Language } from '@qcdesk/contract';
import { personName } from '@qcdesk/contract/person-name';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { verifyPassword } from '../../platform/passwords';
import { INTERIM_LOGIN_MAIL } from './identity.mails';
import { type IdentityDeps, issueSession, type RequestMeta, type SessionTokens } from './session.service';
import { currentUser, findByUsername, isAdmin, issueLink, mailLanguage, takeLink } from './sign-in.queries';
import { interimLink, isActive, locked, tokenExpired } from './sign-in.rules';
import { attemptSucceeded, beginAttempt, failedAttempt } from './throttle.service';

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
    await attemptSucceeded(tx, attempt);
    return issueSession(tx, deps, {
      userId: user.id,
      displayName: personName(user, meta.lang),
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
// Interim links (single use, short-lived)
// ---------------------------------------------------------------------------------------------

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
      template: INTERIM_LOGIN_MAIL,
      lang: mailLang,
      params: {
        name: personName(target, mailLang),
        link: interimLink(deps.config.publicUrl, mailLang, token),
        minutes,
      },
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
    displayName: personName(user, meta.lang),
    method: 'interim',
    remember: false,
    meta,
  });
}

// ---------------------------------------------------------------------------------------------
// Impersonation (DOMAIN.md §5.4)
// ---------------------------------------------------------------------------------------------

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
    displayName: personName(target, meta.lang),
    impersonatorId: user.userId,
    method: 'impersonate',
    remember: false,
    meta,
  });
}
