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
import { RESET_PASSWORD_MAIL, WELCOME_MAIL } from './identity.mails';
import { sessionMethod } from './session.queries';
import { type IdentityDeps, type RequestMeta, revokeUserSessions } from './session.service';
import {
  currentUser,
  issueLink,
  mailLanguage,
  sentRecently,
  setPassword,
  takeLink,
  type UserRow,
} from './sign-in.queries';
import { isActive, locked, resetLink } from './sign-in.rules';
import { accountForMail } from './sign-in-codes.service';
import { attemptSucceeded, beginAttempt, clearFailures, failedAttempt } from './throttle.service';

// ---------------------------------------------------------------------------------------------
// Password reset and change (`register` PUT)
// ---------------------------------------------------------------------------------------------

/** password/forgot: mails a one-time link; the same answer whether or not the account exists. */
export async function forgotPassword(
  db: Db,
  deps: IdentityDeps,
  account: string,
  meta: RequestMeta,
): Promise<void> {
  const user = await accountForMail(db, deps, account, meta);
  if (!user || (await sentRecently(db, user.id, 'reset'))) return;
  const minutes = deps.config.RESET_TOKEN_MINUTES;
  const lang = await mailLanguage(db, user.id, meta.lang);
  const { token } = await issueLink(db, 'reset', user.id, minutes * 60_000, null);
  await enqueueMail(db, {
    to: user.email,
    template: RESET_PASSWORD_MAIL,
    lang,
    params: { name: personName(user, lang), link: resetLink(deps.config.publicUrl, lang, token), minutes },
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
    template: WELCOME_MAIL,
    lang,
    params: {
      name: personName(user, lang),
      username: user.username,
      link: resetLink(deps.config.publicUrl, lang, token),
      hours,
    },
    entity: 'user',
    entityId: user.id,
    createdBy: by,
  });
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
): Promise<{ username?: string }> {
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
    // The holder of the link is the account's owner: they sign in next, with this name.
    return { username: target.username };
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
  return {};
}
