import type { Readable } from 'node:stream';

// The object store of ARCHITECTURE.md: one interface, local disk by default, any S3-compatible
// store when S3_* is set. Keys are chosen by the server (never from user-supplied names); file
// names travel as metadata and in Content-Disposition only.

export interface ObjectInfo {
  key: string;
  size: number;
  /** Content hash as the store reports it (MD5 hex for single-part objects), without quotes. */
  eTag: string;
  lastModified: Date;
  contentType: string;
}

export interface PutOptions {
  contentType?: string | undefined;
  /** Required by S3 for a stream; a stream without it is spooled to a temporary file first. */
  contentLength?: number | undefined;
}

export interface PresignOptions {
  /** Seconds; spec §7 default 600. */
  expiresIn?: number | undefined;
  /** The Content-Disposition the download answers with (signed, so it cannot be changed). */
  contentDisposition?: string | undefined;
  contentType?: string | undefined;
}

export interface PresignedPost {
  url: string;
  /** Form fields to send before the `file` field; `${filename}` in `key` is replaced by the file's name. */
  fields: Record<string, string>;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<ObjectInfo>;
  /**
   * Stores a file from local disk; `move` lets the local store rename it instead of copying, and a
   * known `md5` (hex) saves reading it again (S3 checks it as Content-MD5).
   */
  putFile(
    key: string,
    path: string,
    options?: PutOptions & { move?: boolean; md5?: string },
  ): Promise<ObjectInfo>;
  get(key: string): Promise<{ info: ObjectInfo; body: Readable } | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** The first `bytes` bytes of an object (fewer when it is shorter), or null when it is missing. */
  readHead(key: string, bytes: number): Promise<Buffer | null>;
  /** Copies an object within the store, with `contentType` instead of the source's when given. */
  copy(source: string, target: string, options?: { contentType?: string | undefined }): Promise<ObjectInfo>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Objects whose key starts with `prefix`, in key order, at most `limit` (default 1000). */
  list(prefix: string, options?: { limit?: number }): Promise<ObjectInfo[]>;
  presignGet(key: string, options?: PresignOptions): Promise<string>;
  presignPut(key: string, options?: PresignOptions): Promise<string>;
  /** A browser form upload of keys under `prefix` (the `sts` credentials of spec §7). */
  presignPost(prefix: string, options: { expiresIn?: number; maxBytes: number }): Promise<PresignedPost>;
}

/** Spec §8: object store errors carry the status code and status text. */
export class ObjectStoreError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    message = `${status} ${statusText}`,
  ) {
    super(message);
    this.name = 'ObjectStoreError';
  }
}

export const DEFAULT_PRESIGN_SECONDS = 600;

const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const KEY_MAX = 512;

/**
 * Keys are `/`-separated segments of `[A-Za-z0-9._-]`, none empty, none starting with a dot (so no
 * `.`, `..` or hidden files): on the local store a key can only ever name a file inside its root.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > KEY_MAX) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment));
}

/** A prefix is a valid key, or a valid key followed by `/`, or empty. */
export function isValidPrefix(prefix: string): boolean {
  if (prefix === '') return true;
  return isValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

export function assertKey(key: string): void {
  if (!isValidKey(key))
    throw new ObjectStoreError(400, 'Bad Request', `invalid object key: ${JSON.stringify(key)}`);
}

/** Keys as URL path segments. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
