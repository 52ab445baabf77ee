import type { HttpMethod } from './operation';

// Raw routes (issue 24 point 6): the few HTTP routes outside the envelope (PROTOCOL.md: upload,
// download, the local store's presigned URLs and the shared-file page). Each is declared once with
// its method, path, credential and body; the server binds every one of them (and refuses to start
// with one unbound), and the permission matrix calls each without its credential.

/**
 * What opens a raw route. None takes the envelope's permissions directly: the credentials are
 * short-lived tokens and signatures that signed-in operations (`token/upload`, `token/report`,
 * `sts`, the areas' file URLs) hand out after their own permission check.
 */
export const RAW_AUTH = {
  /** `Authorization: <upload token>` (bare or Bearer) of `token/upload`. */
  'upload-token': { status: 401, reason: 'E_UPLOAD_DENIED' },
  /** The envelope's bearer session, or an upload token. */
  'session-or-upload-token': { status: 401, reason: 'UNAUTHORIZED' },
  /** A signed URL (`exp`, `sig`) or a report token of `token/report` (`token` query or Authorization). */
  'signed-url-or-report-token': { status: 401, reason: 'E_UPLOAD_DENIED' },
  /** A presigned URL of the local object store (`X-Amz-*`-like query of its own). */
  presigned: { status: 403, reason: 'E_LINK_INVALID' },
  /** The signed `grant` field of `sts` before the `file` part (a browser form POST). */
  'post-grant': { status: 403, reason: 'E_LINK_INVALID' },
  /** A short link's code, and its password when it has one (spec §7 short URL). */
  'share-link': { status: 404, reason: 'E_NOT_FOUND' },
  /** A short link's code: a direct link redirects to its file, anything else opens the SPA's page. */
  'share-page': { status: 'page', reason: null },
  // The reasons are shared message keys (files.test.ts checks them against messages.ts, which this file
  // cannot import: messages → area texts → catalogue → files → here).
} as const satisfies Record<string, { status: number | 'page'; reason: string | null }>;

export type RawAuth = keyof typeof RAW_AUTH;

/** Busboy's limits of a multipart body (the file's size is the deployment's upload ceiling). */
export interface MultipartLimits {
  readonly files: number;
  readonly fields: number;
  readonly parts: number;
  readonly fieldSize: number;
  readonly headerPairs: number;
}

export interface RawRouteDef {
  readonly method: HttpMethod;
  /** The full path from the server's root, in Fastify's syntax (`:id`, `*`). */
  readonly path: string;
  /** What opens it; without it the route answers `RAW_AUTH[auth]`. */
  readonly auth: RawAuth;
  /**
   * `none`; `multipart` (streamed part by part, within `limits`); `stream` (the raw body, at most
   * the upload ceiling).
   */
  readonly body: 'none' | 'multipart' | 'stream';
  readonly limits?: MultipartLimits;
  /** A request of the route as a client without the credential makes it (path and query). */
  readonly probe: string;
  /** One line for the docs. */
  readonly summary: string;
}

export function defineRawRoute<const D extends RawRouteDef>(def: D): D {
  if (!def.path.startsWith('/')) throw new Error(`raw route path must start with "/": ${def.path}`);
  if ((def.body === 'multipart') !== (def.limits !== undefined)) {
    throw new Error(`raw route ${def.method} ${def.path}: a multipart body, and only one, states its limits`);
  }
  return Object.freeze({ ...def });
}

export function rawRouteKey(route: Pick<RawRouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
