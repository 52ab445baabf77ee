import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  DEFAULT_PRESIGN_SECONDS,
  encodeKey,
  isValidPrefix,
  type ObjectInfo,
  type ObjectStore,
  ObjectStoreError,
  type PresignedPost,
  type PresignOptions,
  type PutOptions,
} from './object-store';
import type { UrlSigner } from './url-signer';

export interface LocalStoreOptions {
  /** Folder of the store (DATA_DIR/objects); created on first write. */
  root: string;
  signer: UrlSigner;
  /** Prefix of the URLs the server answers signed requests on; '' for root-relative URLs. */
  baseUrl?: string;
}

interface Meta {
  contentType: string;
  eTag: string;
  size: number;
  lastModified: string;
}

const OCTET = 'application/octet-stream';
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Where the server answers presigned URLs of the local store (see files.routes.ts). */
export const LOCAL_OBJECT_PATH = '/api/object/';
export const LOCAL_POST_PATH = '/api/object-upload';

/** A presented local URL, checked: what to answer with, or why not. */
export type PresignCheck =
  | { ok: true; contentDisposition?: string | undefined; contentType?: string | undefined }
  | { ok: false; expired: boolean };

/**
 * Objects as files under `root/data/<key>`, with their content type and ETag in `root/meta`. Writes
 * go to `root/tmp` and are renamed into place, so a reader never sees half an object and a failed
 * upload leaves nothing behind. The server itself answers the signed URLs (HMAC, with expiry).
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly dataDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;
  private readonly baseUrl: string;

  constructor(private readonly options: LocalStoreOptions) {
    this.root = resolve(options.root);
    this.dataDir = join(this.root, 'data');
    this.metaDir = join(this.root, 'meta');
    this.tmpDir = join(this.root, 'tmp');
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  }

  private inside(base: string, key: string, suffix = ''): string {
    assertKey(key);
    const path = join(base, ...key.split('/')) + suffix;
    // Defence in depth: a valid key cannot leave the root, and this proves it.
    if (!path.startsWith(base + sep)) throw new ObjectStoreError(400, 'Bad Request', 'key outside the store');
    return path;
  }

  private dataPath(key: string): string {
    return this.inside(this.dataDir, key);
  }

  private metaPath(key: string): string {
    return this.inside(this.metaDir, key, '.json');
  }

  /** A fresh path in the store's temporary folder (same file system, so renames are atomic). */
  async tempPath(): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return join(this.tmpDir, randomBytes(12).toString('hex'));
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<ObjectInfo> {
    assertKey(key);
    const tmp = await this.tempPath();
    const md5 = createHash('md5');
    let size = 0;
    const sink = createWriteStream(tmp, { flags: 'wx' });
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          md5.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(source, hashing, sink);
      return await this.commit(key, tmp, { size, eTag: md5.digest('hex'), contentType: options.contentType });
    } catch (error) {
      // The file may still be opening when the pipeline fails; remove it only once it is closed.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await unlink(tmp).catch(() => {});
      throw error;
    }
  }

  async putFile(
    key: string,
    path: string,
    options: PutOptions & { move?: boolean; md5?: string } = {},
  ): Promise<ObjectInfo> {
    assertKey(key);
    const { size } = await stat(path);
    const eTag = options.md5 ?? (await md5OfFile(path));
    if (!options.move) {
      const tmp = await this.tempPath();
      await copyFile(path, tmp);
      return this.commit(key, tmp, { size, eTag, contentType: options.contentType });
    }
    const tmp = await this.tempPath();
    try {
      await rename(path, tmp);
    } catch (error) {
      // Another file system: copy instead.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(path, tmp);
      await unlink(path);
    }
    return this.commit(key, tmp, { size, eTag, contentType: options.contentType });
  }

  private async commit(
    key: string,
    tmp: string,
    meta: { size: number; eTag: string; contentType?: string | undefined },
  ): Promise<ObjectInfo> {
    const data = this.dataPath(key);
    const metaFile = this.metaPath(key);
    const info: Meta = {
      contentType: meta.contentType ?? OCTET,
      eTag: meta.eTag,
      size: meta.size,
      lastModified: new Date().toISOString(),
    };
    await mkdir(dirname(data), { recursive: true });
    await mkdir(dirname(metaFile), { recursive: true });
    const metaTmp = `${tmp}.json`;
    await writeFile(metaTmp, JSON.stringify(info));
    await rename(tmp, data);
    await rename(metaTmp, metaFile);
    return toInfo(key, info);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const data = this.dataPath(key);
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Meta;
      return toInfo(key, meta);
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    try {
      const s = await stat(data);
      if (!s.isFile()) return null;
      return { key, size: s.size, eTag: '', lastModified: s.mtime, contentType: OCTET };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<{ info: ObjectInfo; body: Readable } | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { info, body: createReadStream(this.dataPath(key)) };
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    let handle: import('node:fs/promises').FileHandle;
    try {
      handle = await open(this.dataPath(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async copy(
    source: string,
    target: string,
    options: { contentType?: string | undefined } = {},
  ): Promise<ObjectInfo> {
    const info = await this.head(source);
    if (!info) throw new ObjectStoreError(404, 'NoSuchKey', `no object ${source}`);
    const tmp = await this.tempPath();
    await copyFile(this.dataPath(source), tmp);
    return this.commit(target, tmp, {
      size: info.size,
      eTag: info.eTag,
      contentType: options.contentType ?? info.contentType,
    });
  }

  async delete(key: string): Promise<void> {
    for (const path of [this.dataPath(key), this.metaPath(key)]) {
      await unlink(path).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
  }

  async list(prefix: string, options: { limit?: number } = {}): Promise<ObjectInfo[]> {
    if (!isValidPrefix(prefix)) throw new ObjectStoreError(400, 'Bad Request', 'invalid prefix');
    const limit = options.limit ?? 1000;
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folder ? join(this.dataDir, ...folder.split('/')) : this.dataDir;
    const keys: string[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw error;
      }
      for (const entry of entries) {
        const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(join(dir, entry.name), key);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          keys.push(key);
        }
      }
    };
    await walk(start, folder);
    keys.sort();
    const found: ObjectInfo[] = [];
    for (const key of keys.slice(0, limit)) {
      const info = await this.head(key);
      if (info) found.push(info);
    }
    return found;
  }

  async presignGet(key: string, options: PresignOptions = {}): Promise<string> {
    return this.presign('GET', key, options);
  }

  async presignPut(key: string, options: PresignOptions = {}): Promise<string> {
    return this.presign('PUT', key, options);
  }

  private presign(method: 'GET' | 'PUT', key: string, options: PresignOptions): string {
    assertKey(key);
    const exp = Math.floor(Date.now() / 1000) + (options.expiresIn ?? DEFAULT_PRESIGN_SECONDS);
    const rcd = options.contentDisposition ?? '';
    const rct = options.contentType ?? '';
    const query = new URLSearchParams({ exp: String(exp) });
    if (rcd) query.set('rcd', rcd);
    if (rct) query.set('rct', rct);
    query.set('sig', this.options.signer.sign('obj', method, key, exp, rcd, rct));
    return `${this.baseUrl}${LOCAL_OBJECT_PATH}${encodeKey(key)}?${query}`;
  }

  /** Checks a presented URL of `presignGet`/`presignPut` (HEAD counts as GET). */
  checkPresigned(method: string, key: string, query: Record<string, unknown>): PresignCheck {
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const exp = Number(text(query.exp));
    const rcd = text(query.rcd) ?? '';
    const rct = text(query.rct) ?? '';
    const verb = method === 'HEAD' ? 'GET' : method;
    if (!Number.isSafeInteger(exp)) return { ok: false, expired: false };
    if (!this.options.signer.check(text(query.sig), 'obj', verb, key, exp, rcd, rct)) {
      return { ok: false, expired: false };
    }
    if (exp <= Math.floor(Date.now() / 1000)) return { ok: false, expired: true };
    return { ok: true, contentDisposition: rcd || undefined, contentType: rct || undefined };
  }

  async presignPost(
    prefix: string,
    options: { expiresIn?: number; maxBytes: number },
  ): Promise<PresignedPost> {
    if (!isValidPrefix(prefix)) throw new ObjectStoreError(400, 'Bad Request', 'invalid prefix');
    const exp = Math.floor(Date.now() / 1000) + (options.expiresIn ?? DEFAULT_PRESIGN_SECONDS);
    const grant = this.options.signer.seal({ k: 'post', p: prefix, m: options.maxBytes, e: exp });
    return {
      url: `${this.baseUrl}${LOCAL_POST_PATH}`,
      fields: { key: `${prefix}\${filename}`, grant },
    };
  }

  /** The prefix and size limit of a `presignPost` grant, if it is genuine and unexpired. */
  checkPostGrant(grant: string | undefined): { prefix: string; maxBytes: number } | { expired: boolean } {
    const claims = this.options.signer.open(grant);
    if (claims?.k !== 'post' || typeof claims.p !== 'string' || typeof claims.m !== 'number') {
      return { expired: false };
    }
    if (typeof claims.e !== 'number' || claims.e <= Math.floor(Date.now() / 1000)) return { expired: true };
    return { prefix: claims.p, maxBytes: claims.m };
  }
}

function toInfo(key: string, meta: Meta): ObjectInfo {
  return {
    key,
    size: meta.size,
    eTag: meta.eTag,
    lastModified: new Date(meta.lastModified),
    contentType: meta.contentType,
  };
}

async function md5OfFile(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
