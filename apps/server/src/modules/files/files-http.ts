import {
  type Language,
  languageFromHeader,
  type MessageParams,
  type Reason,
} from '@qcdesk/contract/messages';
import type { RawRouteDef } from '@qcdesk/contract/raw-route';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { refusal, success } from '../../platform/registry';
import { contentDisposition, safeDisposition } from '../../platform/storage/content-disposition';
import type { FilesContext, FilesRuntime } from '../../platform/storage/files-context';
import { ObjectStoreError } from '../../platform/storage/object-store';
import { presentedToken, readFileToken } from './file-tokens';
import type { Disposition, FileRow } from './files.service';
import { type ZipEntry, zipStream } from './zip-stream';

// The plumbing of the files area's plain routes (files.routes.ts binds them): their refusals,
// answers and file headers. Answers use the envelope's result shape, unsealed:
// {success, error, code, reason, data}.

export const DIGITS = /^[1-9][0-9]{0,18}$/;

/** What every plain route's handler is given besides its request. */
export interface RawRouteContext {
  readonly db: Db;
  readonly config: Config;
  readonly files: FilesContext;
  /** The deployment's largest upload, in bytes (uploadCeiling). */
  readonly ceiling: number;
  readonly authenticate: Authenticator;
}

export type RawHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  context: RawRouteContext,
) => Promise<unknown>;

/** A route of the contract's table and the handler that answers it. */
export interface RawBinding {
  readonly route: RawRouteDef;
  readonly handle: RawHandler;
}

export const bindRaw = (route: RawRouteDef, handle: RawHandler): RawBinding => ({ route, handle });

/**
 * Busboy's errors for a body that is not the multipart it claims to be (no boundary in its type, or
 * cut off before its last boundary): the client's fault, refused as E_BAD_REQUEST, never a 500. The
 * raw route fuzz (test/raw-route-fuzz.test.ts) sends both.
 */
export function isMalformedMultipart(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return message === 'Multipart: Boundary not found' || /unexpected end of multipart data$/i.test(message);
}

/** A refusal of a plain route: HTTP status and the message of DOMAIN.md §7.4 in the request language. */
export class PlainRefusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: Reason,
    readonly params: MessageParams = {},
    /** Seconds before trying again (E_LOCKED_OUT): the answer's `data.retryAfter` and Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(reason);
  }
}

export const langOf = (request: FastifyRequest): Language =>
  languageFromHeader(request.headers['accept-language']);

export function refuse(
  reply: FastifyReply,
  lang: Language,
  status: number,
  reason: Reason,
  params: MessageParams = {},
  retryAfter?: number,
) {
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(
      refusal(lang, reason, params, {
        code: status,
        field: params.field as string | undefined,
        ...(retryAfter !== undefined ? { data: { retryAfter } } : {}),
      }),
    );
}

export function answer(reply: FastifyReply, lang: Language, data: unknown) {
  return reply.header('cache-control', 'no-store').send(success(lang, data));
}

/** Spec §8: a missing, tampered or expired signature is 403 (PROTOCOL.md). */
export const linkRefusal = () => new PlainRefusal(403, 'E_LINK_INVALID');

/** The report token of a download without a signature: 401 without one, 403 when it is not valid. */
export function authorizeToken(request: FastifyRequest, runtime: FilesRuntime) {
  const presented = presentedToken(request);
  if (!presented) throw new PlainRefusal(401, 'E_UPLOAD_DENIED');
  const token = readFileToken(runtime.signer, presented, 'report');
  if (!token.ok) throw linkRefusal();
  return token.claims;
}

/**
 * Headers of every file answer: the stored type, never sniffed, and never run as a page of this
 * origin: a sandbox always, and anything a browser could render (pdf, html, svg, xml, unknown
 * types) only as an attachment; raster images alone may show inline.
 */
export function fileHeaders(
  reply: FastifyReply,
  contentType: string,
  disposition: string,
  size?: number,
  eTag?: string,
) {
  reply
    .header('content-type', contentType)
    .header('content-disposition', safeDisposition(disposition, contentType))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store');
  if (size !== undefined) reply.header('content-length', size);
  if (eTag) reply.header('etag', `"${eTag}"`);
}

export async function sendStoredFile(
  reply: FastifyReply,
  runtime: FilesRuntime,
  file: FileRow,
  disposition: Disposition,
) {
  const object = await runtime.store.get(file.storageKey);
  if (!object) throw new PlainRefusal(404, 'E_NOT_FOUND');
  fileHeaders(
    reply,
    file.contentType,
    contentDisposition(file.name, disposition),
    object.info.size,
    file.eTag,
  );
  return reply.send(object.body);
}

export function sendZip(reply: FastifyReply, runtime: FilesRuntime, rows: readonly FileRow[], name: string) {
  const entries: ZipEntry[] = rows.map((file) => ({
    name: file.name,
    mtime: file.createdAt,
    open: async () => {
      const object = await runtime.store.get(file.storageKey);
      if (!object) throw new ObjectStoreError(404, 'NoSuchKey', `missing object of file ${file.id}`);
      return object.body;
    },
  }));
  fileHeaders(
    reply,
    'application/zip',
    contentDisposition(name.toLowerCase().endsWith('.zip') ? name : `${name}.zip`),
  );
  return reply.send(zipStream(entries));
}
