import { createHash, randomBytes } from 'node:crypto';
import type { FileKind, UploadedFile } from '@qcdesk/contract/files';
import { fileExtension, fileKindOf, uploadedFile } from '@qcdesk/contract/files';
import { and, eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema/files';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createRecord, updateRecord } from '../../platform/records';
import type { FilesRuntime } from '../../platform/storage/files-context';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { UrlSigner } from '../../platform/storage/url-signer';
import { getSystemParam } from '../../platform/system-params';
import type { FileTokenClaims } from './file-tokens';
import { hasThumbnail } from './thumbnails';

export type FileRow = typeof files.$inferSelect;

export interface NewFile {
  storageKey: string;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
  eTag: string;
  kind: FileKind;
}

/** A fresh object key: never derived from the file's name (names are metadata only). */
export function newStorageKey(now = new Date()): string {
  const y = now.getUTCFullYear();
  const m = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `files/${y}/${m}/${randomBytes(18).toString('base64url')}`;
}

export async function insertFile(db: Db, file: NewFile, actor: Actor): Promise<FileRow> {
  return (await createRecord(db, {
    table: files,
    values: { ...file, ownerId: actor.userId },
    actor,
  })) as FileRow;
}

/**
 * Stores a document the server produced (an XLSX export, a report) as a file owned by `actor`, so
 * it downloads like an upload: through a signed URL or the owner's report token.
 */
export async function storeGeneratedFile(
  db: Db,
  store: ObjectStore,
  file: { name: string; contentType: string; content: Buffer },
  actor: Actor,
): Promise<FileRow> {
  const storageKey = newStorageKey();
  const info = await store.put(storageKey, file.content, {
    contentType: file.contentType,
    contentLength: file.content.length,
  });
  return insertFile(
    db,
    {
      storageKey,
      name: file.name,
      size: file.content.length,
      contentType: file.contentType,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      eTag: info.eTag || createHash('md5').update(file.content).digest('hex'),
      kind: fileKindOf(file.name) ?? 'document',
    },
    actor,
  );
}

/** A valid file by id. */
export async function findFile(db: Db, id: bigint): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.valid, 1)));
  return row;
}

