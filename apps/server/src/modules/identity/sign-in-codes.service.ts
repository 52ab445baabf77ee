import { EMAIL_CODE_MINUTES, EMAIL_CODE_TRIES, type Language } from '@qcdesk/contract';
import { personName } from '@qcdesk/contract/person-name';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import { writeChangeLog } from '../../platform/change-log';
import type { Db } from '../../platform/db';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { LOGIN_CODE_MAIL, VERIFY_CODE_MAIL } from './identity.mails';
import { type IdentityDeps, issueSession, type RequestMeta, type SessionTokens } from './session.service';
import { currentUser, findAccount, mailLanguage, sentRecently, type UserRow } from './sign-in.queries';
import { codeHash, locked, maskEmail, newCode } from './sign-in.rules';
import {
  type Attempt,
  assertAccountOpen,
  attemptSucceeded,
  beginAttempt,
  countMailRequest,
  failedAttempt,
} from './throttle.service';

// ---------------------------------------------------------------------------------------------
// Mailed codes: sign-in by e-mail code and account verification (10 minutes, 5 tries)
// ---------------------------------------------------------------------------------------------

/** Creates a code for the user and mails it, unless one was sent within the last minute. */
async function mailCode(
  db: Db,
  user: UserRow,
  purpose: 'email-login' | 'verify',
  template: typeof LOGIN_CODE_MAIL | typeof VERIFY_CODE_MAIL,
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
  const mailLang = await mailLanguage(db, user.id, lang);
  await enqueueMail(db, {
    to: user.email,
    template,
    lang: mailLang,
    params: { name: personName(user, mailLang), code, minutes: EMAIL_CODE_MINUTES, tries: EMAIL_CODE_TRIES },
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
  const user = await accountForMail(db, deps, account, meta);
  if (user) await mailCode(db, user, 'email-login', LOGIN_CODE_MAIL, meta.lang);
}

/**
 * The active account a mail request (login code, reset link) names, or undefined: the request is
 * refused while the account is locked out and counted against the caller's address either way, so
 * the answer does not tell whether the account exists.
 */
export async function accountForMail(db: Db, deps: IdentityDeps, account: string, meta: RequestMeta) {
  await assertAccountOpen(db, account);
  await countMailRequest(db, meta.ip, deps.config);
  const user = await findAccount(db, account);
  return user?.state === 1 ? user : undefined;
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
    displayName: personName(user!, meta.lang),
    method: 'code',
    remember: input.remember,
    meta,
  });
}

/** account/verify/send: a code to the caller's own address. */
export async function sendVerifyCode(db: Db, user: Principal, lang: Language) {
  const row = await currentUser(db, user);
  if (!row.verified) await mailCode(db, row, 'verify', VERIFY_CODE_MAIL, lang);
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
