import type { Language } from '@qcdesk/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type OneTimePurpose, oneTimeTokens, roles, userSettings, users } from '../../db/schema/identity';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import { randomToken, sha256Hex } from '../../platform/tokens';
import { isActive, locked, tokenExpired } from './sign-in.rules';

export type UserRow = typeof users.$inferSelect;

/** A new code or link for the same purpose replaces the previous one; one per minute at most. */
export const RESEND_SECONDS = 60;

/** A valid (not deleted) user by username, or by e-mail when no username matches. */
export async function findAccount(db: Db, account: string): Promise<UserRow | undefined> {
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

export async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.valid, 1), sql`lower(${users.username}) = ${username.trim().toLowerCase()}`));
  return row;
}

/** The language a user reads mail in: the setting, else the language of the request. */
export async function mailLanguage(db: Db, userId: bigint, fallback: Language): Promise<Language> {
  const [row] = await db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.language === 'en' || row?.language === 'zh' ? row.language : fallback;
}

/** Whether a live code or link of the purpose went to the user within the last minute. */
export async function sentRecently(db: Db, userId: bigint, purpose: OneTimePurpose): Promise<boolean> {
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

export async function currentUser(db: Db, user: Principal): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, user.userId));
  if (!isActive(row)) throw locked();
  return row;
}

export async function issueLink(
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

/** Takes a live one-time link of a purpose, or refuses with "token has expired". */
export async function takeLink(db: Db, purpose: 'reset' | 'interim', token: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.secretHash, sha256Hex(token)), eq(oneTimeTokens.purpose, purpose)))
    .for('update');
  if (!row || row.usedAt || row.expiresAt <= new Date() || !row.userId) throw tokenExpired();
  await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, row.id));
  return row as typeof row & { userId: bigint };
}

export async function setPassword(db: Db, userId: bigint, password: string, extra: { verified?: boolean }) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false, ...extra })
    .where(eq(users.id, userId));
}

export async function isAdmin(db: Db, user: UserRow): Promise<boolean> {
  const [role] = await db.select({ code: roles.code }).from(roles).where(eq(roles.id, user.roleId));
  return role?.code === 'ADMIN';
}
