import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { shortLinks } from '../../db/schema/files';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { createRecord } from '../../platform/records';

export type ShortLinkRow = typeof shortLinks.$inferSelect;

export interface NewShortLink {
  fileIds: readonly bigint[];
  expiresAt: Date;
  /** null: no limit. */
  limit: number | null;
  password?: string | undefined;
  direct: boolean;
  sub?: string | undefined;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const CODE_LENGTH = 12;

/** A random public id: 12 characters of an unambiguous 57-letter alphabet (~70 bits). */
export function newShortCode(): string {
  const out: string[] = [];
  while (out.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 228 && out.length < CODE_LENGTH) out.push(CODE_ALPHABET[byte % CODE_ALPHABET.length]!);
    }
  }
  return out.join('');
}

export const isShortCode = (code: string) => /^[A-Za-z0-9]{6,32}$/.test(code);

/** Creates a link to files the caller was allowed to share (report sending calls this too). */
export async function createShortLink(db: Db, link: NewShortLink, actor: Actor): Promise<ShortLinkRow> {
  const passwordHash = link.password ? await hashPassword(link.password) : null;
  return (await createRecord(db, {
    table: shortLinks,
    values: {
      code: newShortCode(),
      passwordHash,
      expiresAt: link.expiresAt,
      accessLimit: link.limit,
      direct: link.direct,
      sub: link.sub ?? null,
      fileIds: link.fileIds.map(String),
    },
    actor,
  })) as ShortLinkRow;
}

export async function findShortLink(db: Db, code: string): Promise<ShortLinkRow | undefined> {
  if (!isShortCode(code)) return undefined;
  const [row] = await db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.code, code), eq(shortLinks.valid, 1)));
  return row;
}

/** Whether `password` opens the link (a link without a password opens with anything). */
export async function shortLinkOpens(link: ShortLinkRow, password: string | undefined): Promise<boolean> {
  if (!link.passwordHash) return true;
  if (!password) return false;
  return verifyPassword(link.passwordHash, password);
}

export type ShortLinkState = 'open' | 'expired' | 'exhausted';

export function shortLinkState(link: ShortLinkRow, now = new Date()): ShortLinkState {
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (link.accessLimit !== null && link.used >= link.accessLimit) return 'exhausted';
  return 'open';
}

/**
 * Counts one access, if the link still allows one. A single conditional UPDATE checks expiry and
 * limit and counts in one step, so concurrent downloads of a limit-N link admit exactly N.
 */
export async function consumeShortLink(
  db: Db,
  code: string,
): Promise<{ ok: true; link: ShortLinkRow } | { ok: false; state: 'expired' | 'exhausted' | 'missing' }> {
  const [link] = await db
    .update(shortLinks)
    .set({ used: sql`${shortLinks.used} + 1` })
    .where(
      and(
        eq(shortLinks.code, code),
        eq(shortLinks.valid, 1),
        gt(shortLinks.expiresAt, sql`now()`),
        or(isNull(shortLinks.accessLimit), lt(shortLinks.used, shortLinks.accessLimit)),
      ),
    )
    .returning();
  if (link) return { ok: true, link };
  const current = await findShortLink(db, code);
  if (!current) return { ok: false, state: 'missing' };
  // Open by this clock but refused by the database's: the expiry is a matter of milliseconds.
  const state = shortLinkState(current);
  return { ok: false, state: state === 'open' ? 'expired' : state };
}
