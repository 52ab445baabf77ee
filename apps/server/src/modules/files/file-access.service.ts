import { fileExtension, fileKindOf, type storedObject, type stsCredentials } from '@qcdesk/contract/files';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { contentDisposition, mayRender } from '../../platform/storage/content-disposition';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { uploadLimits } from '../../platform/storage/files-context';
import { isValidKey, isValidPrefix, ObjectStoreError } from '../../platform/storage/object-store';
import { issueFileToken } from './file-tokens';
import { contentTypeFor, SIGNATURE_BYTES } from './file-types';
import { findFile } from './files.service';

// Tokens and temporary credentials for the caller's own account (DOMAIN.md §5.2: any signed-in user).

export function issueUploadToken(runtime: FilesRuntime, user: Principal) {
  return issueFileToken(runtime.signer, { kind: 'upload', userId: user.userId }, runtime.tokenSeconds);
}

/** A report token; one naming a file may be asked only by the file's owner. */
export async function issueReportToken(db: Db, runtime: FilesRuntime, user: Principal, fileId?: bigint) {
  if (fileId !== undefined) {
    const file = await findFile(db, fileId);
    if (!file) throw new AppError('E_NOT_FOUND');
    if (file.ownerId !== user.userId) throw new AppError('E_PERMISSION');
  }
  return issueFileToken(
    runtime.signer,
    { kind: 'report', userId: user.userId, fileId },
    runtime.tokenSeconds,
  );
}

/** Every object the caller uploads directly is visible (listed, linkable) under this prefix. */
export const stsPrefix = (userId: bigint) => `sts/${userId}/`;

/**
 * Where direct uploads to S3 land: the browser sends the bytes straight to the bucket, so the
 * server checks them afterwards (`releaseQuarantined`) before anything under `sts/` shows them.
 * The local store checks the bytes as they arrive and stores under `sts/` at once.
 */
export const QUARANTINE = 'quarantine/';
export const quarantinePrefix = (userId: bigint) => `${QUARANTINE}${stsPrefix(userId)}`;

export async function issueStsCredentials(
  db: Db,
  runtime: FilesRuntime,
  user: Principal,
): Promise<z.input<typeof stsCredentials>> {
  const limits = await uploadLimits(db, runtime.config);
  const maxBytes = Math.max(limits.image, limits.document);
  const prefix = runtime.store.kind === 's3' ? quarantinePrefix(user.userId) : stsPrefix(user.userId);
  const startTime = Math.floor(Date.now() / 1000);
  const expiredTime = startTime + runtime.tokenSeconds;
  const post = await runtime.store.presignPost(prefix, { expiresIn: runtime.tokenSeconds, maxBytes });
  return {
    prefix,
    startTime,
    expiredTime,
    expiresAt: new Date(expiredTime * 1000),
    maxBytes,
    upload: { method: 'POST', url: post.url, fields: post.fields },
  };
}

/**
 * Checks the quarantined direct uploads under `prefix` (a prefix inside QUARANTINE) as an upload is
 * checked (spec §5, DOMAIN.md §7.1): an accepted extension, the kind's size limit, and first bytes of
 * the format the extension promises. Each one that passes is copied, with its checked content type,
 * to its key without QUARANTINE; every one is then removed from quarantine. Answers how many were
 * released and refused.
 */
export async function releaseQuarantined(
  db: Db,
  runtime: FilesRuntime,
  prefix: string,
): Promise<{ released: number; refused: number }> {
  if (!prefix.startsWith(QUARANTINE) || !isValidPrefix(prefix))
    throw new Error(`not a quarantine prefix: ${prefix}`);
  const { store } = runtime;
  const limits = await uploadLimits(db, runtime.config);
  let released = 0;
  let refused = 0;
  for (const object of await store.list(prefix, { limit: 1000 })) {
    // A key the store cannot name (the browser chose it) never leaves quarantine.
    if (!isValidKey(object.key)) continue;
    const kind = fileKindOf(object.key);
    let contentType: string | undefined;
    if (kind && object.size <= (kind === 'image' ? limits.image : limits.document)) {
      const head = await store.readHead(object.key, SIGNATURE_BYTES);
      if (head === null) continue; // Released or removed meanwhile by another process.
      contentType = contentTypeFor(fileExtension(object.key), head);
    }
    if (contentType) {
      try {
        await store.copy(object.key, object.key.slice(QUARANTINE.length), { contentType });
      } catch (error) {
        // Another process released it first.
        if (error instanceof ObjectStoreError && error.status === 404) continue;
        throw error;
      }
      released++;
    } else {
      refused++;
    }
    await store.delete(object.key);
  }
  return { released, refused };
}

/** `cos/file`: the caller's directly uploaded objects under `id`, with signed URLs. */
export async function listStsObjects(
  db: Db,
  runtime: FilesRuntime,
  user: Principal,
  id: string,
): Promise<{ list: Array<z.input<typeof storedObject>> }> {
  const prefix = `${stsPrefix(user.userId)}${id}`;
  if (!isValidPrefix(prefix)) throw new AppError('E_FORMAT', { field: 'id' }, { field: 'id' });
  if (runtime.store.kind === 's3') await releaseQuarantined(db, runtime, `${QUARANTINE}${prefix}`);
  const objects = await runtime.store.list(prefix, { limit: 1000 });
  const list = await Promise.all(
    objects.map(async (o) => {
      // The checked type, and never a page of the store's origin: only images may show inline.
      const contentType = (await runtime.store.head(o.key))?.contentType ?? 'application/octet-stream';
      const name = o.key.slice(o.key.lastIndexOf('/') + 1);
      const url = await runtime.store.presignGet(o.key, {
        expiresIn: runtime.tokenSeconds,
        contentType,
        contentDisposition: contentDisposition(name, mayRender(contentType) ? 'attachment' : 'inline'),
      });
      return {
        key: o.key,
        size: o.size,
        eTag: o.eTag,
        lastModified: o.lastModified,
        url,
        auth: url.includes('?') ? url.slice(url.indexOf('?') + 1) : '',
      };
    }),
  );
  return { list };
}
