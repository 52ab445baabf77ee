import type { Language } from '@qcdesk/contract';
import { personName } from '@qcdesk/contract/person-name';
import { and, eq } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema/identity';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { loadQRCode } from '../../platform/lazy-packages';
import { randomToken, sha256Hex } from '../../platform/tokens';
import { type IdentityDeps, issueSession, type RequestMeta } from './session.service';
import { isActive, qrLink, tokenExpired } from './sign-in.rules';

// ---------------------------------------------------------------------------------------------
// QR sign-in: the login page shows a one-time token; a signed-in phone confirms it
// ---------------------------------------------------------------------------------------------

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
  const QRCode = await loadQRCode();
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
    const session = await issueSession(tx, deps, {
      userId: user.id,
      displayName: personName(user, meta.lang),
      impersonatorId: row.impersonatorId,
      method: 'qr',
      remember: false,
      meta,
    });
    return { status: 'confirmed' as const, session };
  });
}
