import { unlink } from 'node:fs/promises';
import { FILE_NAME_MAX, fileRawRoutes } from '@qcdesk/contract/files';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/auth';
import type { FilesRuntime, UploadLimits } from '../../platform/storage/files-context';
import { uploadLimits } from '../../platform/storage/files-context';
import { presentedToken, readFileToken } from './file-tokens';
import { checkUploadName } from './file-types';
import { describeFile, insertFile, newStorageKey, retireOwnFile } from './files.service';
import {
  answer,
  bindRaw,
  DIGITS,
  isMalformedMultipart,
  langOf,
  PlainRefusal,
  type RawHandler,
  refuse,
} from './files-http';
import { makeImageDerivatives } from './photo-evidence.service';
import { type PhotoOptions, photoMaxBytes, photoOptionOf } from './photos';
import { type Spooled, spoolUpload, UploadRefused } from './upload-spool';

// The upload of spec §7: multipart `file` + optional `del`, the upload token as Authorization.

interface UploadForm {
  spooled?: Spooled;
  name: string;
  kind: 'document' | 'image';
  del?: string;
}

/** Reads the form: its fields, and its one `file` spooled to disk with its checks (or a refusal). */
async function readForm(request: FastifyRequest, runtime: FilesRuntime, limits: UploadLimits) {
  const form: UploadForm = { name: '', kind: 'document' };
  const photo: PhotoOptions = {};
  try {
    for await (const part of request.parts({ limits: fileRawRoutes.upload.limits })) {
      if (part.type === 'field') {
        if (part.fieldname === 'del') form.del = String(part.value).trim();
        const option = photoOptionOf(part.fieldname, String(part.value).trim());
        if (option === undefined) throw new PlainRefusal(400, 'E_FORMAT', { field: part.fieldname });
        if (option !== 'ignored') Object.assign(photo, option);
        continue;
      }
      if (part.fieldname !== 'file' || form.spooled) {
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
      form.name = checked.name;
      form.kind = checked.kind;
      const limit = form.kind === 'image' ? limits.image : limits.document;
      form.spooled = await spoolUpload(part.file, {
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
    // Nothing of a refused form stays behind.
    if (form.spooled) await unlink(form.spooled.path).catch(() => {});
    throw error;
  }
  return form;
}

/** The refusal of a form that could not be read: the spec's message, never a fault of the client's. */
function formRefusal(request: FastifyRequest, error: unknown): PlainRefusal {
  if (error instanceof PlainRefusal) return error;
  if (error instanceof UploadRefused) {
    return error.why === 'too-big'
      ? new PlainRefusal(413, 'E_UPLOAD_TOO_BIG')
      : new PlainRefusal(415, 'E_FILE_TYPE');
  }
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PlainRefusal(413, 'E_UPLOAD_TOO_BIG');
  if (isMalformedMultipart(error)) return new PlainRefusal(400, 'E_BAD_REQUEST');
  // Malformed multipart, too many parts or files: the request itself is wrong.
  if (statusCode !== undefined && statusCode < 500) return new PlainRefusal(400, 'E_BAD_REQUEST');
  request.log.error({ err: error }, 'upload failed');
  return new PlainRefusal(500, 'E_UPLOAD_FAILED');
}

const upload: RawHandler = async (request, reply, { db, config, files }) => {
  const lang = langOf(request);
  const runtime = await files.ready();
  const token = readFileToken(runtime.signer, presentedToken(request), 'upload');
  // Spec §8: the upload's 401 is "no permission", whether the token is missing, expired or forged.
  if (!token.ok) return refuse(reply, lang, 401, 'E_UPLOAD_DENIED');
  if (!request.isMultipart()) return refuse(reply, lang, 400, 'E_BAD_REQUEST');
  const actor: Actor = { userId: token.claims.userId };
  const limits = await uploadLimits(db, config);

  let form: UploadForm | undefined;
  try {
    form = await readForm(request, runtime, limits);
  } catch (error) {
    throw formRefusal(request, error);
  }
  const { spooled, name, kind, del } = form;
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
    // Made now, so every list shows the thumbnail at once and a report finds the photo's evidence
    // (photo-evidence.service.ts); a bad image only goes without (logged).
    await makeImageDerivatives(db, runtime.store, row, request.log).catch((error: unknown) => {
      request.log.warn({ err: error, fileId: row.id }, 'thumbnail or photo evidence not stored');
    });
    return answer(reply, lang, describeFile(runtime, row));
  } catch (error) {
    // Nothing of a refused or failed upload stays behind.
    await runtime.store.delete(storageKey).catch(() => {});
    throw error;
  }
};

export const uploadRoutes = [bindRaw(fileRawRoutes.upload, upload)];
