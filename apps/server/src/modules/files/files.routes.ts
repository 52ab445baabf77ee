import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  FILE_NAME_MAX,
  fileExtension,
  fileKindOf,
  shortUrlCreated,
  shortUrlFields,
  shortUrlInfo,
} from '@qcdesk/contract/files';
import {
  type Language,
  languageFromHeader,
  type MessageParams,
  type Reason,
} from '@qcdesk/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, type Authenticator, bearerToken } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ModuleDeps } from '../../platform/module';
import {
  refusal,
  success,
  unstorableTextPath,
  unstorableTextRefusal,
  validationRefusal,
} from '../../platform/registry';
import { contentDisposition, safeDisposition } from '../../platform/storage/content-disposition';
import { type FilesRuntime, uploadCeiling, uploadLimits } from '../../platform/storage/files-context';
import { LocalObjectStore } from '../../platform/storage/local-store';
import { isValidKey, ObjectStoreError } from '../../platform/storage/object-store';
import { getSystemParam } from '../../platform/system-params';
import { presentedToken, readFileToken } from './file-tokens';
import { checkUploadName } from './file-types';
import {
  checkFileSignature,
  checkThumbnailSignature,
  checkZipSignature,
  type Disposition,
  describeFile,
  type FileRow,
  findFile,
  findFiles,
  insertFile,
  newStorageKey,
  retireOwnFile,
  signedFileUrl,
  signedZipUrl,
  tokenOpens,
} from './files.service';
import { type PhotoOptions, photoMaxBytes, photoOptionOf } from './photos';
import { chargeShareAttempt, shareAttemptSucceeded } from './share-throttle';
import {
  consumeShortLink,
  createShortLink,
  findShortLink,
  type ShortLinkRow,
  shortLinkOpens,
  shortLinkState,
} from './short-links.service';
import { ensureThumbnail, THUMBNAIL_CONTENT_TYPE, thumbnailKey } from './thumbnails';
import { type Spooled, spoolUpload, UploadRefused } from './upload-spool';
import { type ZipEntry, zipStream } from './zip-stream';

// The plain HTTP routes of the files area (ARCHITECTURE.md: upload, download and the shared-file
// page are the only calls outside the envelope; they authenticate with short-lived tokens and
// signed URLs). Answers use the envelope's result shape, unsealed: {success, error, code, reason, data}.

const DIGITS = /^[1-9][0-9]{0,18}$/;
const MAX_ZIP_FILES = 100;

