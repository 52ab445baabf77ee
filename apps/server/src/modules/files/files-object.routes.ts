import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileExtension, fileKindOf, fileRawRoutes } from '@qcdesk/contract/files';
import type { FastifyRequest } from 'fastify';
import { type FilesContext, uploadLimits } from '../../platform/storage/files-context';
import { LocalObjectStore } from '../../platform/storage/local-store';
import { isValidKey } from '../../platform/storage/object-store';
import { bindRaw, fileHeaders, linkRefusal, PlainRefusal, type RawHandler } from './files-http';
import { type Spooled, spoolUpload, UploadRefused } from './upload-spool';

// The local store's own presigned URLs (S3 answers its own): GET and PUT of an object, and the
// browser form upload of `sts`.

const localStore = async (files: FilesContext) => {
  const runtime = await files.ready();
  if (!(runtime.store instanceof LocalObjectStore)) throw new PlainRefusal(404, 'E_NOT_FOUND');
  return { runtime, store: runtime.store };
};

const objectKey = (request: FastifyRequest) => {
  const key = (request.params as { '*': string })['*'];
  if (!isValidKey(key)) throw linkRefusal();
  return key;
};

/**
 * A body that fails once more than `max` bytes have come (PUT of a presigned URL). Lazy: nothing
 * is read, and nothing can fail, before the store starts reading it.
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

const objectGet: RawHandler = async (request, reply, { files }) => {
  const { store } = await localStore(files);
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
};

const objectPut: RawHandler = async (request, reply, { files, ceiling }) => {
  const { store } = await localStore(files);
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
};

/** Spools the `file` part to disk within `maxBytes`, its first bytes checked against `ext`. */
async function spoolPart(
  file: Readable & { resume(): unknown },
  path: string,
  ext: string,
  maxBytes: number,
): Promise<Spooled> {
  try {
    return await spoolUpload(file, { path, ext, maxBytes });
  } catch (error) {
    if (error instanceof UploadRefused) {
      file.resume();
      throw error.why === 'too-big'
        ? new PlainRefusal(413, 'E_UPLOAD_TOO_BIG')
        : new PlainRefusal(415, 'E_FILE_TYPE');
    }
    throw error;
  }
}

/**
 * The browser form upload of `sts` on the local store: fields first (`key`, `grant`), then `file`.
 * The same checks as the upload route (spec §5, DOMAIN.md §7.1): an accepted extension, the kind's
 * size limit, and first bytes of the format the extension promises, checked as they arrive.
 */
const objectUpload: RawHandler = async (request, reply, { db, config, files }) => {
  const { runtime, store } = await localStore(files);
  if (!request.isMultipart()) throw new PlainRefusal(400, 'E_BAD_REQUEST');
  const limits = await uploadLimits(db, config);
  const fields: Record<string, string> = {};
  let stored: { key: string; eTag: string } | undefined;
  for await (const part of request.parts({ limits: fileRawRoutes.objectUpload.limits })) {
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
    const spooled = await spoolPart(part.file, await runtime.tempPath(), fileExtension(key), maxBytes);
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
};

export const objectRoutes = [
  bindRaw(fileRawRoutes.objectGet, objectGet),
  bindRaw(fileRawRoutes.objectPut, objectPut),
  bindRaw(fileRawRoutes.objectUpload, objectUpload),
];
