import { fileRawRoutes } from '@qcdesk/contract/files';
import {
  checkFileSignature,
  checkThumbnailSignature,
  checkZipSignature,
  type Disposition,
  findFile,
  findFiles,
  tokenOpens,
} from './files.service';
import {
  authorizeToken,
  bindRaw,
  DIGITS,
  fileHeaders,
  linkRefusal,
  PlainRefusal,
  type RawHandler,
  sendStoredFile,
  sendZip,
} from './files-http';
import { ensureThumbnail, THUMBNAIL_CONTENT_TYPE, thumbnailKey } from './thumbnails';

// Downloads (download helper of spec §7): a signed URL, or the report token.

const MAX_ZIP_FILES = 100;

/** The ids of a `1,2,3` list, or undefined when it is not one. */
function idList(value: unknown): bigint[] | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const parts = value.split(',');
  if (parts.length > MAX_ZIP_FILES || !parts.every((p) => DIGITS.test(p))) return undefined;
  return [...new Set(parts)].map((p) => BigInt(p));
}

const zip: RawHandler = async (request, reply, { db, files }) => {
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
  if (claims && !rows.every((file) => tokenOpens(claims, file))) throw new PlainRefusal(403, 'E_PERMISSION');
  return sendZip(reply, runtime, rows, name);
};

const file: RawHandler = async (request, reply, { db, files }) => {
  const runtime = await files.ready();
  const { id } = request.params as { id: string };
  const query = request.query as Record<string, unknown>;
  if (!DIGITS.test(id)) throw new PlainRefusal(404, 'E_NOT_FOUND');
  const disposition: Disposition = query.d === 'inline' ? 'inline' : 'attachment';
  const claims = query.sig === undefined ? authorizeToken(request, runtime) : undefined;
  if (!claims && !checkFileSignature(runtime.signer, id, query).ok) throw linkRefusal();
  const row = await findFile(db, BigInt(id));
  if (!row) throw new PlainRefusal(404, 'E_NOT_FOUND');
  if (claims && !tokenOpens(claims, row)) throw new PlainRefusal(403, 'E_PERMISSION');
  return sendStoredFile(reply, runtime, row, disposition);
};

/** A file's thumbnail (thumbnails.ts): made on first request when the upload did not make it. */
const thumbnail: RawHandler = async (request, reply, { db, files }) => {
  const runtime = await files.ready();
  const { id } = request.params as { id: string };
  const query = request.query as Record<string, unknown>;
  if (!DIGITS.test(id)) throw new PlainRefusal(404, 'E_NOT_FOUND');
  const claims = query.sig === undefined ? authorizeToken(request, runtime) : undefined;
  if (!claims && !checkThumbnailSignature(runtime.signer, id, query).ok) throw linkRefusal();
  const row = await findFile(db, BigInt(id));
  if (!row) throw new PlainRefusal(404, 'E_NOT_FOUND');
  if (claims && !tokenOpens(claims, row)) throw new PlainRefusal(403, 'E_PERMISSION');
  const object =
    (await ensureThumbnail(runtime.store, row, request.log)) &&
    (await runtime.store.get(thumbnailKey(row.storageKey)));
  if (!object) throw new PlainRefusal(404, 'E_NOT_FOUND');
  fileHeaders(reply, THUMBNAIL_CONTENT_TYPE, 'inline', object.info.size, object.info.eTag);
  return reply.send(object.body);
};

export const downloadRoutes = [
  bindRaw(fileRawRoutes.zip, zip),
  bindRaw(fileRawRoutes.file, file),
  bindRaw(fileRawRoutes.thumbnail, thumbnail),
];