/** A refusal of a plain route: HTTP status and the message of DOMAIN.md §7.4 in the request language. */
class PlainRefusal extends Error {
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

const langOf = (request: FastifyRequest): Language => languageFromHeader(request.headers['accept-language']);

function refuse(
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

function answer(reply: FastifyReply, lang: Language, data: unknown) {
  return reply.header('cache-control', 'no-store').send(success(lang, data));
}

/** Spec §8: a missing, tampered or expired signature is 403 (PROTOCOL.md). */
const linkRefusal = () => new PlainRefusal(403, 'E_LINK_INVALID');

/**
 * Headers of every file answer: the stored type, never sniffed, and never run as a page of this
 * origin: a sandbox always, and anything a browser could render (pdf, html, svg, xml, unknown
 * types) only as an attachment; raster images alone may show inline.
 */
function fileHeaders(
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

async function sendStoredFile(
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

function sendZip(reply: FastifyReply, runtime: FilesRuntime, rows: readonly FileRow[], name: string) {
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

/**
 * A body that fails once more than `max` bytes have come (PUT of a presigned URL, the local browser
 * POST). Lazy: nothing is read, and nothing can fail, before the store starts reading it.
 */
function limitBytes(source: Readable, max: number): Readable {
  return Readable.from(
    (async function* () {
      let seen = 0;
      for await (const chunk of source) {
        seen += (chunk as Buffer).length;
        if (seen > max) throw new UploadRefused('too-big');
        yield chunk as Buffer;
      }
    })(),
    { objectMode: false },
  );
}

/** The ids of a `1,2,3` list, or undefined when it is not one. */
function idList(value: unknown): bigint[] | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const parts = value.split(',');
  if (parts.length > MAX_ZIP_FILES || !parts.every((p) => DIGITS.test(p))) return undefined;
  return [...new Set(parts)].map((p) => BigInt(p));
}

/**
 * Short-URL `urls`: a file id, or a file URL of this server (`/api/file/{id}?…`, absolute or not;
 * the sandbox's carry `/dev` before `/api`, as it hands them out).
 */
function fileRefOf(
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

const DAY_MS = 86_400_000;

/**
 * Expiry of a new link: a number of days, or an ISO date/time in the future, never after `latest`;
 * by default `defaultDays`, cut to `latest`. Undefined when the asked expiry is out of range.
 */
function expiryOf(exp: string | undefined, defaultDays: number, latest: number): Date | undefined {
  const now = Date.now();
  if (!exp) return new Date(Math.min(now + defaultDays * DAY_MS, latest));
  if (/^\d{1,4}$/.test(exp)) {
    const days = Number(exp);
    return days >= 1 && now + days * DAY_MS <= latest ? new Date(now + days * DAY_MS) : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(exp)) return undefined;
  const at = Date.parse(exp);
  return Number.isFinite(at) && at > now && at <= latest ? new Date(at) : undefined;
}

function linkStateRefusal(state: 'expired' | 'exhausted' | 'missing'): PlainRefusal {
  if (state === 'missing') return new PlainRefusal(404, 'E_NOT_FOUND');
  return new PlainRefusal(410, state === 'expired' ? 'E_SHARE_EXPIRED' : 'E_SHARE_EXHAUSTED');
}

/**
 * Whether `password` opens the link, counting a wrong one against the link and the address
 * (share-throttle.ts); while either is locked the password is not even checked.
 */
async function tryLinkPassword(
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

async function openLink(db: Db, code: string, password: unknown, ip: string): Promise<ShortLinkRow> {
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

const linkFileIds = (link: ShortLinkRow) => link.fileIds.map((id) => BigInt(id));

/**
 * Registers the plain routes; app.ts calls it once. The routes live in their own scope, where any
 * body is left unparsed for the handler to stream (multipart, or the raw body of a presigned PUT).
 */
export async function registerFileRoutes(
  server: FastifyInstance,
  deps: ModuleDeps,
  authenticate: Authenticator,
): Promise<void> {
  const { config } = deps;
  const db = deps.database.db;
  const files = deps.files;
  const ceiling = uploadCeiling(config);
  // Open the store and load the signing key now, outside any request: on PGlite's single connection
  // a first load inside an operation's transaction would wait on that transaction.
  await files.ready();

  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      // Names arrive as sent, paths included, so a path trick is refused rather than silently cut.
      preservePath: true,
      limits: { fileSize: ceiling + 1, files: 1, fields: 20, parts: 25, fieldSize: 8192, headerPairs: 50 },
    });

    // Every handler throws PlainRefusal for the user's message; anything else is a fault.
    scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      const lang = langOf(request);
      if (error instanceof PlainRefusal)
        return refuse(reply, lang, error.status, error.reason, error.params, error.retryAfter);
      if (error instanceof AppError)
        return refuse(reply, lang, error.options.status ?? 400, error.reason, error.params);
      if (error instanceof ObjectStoreError) {
        request.log.error({ err: error }, 'object store failed');
        return refuse(reply, lang, 502, 'E_UPLOAD_FAILED');
      }
      const status = error.statusCode ?? 500;
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, lang, 413, 'E_UPLOAD_TOO_BIG');
      if (status < 500) return refuse(reply, lang, 400, 'E_BAD_REQUEST');
      request.log.error({ err: error }, 'file route failed');
      return refuse(reply, lang, 500, 'INTERNAL');
    });

    // NUL in a path or query (`%00`) must not reach a query: refused as the operations refuse it.
    scope.addHook('preValidation', async (request) => {
      const path = unstorableTextPath({ ...(request.params as object), ...(request.query as object) });
      const field = path?.filter((p) => typeof p === 'string').at(-1);
      if (path) throw new PlainRefusal(400, 'E_FORMAT', { field: field ?? 'query' });
    });

    // ---- upload (spec §7: multipart `file` + optional `del`, the upload token as Authorization) ----
    scope.post('/api/file/upload', async (request, reply) => {
      const lang = langOf(request);
      const runtime = await files.ready();
      const token = readFileToken(runtime.signer, presentedToken(request), 'upload');
      // Spec §8: the upload's 401 is "no permission", whether the token is missing, expired or forged.
      if (!token.ok) return refuse(reply, lang, 401, 'E_UPLOAD_DENIED');
      if (!request.isMultipart()) return refuse(reply, lang, 400, 'E_BAD_REQUEST');
      const actor: Actor = { userId: token.claims.userId };
      const limits = await uploadLimits(db, config);

      let spooled: Spooled | undefined;
      let name = '';
      let kind: 'document' | 'image' = 'document';
      let del: string | undefined;
      const photo: PhotoOptions = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'del') del = String(part.value).trim();
            const option = photoOptionOf(part.fieldname, String(part.value).trim());
            if (option === undefined) throw new PlainRefusal(400, 'E_FORMAT', { field: part.fieldname });
            if (option !== 'ignored') Object.assign(photo, option);
            continue;
          }
          if (part.fieldname !== 'file' || spooled) {
            part.file.resume();
            continue;
          }
          const checked = checkUploadName(part.filename);
          if (!checked.ok) {
            part.file.resume();
            const status = checked.reason === 'E_FILE_TYPE' ? 415 : 400;
            throw new PlainRefusal(status, checked.reason, { field: 'fileName', max: FILE_NAME_MAX });
          }
          if (photo.accept === 'image' && checked.kind !== 'image') {
            part.file.resume();
            throw new PlainRefusal(415, 'E_IMAGE_ONLY', { field: 'file' });
          }
          name = checked.name;
          kind = checked.kind;
          const limit = kind === 'image' ? limits.image : limits.document;
          spooled = await spoolUpload(part.file, {
            path: await runtime.tempPath(),
            ext: checked.ext,
            maxBytes: Math.min(limit, photoMaxBytes(photo)),
          }).catch((error: unknown) => {
            // Over the caller's own photo limit: say the limit.
            if (error instanceof UploadRefused && error.why === 'too-big' && photoMaxBytes(photo) < limit)
              throw new PlainRefusal(413, 'E_FILE_TOO_BIG', { n: photo.maxMb!, field: 'file' });
            throw error;
          });
        }
      } catch (error) {
        if (spooled) await unlink(spooled.path).catch(() => {});
        if (error instanceof PlainRefusal) throw error;
        if (error instanceof UploadRefused) {
          throw error.why === 'too-big'
            ? new PlainRefusal(413, 'E_UPLOAD_TOO_BIG')
            : new PlainRefusal(415, 'E_FILE_TYPE');
        }
        const { statusCode, code } = error as { statusCode?: number; code?: string };
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PlainRefusal(413, 'E_UPLOAD_TOO_BIG');
        // Malformed multipart, too many parts or files: the request itself is wrong.
        if (statusCode !== undefined && statusCode < 500) throw new PlainRefusal(400, 'E_BAD_REQUEST');
        request.log.error({ err: error }, 'upload failed');
        throw new PlainRefusal(500, 'E_UPLOAD_FAILED');
      }
      if (!spooled) return refuse(reply, lang, 400, 'E_REQUIRED', { field: 'file' });
      if (del !== undefined && del !== '' && !DIGITS.test(del)) {
        await unlink(spooled.path).catch(() => {});
        return refuse(reply, lang, 400, 'E_FORMAT', { field: 'del' });
      }