/** Valid files by id, in the order asked; missing ids are left out. */
export async function findFiles(db: Db, ids: readonly bigint[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(files)
    .where(and(inArray(files.id, [...ids]), eq(files.valid, 1)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The `del` of an upload: the caller's own file is set valid 0 (its object is kept, DOMAIN.md
 * §4.14). Answers false when the file is missing or belongs to someone else.
 */
export async function retireOwnFile(db: Db, id: bigint, actor: Actor): Promise<boolean> {
  const file = await findFile(db, id);
  if (!file || file.ownerId === null || file.ownerId !== actor.userId) return false;
  await updateRecord(db, {
    table: files,
    id,
    version: file.version,
    values: { valid: 0 },
    actor,
    action: 'delete',
  });
  return true;
}

/**
 * Deletes (valid 0) or undeletes (valid 1) a file an area holds (a replaced contract file): the
 * object of a deleted file is kept 90 days (files-retention.ts). Undeleting a file whose object is
 * already gone answers false and changes nothing.
 */
export async function setFileValidity(db: Db, id: bigint, valid: 0 | 1, actor: Actor): Promise<boolean> {
  const [file] = await db.select().from(files).where(eq(files.id, id));
  if (!file || (valid === 1 && file.objectDeletedAt !== null)) return false;
  if (file.valid === valid) return true;
  await updateRecord(db, {
    table: files,
    id,
    version: file.version,
    values: { valid },
    actor,
    action: valid === 0 ? 'delete' : 'undelete',
  });
  return true;
}

/** The caller's own valid uploads among `ids` (what an area may attach). */
export async function ownFiles(db: Db, ids: readonly bigint[], ownerId: bigint): Promise<FileRow[]> {
  return (await findFiles(db, ids)).filter((f) => f.ownerId === ownerId);
}

/**
 * The caller's own upload `fileId` that an import reads (order import, lab results): refused unless
 * it is an XLSX (E_FILE_CONTENT) within upload.maxDocMB (E_FILE_TOO_BIG), as field `fileId`.
 */
export async function ownSpreadsheet(db: Db, fileId: bigint, ownerId: bigint): Promise<FileRow> {
  const [file] = await ownFiles(db, [fileId], ownerId);
  if (!file) throw new AppError('E_REF_NOT_FOUND', { field: 'fileId' }, { field: 'fileId' });
  if (fileExtension(file.name) !== 'xlsx') throw new AppError('E_FILE_CONTENT', {}, { field: 'fileId' });
  const maxMb = await getSystemParam(db, 'upload.maxDocMB');
  if (file.size > maxMb * 1024 * 1024)
    throw new AppError('E_FILE_TOO_BIG', { n: maxMb }, { field: 'fileId' });
  return file;
}

/** A report token opens the holder's own files and the one file it names. */
export function tokenOpens(claims: FileTokenClaims, file: FileRow): boolean {
  return (file.ownerId !== null && file.ownerId === claims.userId) || claims.fileId === file.id;
}

export type Disposition = 'attachment' | 'inline';

/** How a signed URL is made: `basePath` is '' for the product and '/dev' for the sandbox. */
export interface SignedUrlOptions {
  disposition?: Disposition;
  basePath?: string;
  now?: number;
}

/**
 * A signed URL of a file, answered by the server whatever the store (GET /api/file/{id}); other
 * modules hand these out after their own permission check. Valid `seconds`.
 */
export function signedFileUrl(
  signer: UrlSigner,
  fileId: bigint,
  seconds: number,
  { disposition = 'attachment', basePath = '', now = Date.now() }: SignedUrlOptions = {},
): string {
  const exp = Math.floor(now / 1000) + seconds;
  const query = new URLSearchParams({ exp: String(exp) });
  if (disposition === 'inline') query.set('d', 'inline');
  query.set('sig', signer.sign('file', fileId.toString(), exp, disposition));
  return `${basePath}/api/file/${fileId}?${query}`;
}

/**
 * A signed URL of a file's thumbnail (GET /api/file/{id}/thumbnail), for images that have one
 * (thumbnails.ts). Valid `seconds`; answered inline, as a webp.
 */
export function signedThumbnailUrl(
  signer: UrlSigner,
  fileId: bigint,
  seconds: number,
  { basePath = '', now = Date.now() }: Omit<SignedUrlOptions, 'disposition'> = {},
): string {
  const exp = Math.floor(now / 1000) + seconds;
  const query = new URLSearchParams({ exp: String(exp) });
  query.set('sig', signer.sign('thumb', fileId.toString(), exp));
  return `${basePath}/api/file/${fileId}/thumbnail?${query}`;
}

/** A signed URL of several files as one zip (GET /api/file/zip). */
export function signedZipUrl(
  signer: UrlSigner,
  fileIds: readonly bigint[],
  name: string,
  seconds: number,
  { basePath = '', now = Date.now() }: Omit<SignedUrlOptions, 'disposition'> = {},
): string {
  const exp = Math.floor(now / 1000) + seconds;
  const ids = fileIds.join(',');
  const query = new URLSearchParams({ ids, name, exp: String(exp) });
  query.set('sig', signer.sign('zip', ids, name, exp));
  return `${basePath}/api/file/zip?${query}`;
}

export type SignatureCheck = { ok: true } | { ok: false; expired: boolean };

function checkExpiry(valid: boolean, exp: number): SignatureCheck {
  if (!valid || !Number.isSafeInteger(exp)) return { ok: false, expired: false };
  if (exp <= Math.floor(Date.now() / 1000)) return { ok: false, expired: true };
  return { ok: true };
}

export function checkFileSignature(
  signer: UrlSigner,
  fileId: string,
  query: { exp?: unknown; sig?: unknown; d?: unknown },
): SignatureCheck {
  const exp = Number(query.exp);
  const disposition = query.d === 'inline' ? 'inline' : 'attachment';
  const sig = typeof query.sig === 'string' ? query.sig : undefined;
  return checkExpiry(signer.check(sig, 'file', fileId, exp, disposition), exp);
}

export function checkThumbnailSignature(
  signer: UrlSigner,
  fileId: string,
  query: { exp?: unknown; sig?: unknown },
): SignatureCheck {
  const exp = Number(query.exp);
  const sig = typeof query.sig === 'string' ? query.sig : undefined;
  return checkExpiry(signer.check(sig, 'thumb', fileId, exp), exp);
}

export function checkZipSignature(
  signer: UrlSigner,
  query: { ids?: unknown; name?: unknown; exp?: unknown; sig?: unknown },
): SignatureCheck {
  const exp = Number(query.exp);
  const sig = typeof query.sig === 'string' ? query.sig : undefined;
  const ids = typeof query.ids === 'string' ? query.ids : '';
  const name = typeof query.name === 'string' ? query.name : '';
  return checkExpiry(signer.check(sig, 'zip', ids, name, exp), exp);
}

/** What signing a file's URL for an answer needs (a FilesRuntime has it). */
export type FileUrlSigning = Pick<FilesRuntime, 'signer' | 'tokenSeconds' | 'basePath'>;

/** The signed thumbnail URL of a file that has one (jpeg, png: thumbnails.ts), else null. */
export function fileThumbnailUrl(
  runtime: FileUrlSigning,
  file: Pick<FileRow, 'id' | 'contentType'>,
): string | null {
  return hasThumbnail(file)
    ? signedThumbnailUrl(runtime.signer, file.id, runtime.tokenSeconds, { basePath: runtime.basePath })
    : null;
}

/** A file as an operation's output schema (`uploadedFile`) takes it: with signed URLs. */
export function fileOutput(runtime: FileUrlSigning, file: FileRow) {
  const signing = { basePath: runtime.basePath };
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    updateTime: file.updatedAt,
    url: signedFileUrl(runtime.signer, file.id, runtime.tokenSeconds, signing),
    thumbnailUrl: fileThumbnailUrl(runtime, file),
    contentType: file.contentType,
    kind: file.kind,
    sha256: file.sha256,
  };
}

/** What an upload answers (spec §7: id, name, size, updateTime, url). */
export function describeFile(runtime: FileUrlSigning, file: FileRow): UploadedFile {
  return uploadedFile.parse(fileOutput(runtime, file));
}

/** A stored file's bytes (a signature image, a report PDF to attach), or null when it is gone. */
export async function readStoredFile(db: Db, store: ObjectStore, id: bigint): Promise<Buffer | null> {
  const file = await findFile(db, id);
  if (!file) return null;
  const object = await store.get(file.storageKey);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
