import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for file URLs and file tokens. Every server process holds the same key,
 * so a URL signed by one is accepted by all. Parts are signed as a JSON array, so no two different
 * part lists share a signature; the first part names the purpose (`obj`, `file`, `token`, …).
 */
export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  sign(...parts: Array<string | number>): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify(parts.map(String)))
      .digest('base64url');
  }

  /** Constant-time comparison of a presented signature with the expected one. */
  check(signature: string | undefined, ...parts: Array<string | number>): boolean {
    if (typeof signature !== 'string' || signature.length === 0 || signature.length > 128) return false;
    const expected = Buffer.from(this.sign(...parts));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A compact signed token: base64url JSON claims and their signature. */
  seal(claims: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.sign('token', body)}`;
  }

  /** The claims of a token this key sealed, or null for anything else (tampered, foreign, garbage). */
  open(token: string | undefined): Record<string, unknown> | null {
    if (typeof token !== 'string' || token.length > 4096) return null;
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    if (!this.check(token.slice(dot + 1), 'token', body)) return null;
    try {
      const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
        ? (claims as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
}