      const storageKey = newStorageKey();
      const info = await runtime.store
        .putFile(storageKey, spooled.path, { move: true, contentType: spooled.contentType, md5: spooled.md5 })
        .catch(async (error: unknown) => {
          await unlink(spooled.path).catch(() => {});
          throw error;
        });
      try {
        const row = await db.transaction(async (tx) => {
          const created = await insertFile(
            tx,
            {
              storageKey,
              name,
              size: spooled.size,
              contentType: spooled.contentType,
              sha256: spooled.sha256,
              eTag: info.eTag || spooled.md5,
              kind,
            },
            actor,
          );
          if (del && !(await retireOwnFile(tx, BigInt(del), actor))) {
            throw new PlainRefusal(401, 'E_UPLOAD_DENIED');
          }
          return created;
        });
        // Made now, so every list shows it at once; a bad image only goes without (logged).
        await ensureThumbnail(runtime.store, row, request.log).catch((error: unknown) => {
          request.log.warn({ err: error, fileId: row.id }, 'thumbnail not stored');
        });
        return answer(reply, lang, describeFile(runtime, row));
      } catch (error) {
        // Nothing of a refused or failed upload stays behind.
        await runtime.store.delete(storageKey).catch(() => {});
        throw error;
      }
    });

    // ---- downloads: a signed URL, or the report token (download helper of spec §7) ----
    const authorizeToken = (request: FastifyRequest, runtime: FilesRuntime) => {
      const presented = presentedToken(request);
      if (!presented) throw new PlainRefusal(401, 'E_UPLOAD_DENIED');
      const token = readFileToken(runtime.signer, presented, 'report');
      if (!token.ok) throw linkRefusal();
      return token.claims;
    };

    scope.get('/api/file/zip', async (request, reply) => {
      const runtime = await files.ready();
      const query = request.query as Record<string, unknown>;
      const ids = idList(query.ids);
      if (!ids) throw new PlainRefusal(400, 'E_FORMAT', { field: 'ids' });
      const name =
        typeof query.name === 'string' && query.name.trim() ? query.name.trim().slice(0, 200) : 'files';
      const claims = query.sig === undefined ? authorizeToken(request, runtime) : undefined;
      if (!claims && !checkZipSignature(runtime.signer, query).ok) throw linkRefusal();
      const rows = await findFiles(db, ids);
      if (rows.length !== ids.length) throw new PlainRefusal(404, 'E_NOT_FOUND');
      if (claims && !rows.every((file) => tokenOpens(claims, file)))
        throw new PlainRefusal(403, 'E_PERMISSION');
      return sendZip(reply, runtime, rows, name);
    });

    scope.get('/api/file/:id', async (request, reply) => {
      const runtime = await files.ready();
      const { id } = request.params as { id: string };
      const query = request.query as Record<string, unknown>;
      if (!DIGITS.test(id)) throw new PlainRefusal(404, 'E_NOT_FOUND');
      const disposition: Disposition = query.d === 'inline' ? 'inline' : 'attachment';
      const claims = query.sig === undefined ? authorizeToken(request, runtime) : undefined;
      if (!claims && !checkFileSignature(runtime.signer, id, query).ok) throw linkRefusal();
      const file = await findFile(db, BigInt(id));
      if (!file) throw new PlainRefusal(404, 'E_NOT_FOUND');
      if (claims && !tokenOpens(claims, file)) throw new PlainRefusal(403, 'E_PERMISSION');
      return sendStoredFile(reply, runtime, file, disposition);
    });

    // A file's thumbnail (thumbnails.ts): made on first request when the upload did not make it.
    scope.get('/api/file/:id/thumbnail', async (request, reply) => {
      const runtime = await files.ready();
      const { id } = request.params as { id: string };
      const query = request.query as Record<string, unknown>;
      if (!DIGITS.test(id)) throw new PlainRefusal(404, 'E_NOT_FOUND');
      const claims = query.sig === undefined ? authorizeToken(request, runtime) : undefined;
      if (!claims && !checkThumbnailSignature(runtime.signer, id, query).ok) throw linkRefusal();
      const file = await findFile(db, BigInt(id));
      if (!file) throw new PlainRefusal(404, 'E_NOT_FOUND');
      if (claims && !tokenOpens(claims, file)) throw new PlainRefusal(403, 'E_PERMISSION');
      const object =
        (await ensureThumbnail(runtime.store, file, request.log)) &&
        (await runtime.store.get(thumbnailKey(file.storageKey)));
      if (!object) throw new PlainRefusal(404, 'E_NOT_FOUND');
      fileHeaders(reply, THUMBNAIL_CONTENT_TYPE, 'inline', object.info.size, object.info.eTag);
      return reply.send(object.body);
    });

    // ---- the local store's own presigned URLs (S3 answers its own) ----
    const localStore = async () => {
      const runtime = await files.ready();
      if (!(runtime.store instanceof LocalObjectStore)) throw new PlainRefusal(404, 'E_NOT_FOUND');
      return { runtime, store: runtime.store };
    };
    const objectKey = (request: FastifyRequest) => {
      const key = (request.params as { '*': string })['*'];
      if (!isValidKey(key)) throw linkRefusal();
      return key;
    };

    scope.get('/api/object/*', async (request, reply) => {
      const { store } = await localStore();
      const key = objectKey(request);
      const check = store.checkPresigned(request.method, key, request.query as Record<string, unknown>);
      if (!check.ok) throw linkRefusal();
      const object = await store.get(key);
      if (!object) throw new PlainRefusal(404, 'E_NOT_FOUND');
      fileHeaders(
        reply,
        check.contentType ?? object.info.contentType,
        check.contentDisposition ?? 'attachment',
        object.info.size,
        object.info.eTag,
      );
      return reply.send(object.body);
    });

    scope.put('/api/object/*', async (request, reply) => {
      const { store } = await localStore();
      const key = objectKey(request);
      const check = store.checkPresigned('PUT', key, request.query as Record<string, unknown>);
      if (!check.ok) throw linkRefusal();
      const body = limitBytes(request.raw, ceiling);
      const info = await store
        .put(key, body, { contentType: check.contentType ?? 'application/octet-stream' })
        .catch((error: unknown) => {
          throw error instanceof UploadRefused ? new PlainRefusal(413, 'E_UPLOAD_TOO_BIG') : error;
        });
      return reply.header('etag', `"${info.eTag}"`).code(200).send();
    });

    // The browser form upload of `sts` on the local store: fields first (`key`, `grant`), then `file`.
    // The same checks as /api/file/upload (spec §5, DOMAIN.md §7.1): an accepted extension, the
    // kind's size limit, and first bytes of the format the extension promises, checked as they arrive.
    scope.post('/api/object-upload', async (request, reply) => {
      const { runtime, store } = await localStore();
      if (!request.isMultipart()) throw new PlainRefusal(400, 'E_BAD_REQUEST');
      const limits = await uploadLimits(db, config);
      const fields: Record<string, string> = {};
      let stored: { key: string; eTag: string } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          continue;
        }
        const grant = store.checkPostGrant(fields.grant);
        if (!('prefix' in grant)) {
          part.file.resume();
          throw linkRefusal();
        }
        // The key is the grant's prefix and a name of the server's choosing (never the client's file name).
        const ext = fileExtension(part.filename ?? '');
        const generated = `${randomBytes(12).toString('base64url')}${/^[a-z0-9]{1,8}$/.test(ext) ? `.${ext}` : ''}`;
        const key = (fields.key ?? '').replace(`\${filename}`, generated);
        if (!key.startsWith(grant.prefix) || !isValidKey(key)) {
          part.file.resume();
          throw new PlainRefusal(400, 'E_FORMAT', { field: 'key' });
        }
        // The object's own name (the key) says what it is, whoever chose it.
        const kind = fileKindOf(key);
        if (!kind) {
          part.file.resume();
          throw new PlainRefusal(415, 'E_FILE_TYPE');
        }
        const maxBytes = Math.min(grant.maxBytes, kind === 'image' ? limits.image : limits.document);
        let spooled: Spooled;
        try {
          spooled = await spoolUpload(part.file, {
            path: await runtime.tempPath(),
            ext: fileExtension(key),
            maxBytes,
          });
        } catch (error) {
          if (error instanceof UploadRefused) {
            part.file.resume();
            throw error.why === 'too-big'
              ? new PlainRefusal(413, 'E_UPLOAD_TOO_BIG')
              : new PlainRefusal(415, 'E_FILE_TYPE');
          }
          throw error;
        }
        const info = await store
          .putFile(key, spooled.path, { move: true, contentType: spooled.contentType, md5: spooled.md5 })
          .catch(async (error: unknown) => {
            await unlink(spooled.path).catch(() => {});
            throw error;
          });
        stored = { key, eTag: info.eTag };
      }
      if (!stored) throw new PlainRefusal(400, 'E_REQUIRED', { field: 'file' });
      // As S3 answers a browser POST: 204 with the object's location and ETag.
      return reply.code(204).header('etag', `"${stored.eTag}"`).header('x-object-key', stored.key).send();
    });

    // ---- short links (spec §7 short URL: create, get, download) ----
    scope.post('/api/short-url', async (request, reply) => {
      const lang = langOf(request);
      const runtime = await files.ready();
      const userId = await callerOf(request, runtime, authenticate);
      if (userId === undefined) return refuse(reply, lang, 401, 'UNAUTHORIZED');
      if (!request.isMultipart()) return refuse(reply, lang, 400, 'E_BAD_REQUEST');

      const raw: Record<string, unknown> = { urls: [] as string[] };
      for await (const part of request.parts({ limits: { fields: 120, parts: 125 } })) {
        if (part.type === 'file') {
          part.file.resume();
          continue;
        }
        const value = String(part.value);
        if (part.fieldname === 'urls' || part.fieldname === 'urls[]') (raw.urls as string[]).push(value);
        else if (['exp', 'limit', 'pwd', 'direct', 'sub'].includes(part.fieldname))
          raw[part.fieldname] = value;
      }
      const unstorable = unstorableTextRefusal(lang, raw);
      if (unstorable) return reply.code(400).header('cache-control', 'no-store').send(unstorable);
      const parsed = shortUrlFields.safeParse(raw);
      if (!parsed.success) {
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .send(validationRefusal(lang, parsed.error, raw));
      }
      const input = parsed.data;

      // Each file must be the caller's own, or come with a valid signed URL (proof that the caller
      // was shown it by a module that checked its own permission).
      const refs = input.urls.map((u) => fileRefOf(u, config));
      if (refs.some((r) => !r)) return refuse(reply, lang, 400, 'E_REF_NOT_FOUND', { field: 'urls' });
      const ids = [...new Set(refs.map((r) => r!.id))].map((id) => BigInt(id));
      const rows = await findFiles(db, ids);
      if (rows.length !== ids.length) return refuse(reply, lang, 400, 'E_REF_NOT_FOUND', { field: 'urls' });
      /** Per file shown through a signed URL: when the longest of its valid signatures ends (ms). */
      const signedUntil = new Map<string, number>();
      for (const ref of refs) {
        const query = Object.fromEntries(ref!.query);
        if (!ref!.query.has('sig') || !checkFileSignature(runtime.signer, ref!.id, query).ok) continue;
        const until = Number(query.exp) * 1000;
        signedUntil.set(ref!.id, Math.max(signedUntil.get(ref!.id) ?? 0, until));
      }
      if (!rows.every((f) => f.ownerId === userId || signedUntil.has(f.id.toString()))) {
        return refuse(reply, lang, 403, 'E_PERMISSION');
      }

      // A link never outlives what it was made from: files shown only through a signed URL, that
      // signature; the caller's own files, share.expiryDays (issue 10 finding 10).
      const maxDays = await getSystemParam(db, 'share.expiryDays');
      let latest = Date.now() + maxDays * DAY_MS;
      for (const f of rows) {
        if (f.ownerId !== userId) latest = Math.min(latest, signedUntil.get(f.id.toString())!);
      }
      const expiresAt = expiryOf(input.exp, maxDays, latest);
      if (!expiresAt) return refuse(reply, lang, 400, 'E_RANGE', { field: 'exp' });

      const limit = input.limit && Number(input.limit) > 0 ? Number(input.limit) : null;
      const link = await db.transaction((tx) =>
        createShortLink(
          tx,
          {
            fileIds: ids,
            expiresAt,
            limit,
            password: input.pwd || undefined,
            direct: input.direct === '1' || input.direct === 'true',
            sub: input.sub || undefined,
          },
          { userId },
        ),
      );
      return answer(
        reply,
        lang,
        shortUrlCreated.parse({
          id: link.code,
          url: `${config.publicUrl}/s/${link.code}`,
          expiresAt: link.expiresAt,
          limit: link.accessLimit,
          direct: link.direct,
          passwordRequired: link.passwordHash !== null,
        }),
      );
    });

    scope.get('/api/short-url/:id', async (request, reply) => {
      const lang = langOf(request);
      const { id } = request.params as { id: string };
      const { pwd } = request.query as { pwd?: unknown };
      const found = await findShortLink(db, id);
      if (found?.passwordHash && (typeof pwd !== 'string' || pwd === '')) {
        const state = shortLinkState(found);
        if (state !== 'open') throw linkStateRefusal(state);
        // Without the password the page learns only that it must ask for one.
        return answer(
          reply,
          lang,
          shortUrlInfo.parse({
            id: found.code,
            passwordRequired: true,
            sub: null,
            expiresAt: null,
            limit: null,
            used: 0,
            direct: found.direct,
            files: [],
          }),
        );
      }
      const link = await openLink(db, id, pwd, request.ip);
      const rows = await findFiles(db, linkFileIds(link));
      return answer(
        reply,
        lang,
        shortUrlInfo.parse({
          id: link.code,
          passwordRequired: link.passwordHash !== null,
          sub: link.sub,
          expiresAt: link.expiresAt,
          limit: link.accessLimit,
          used: link.used,
          direct: link.direct,
          files: rows.map((f, index) => ({
            index,
            name: f.name,
            size: f.size,
            contentType: f.contentType,
            kind: f.kind,
          })),
        }),
      );
    });

    scope.post('/api/short-url/:id/download', async (request, reply) => {
      const runtime = await files.ready();
      const { id } = request.params as { id: string };
      const query = request.query as { pwd?: unknown; file?: unknown };
      const link = await openLink(db, id, query.pwd, request.ip);
      const rows = await findFiles(db, linkFileIds(link));
      let chosen = rows;
      if (query.file !== undefined && query.file !== '') {
        const index = Number(query.file);
        if (!Number.isInteger(index) || !rows[index]) throw new PlainRefusal(404, 'E_NOT_FOUND');
        chosen = [rows[index]];
      }
      if (chosen.length === 0) throw new PlainRefusal(404, 'E_NOT_FOUND');
      const consumed = await consumeShortLink(db, link.code);
      if (!consumed.ok) throw linkStateRefusal(consumed.state);
      if (chosen.length === 1) return sendStoredFile(reply, runtime, chosen[0]!, 'attachment');
      return sendZip(reply, runtime, chosen, link.sub || link.code);
    });

    // The shared-file page (spec §2 `/s/{id}`): direct links go straight to the file; every other
    // link, and a direct one that still needs its password, opens the SPA's page.
    scope.get('/s/:id', async (request, reply) => {
      const runtime = await files.ready();
      const { id } = request.params as { id: string };
      const { pwd } = request.query as { pwd?: unknown };
      const link = await findShortLink(db, id);
      // A locked or wrong password opens the page, which asks for it (and shows the lock).
      const opens =
        link?.direct && shortLinkState(link) === 'open' && (await tryLinkPassword(db, link, pwd, request.ip));
      if (link && opens && 'open' in opens && opens.open) {
        const consumed = await consumeShortLink(db, link.code);
        const rows = consumed.ok ? await findFiles(db, linkFileIds(link)) : [];
        if (rows.length === 1)
          return reply.redirect(
            signedFileUrl(runtime.signer, rows[0]!.id, 60, { basePath: runtime.basePath }),
            302,
          );
        if (rows.length > 1) {
          const ids = rows.map((r) => r.id);
          const url = signedZipUrl(runtime.signer, ids, link.sub || link.code, 60, {
            basePath: runtime.basePath,
          });
          return reply.redirect(url, 302);
        }
      }
      return reply.callNotFound();
    });
  });
}

/** Who creates a short link: the bearer session of the envelope, or an upload token. */
async function callerOf(
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
