import type { FastifyRequest } from 'fastify';
import { type Authenticator, bearerToken } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { presentedToken, readFileToken } from './file-tokens';
import { DIGITS, PlainRefusal } from './files-http';
import { chargeShareAttempt, shareAttemptSucceeded } from './share-throttle';
import { findShortLink, type ShortLinkRow, shortLinkOpens, shortLinkState } from './short-links.service';

// Who may make a short link and who may open one (the share routes of files-share.routes.ts).

export const DAY_MS = 86_400_000;

/**
 * Short-URL `urls`: a file id, or a file URL of this server (`/api/file/{id}?…`, absolute or not;
 * the sandbox's carry `/dev` before `/api`, as it hands them out).
 */
export function fileRefOf(
  value: string,
  config: Pick<Config, 'publicUrl' | 'basePath'>,
): { id: string; query: URLSearchParams } | undefined {
  if (DIGITS.test(value)) return { id: value, query: new URLSearchParams() };
  let url: URL;
  try {
    url = new URL(value, config.publicUrl);
  } catch {
    return undefined;
  }
  const path =
    config.basePath && url.pathname.startsWith(`${config.basePath}/`)
      ? url.pathname.slice(config.basePath.length)
      : url.pathname;
  const match = /^\/api\/file\/([1-9][0-9]{0,18})$/.exec(path);
  if (!match || url.origin !== new URL(config.publicUrl).origin) return undefined;
  return { id: match[1]!, query: url.searchParams };
}

/**
 * Expiry of a new link: a number of days, or an ISO date/time in the future, never after `latest`;
 * by default `defaultDays`, cut to `latest`. Undefined when the asked expiry is out of range. `now`
 * is the one `latest` was counted from: read again here, a millisecond later, the longest allowed
 * number of days came out one millisecond too long (CI, under load).
 */
export function expiryOf(
  exp: string | undefined,
  defaultDays: number,
  latest: number,
  now = Date.now(),
): Date | undefined {
  if (!exp) return new Date(Math.min(now + defaultDays * DAY_MS, latest));
  if (/^\d{1,4}$/.test(exp)) {
    const days = Number(exp);
    return days >= 1 && now + days * DAY_MS <= latest ? new Date(now + days * DAY_MS) : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(exp)) return undefined;
  const at = Date.parse(exp);
  return Number.isFinite(at) && at > now && at <= latest ? new Date(at) : undefined;
}

export function linkStateRefusal(state: 'expired' | 'exhausted' | 'missing'): PlainRefusal {
  if (state === 'missing') return new PlainRefusal(404, 'E_NOT_FOUND');
  return new PlainRefusal(410, state === 'expired' ? 'E_SHARE_EXPIRED' : 'E_SHARE_EXHAUSTED');
}

/**
 * Whether `password` opens the link, counting a wrong one against the link and the address
 * (share-throttle.ts); while either is locked the password is not even checked.
 */
export async function tryLinkPassword(
  db: Db,
  link: ShortLinkRow,
  password: unknown,
  ip: string,
): Promise<{ open: boolean } | { locked: number }> {
  if (!link.passwordHash) return { open: true };
  if (typeof password !== 'string' || password === '') return { open: false };
  const charged = await chargeShareAttempt(db, link.code, ip);
  if (!charged.ok) return { locked: charged.seconds };
  if (!(await shortLinkOpens(link, password))) return { open: false };
  await shareAttemptSucceeded(db, link.code, ip);
  return { open: true };
}

/** The open link of `code`, its password checked (a refusal otherwise). */
export async function openLink(db: Db, code: string, password: unknown, ip: string): Promise<ShortLinkRow> {
  const link = await findShortLink(db, code);
  if (!link) throw new PlainRefusal(404, 'E_NOT_FOUND');
  const state = shortLinkState(link);
  if (state !== 'open') throw linkStateRefusal(state);
  const tried = await tryLinkPassword(db, link, password, ip);
  if ('locked' in tried) {
    const minutes = Math.max(1, Math.ceil(tried.locked / 60));
    throw new PlainRefusal(429, 'E_LOCKED_OUT', { n: minutes }, tried.locked);
  }
  if (!tried.open) throw new PlainRefusal(403, 'E_SHARE_PASSWORD');
  return link;
}

export const linkFileIds = (link: ShortLinkRow) => link.fileIds.map((id) => BigInt(id));

/** Who creates a short link: the bearer session of the envelope, or an upload token. */
export async function callerOf(
  request: FastifyRequest,
  runtime: FilesRuntime,
  authenticate: Authenticator,
): Promise<bigint | undefined> {
  const upload = readFileToken(runtime.signer, presentedToken(request), 'upload');
  if (upload.ok) return upload.claims.userId;
  try {
    const principal = await authenticate(bearerToken(request), request);
    return principal?.userId;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}
