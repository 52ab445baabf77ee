import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UrlSigner } from '../../platform/storage/url-signer';

// Upload and report tokens (spec §7): short-lived, for the caller's own account, signed with the
// files key so any server process accepts them. They carry no session: an upload token only lets
// its holder upload as that user until it expires.

export type FileTokenKind = 'upload' | 'report';

export interface FileTokenClaims {
  kind: FileTokenKind;
  userId: bigint;
  /** A report token may name one file it opens in addition to the user's own. */
  fileId?: bigint | undefined;
  /** Unix seconds. */
  exp: number;
}

export type TokenCheck = { ok: true; claims: FileTokenClaims } | { ok: false; expired: boolean };

const DIGITS = /^[1-9][0-9]{0,18}$/;

export function issueFileToken(
  signer: UrlSigner,
  claims: Omit<FileTokenClaims, 'exp'>,
  seconds: number,
  now = Date.now(),
): { token: string; expiresAt: Date; expiresIn: number } {
  const exp = Math.floor(now / 1000) + seconds;
  const token = signer.seal({
    k: claims.kind,
    u: claims.userId.toString(),
    ...(claims.fileId ? { f: claims.fileId.toString() } : {}),
    e: exp,
    n: randomBytes(6).toString('base64url'),
  });
  return { token, expiresAt: new Date(exp * 1000), expiresIn: seconds };
}

export function readFileToken(
  signer: UrlSigner,
  token: string | undefined,
  kind: FileTokenKind,
  now = Date.now(),
): TokenCheck {
  const claims = signer.open(token);
  if (claims?.k !== kind || typeof claims.u !== 'string' || !DIGITS.test(claims.u)) {
    return { ok: false, expired: false };
  }
  if (claims.f !== undefined && (typeof claims.f !== 'string' || !DIGITS.test(claims.f))) {
    return { ok: false, expired: false };
  }
  if (typeof claims.e !== 'number') return { ok: false, expired: false };
  if (claims.e <= Math.floor(now / 1000)) return { ok: false, expired: true };
  return {
    ok: true,
    claims: {
      kind,
      userId: BigInt(claims.u),
      fileId: typeof claims.f === 'string' ? BigInt(claims.f) : undefined,
      exp: claims.e,
    },
  };
}

/**
 * The token of a plain request: the Authorization header (spec §7 sends the token as the header,
 * with or without "Bearer "), else the `token` query parameter (links and `<img src>`).
 */
export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (header) return /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '') : header;
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof query === 'string' && query !== '' ? query : undefined;
}
