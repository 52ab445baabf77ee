import type { storedObject, stsCredentials } from '@qcdesk/contract/files';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { isValidPrefix } from '../../platform/storage/object-store';
import { issueFileToken } from './file-tokens';
import type { FilesRuntime } from './files.context';
import { uploadLimits } from './files.context';
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

/** Every object the caller uploads directly lands under this prefix. */
export const stsPrefix = (userId: bigint) => `sts/${userId}/`;

export async function issueStsCredentials(
  db: Db,
  runtime: FilesRuntime,
  user: Principal,
): Promise<z.input<typeof stsCredentials>> {
  const limits = await uploadLimits(db, runtime.config);
  const maxBytes = Math.max(limits.image, limits.document);
  const prefix = stsPrefix(user.userId);
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

/** `cos/file`: the caller's directly uploaded objects under `id`, with signed URLs. */
export async function listStsObjects(
  runtime: FilesRuntime,
  user: Principal,
  id: string,
): Promise<{ list: Array<z.input<typeof storedObject>> }> {
  const prefix = `${stsPrefix(user.userId)}${id}`;
  if (!isValidPrefix(prefix)) throw new AppError('E_FORMAT', { field: 'id' }, { field: 'id' });
  const objects = await runtime.store.list(prefix, { limit: 1000 });
  const list = await Promise.all(
    objects.map(async (o) => {
      const url = await runtime.store.presignGet(o.key, { expiresIn: runtime.tokenSeconds });
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
