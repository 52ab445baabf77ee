import { createReadStream, createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as PresignedPostSdk from '@aws-sdk/s3-presigned-post';
import type * as RequestPresigner from '@aws-sdk/s3-request-presigner';
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

/**
 * The AWS SDK, loaded when the first S3 store is made: most servers keep their files on disk, and
 * loading it at start cost ~0.25 s of CPU and ~20 MB of heap for nothing (issue 33).
 */
const requireHere = createRequire(import.meta.url);
let loaded:
  | { s3: typeof ClientS3; post: typeof PresignedPostSdk; presign: typeof RequestPresigner }
  | undefined;
function aws() {
  loaded ??= {
    s3: requireHere('@aws-sdk/client-s3') as typeof ClientS3,
    post: requireHere('@aws-sdk/s3-presigned-post') as typeof PresignedPostSdk,
    presign: requireHere('@aws-sdk/s3-request-presigner') as typeof RequestPresigner,
  };
  return loaded;
}
/** Whether `error` is the SDK's (when it is not loaded, nothing threw one). */
const isS3Error = (error: unknown): error is ClientS3.S3ServiceException =>
  loaded !== undefined && error instanceof loaded.s3.S3ServiceException;

export interface S3StoreOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /**
   * Put before every key in the bucket, so two instances can share one (the sandbox's `sandbox/`); the
   * keys this store takes and answers never carry it. '' or a valid key prefix ending in `/`.
   */
  keyPrefix?: string | undefined;
  /** Where streams of unknown length are spooled before upload (S3 needs the length). */
  spool: () => Promise<string>;
}

const OCTET = 'application/octet-stream';
const unquote = (eTag: string | undefined) => (eTag ?? '').replace(/^"|"$/g, '');

/** Maps an SDK failure to the spec's "status code and status text"; missing objects are `null`. */
function storeError(error: unknown): ObjectStoreError {
  if (error instanceof ObjectStoreError) return error;
  if (isS3Error(error)) {
    return new ObjectStoreError(error.$metadata.httpStatusCode ?? 500, error.name, error.message);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ObjectStoreError(502, 'Bad Gateway', message);
}

const isNotFound = (error: unknown) =>
  isS3Error(error) &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/** Any S3-compatible store (AWS S3, MinIO, COS, OSS, s3rver in tests). */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(private readonly options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.keyPrefix = options.keyPrefix ?? '';
    if (this.keyPrefix !== '' && !(this.keyPrefix.endsWith('/') && isValidPrefix(this.keyPrefix))) {
      throw new ObjectStoreError(400, 'Bad Request', `invalid key prefix: ${JSON.stringify(this.keyPrefix)}`);
    }
    this.client = new (aws().s3.S3Client)({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Streaming checksum trailers are not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<ObjectInfo> {
    assertKey(key);
    if (!Buffer.isBuffer(body) && options.contentLength === undefined) {
      const path = await this.options.spool();
      try {
        await pipeline(body, createWriteStream(path, { flags: 'wx' }));
        return await this.putFile(key, path, options);
      } finally {
        await unlink(path).catch(() => {});
      }
    }
    const length = Buffer.isBuffer(body) ? body.length : options.contentLength;
    return this.send(key, body, length, options.contentType);
  }

  async putFile(
    key: string,
    path: string,
    options: PutOptions & { move?: boolean } = {},
  ): Promise<ObjectInfo> {
    assertKey(key);
    const { size } = await stat(path);
    const info = await this.send(key, createReadStream(path), size, options.contentType);
    if (options.move) await unlink(path).catch(() => {});
    return info;
  }

  private async send(
    key: string,
    body: Readable | Buffer,
    length: number | undefined,
    contentType: string | undefined,
    md5?: string,
  ): Promise<ObjectInfo> {
    try {
      const out = await this.client.send(
        new (aws().s3.PutObjectCommand)({
          Bucket: this.bucket,
          Key: this.keyPrefix + key,
          Body: body,
          ContentLength: length,
          ContentType: contentType ?? OCTET,
          ...(md5 ? { ContentMD5: Buffer.from(md5, 'hex').toString('base64') } : {}),
        }),
      );
      return {
        key,
        size: length ?? 0,
        eTag: unquote(out.ETag),
        lastModified: new Date(),
        contentType: contentType ?? OCTET,
      };
    } catch (error) {
      throw storeError(error);
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertKey(key);
    try {
      const out = await this.client.send(
        new (aws().s3.HeadObjectCommand)({ Bucket: this.bucket, Key: this.keyPrefix + key }),
      );
      return {
        key,
        size: out.ContentLength ?? 0,
        eTag: unquote(out.ETag),
        lastModified: out.LastModified ?? new Date(0),
        contentType: out.ContentType ?? OCTET,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw storeError(error);
    }
  }

  async get(key: string): Promise<{ info: ObjectInfo; body: Readable } | null> {
    assertKey(key);
    try {
      const out = await this.client.send(
        new (aws().s3.GetObjectCommand)({ Bucket: this.bucket, Key: this.keyPrefix + key }),
      );
      return {
        info: {
          key,
          size: out.ContentLength ?? 0,
          eTag: unquote(out.ETag),
          lastModified: out.LastModified ?? new Date(0),
          contentType: out.ContentType ?? OCTET,
        },
        // In Node the SDK's body is the HTTP response stream.
        body: out.Body as Readable,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw storeError(error);
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    assertKey(key);
    try {
      const out = await this.client.send(
        new (aws().s3.GetObjectCommand)({
          Bucket: this.bucket,
          Key: this.keyPrefix + key,
          Range: `bytes=0-${bytes - 1}`,
        }),
      );
      const body = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
      // A store that ignores Range sends it all; only the head is wanted.
      return body.subarray(0, bytes);
    } catch (error) {
      if (isNotFound(error)) return null;
      // An empty object has no byte 0.
      if (isS3Error(error) && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw storeError(error);
    }
  }

  async copy(
    source: string,
    target: string,
    options: { contentType?: string | undefined } = {},
  ): Promise<ObjectInfo> {
    assertKey(source);
    assertKey(target);
    try {
      await this.client.send(
        new (aws().s3.CopyObjectCommand)({
          Bucket: this.bucket,
          Key: this.keyPrefix + target,
          CopySource: `${this.bucket}/${encodeKey(this.keyPrefix + source)}`,
          ...(options.contentType ? { MetadataDirective: 'REPLACE', ContentType: options.contentType } : {}),
        }),
      );
    } catch (error) {
      throw storeError(error);
    }
    const info = await this.head(target);
    if (!info) throw new ObjectStoreError(404, 'NoSuchKey', `copy of ${source} is missing`);
    return info;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    try {
      await this.client.send(
        new (aws().s3.DeleteObjectCommand)({ Bucket: this.bucket, Key: this.keyPrefix + key }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw storeError(error);
    }
  }

  async list(prefix: string, options: { limit?: number } = {}): Promise<ObjectInfo[]> {
    if (!isValidPrefix(prefix)) throw new ObjectStoreError(400, 'Bad Request', 'invalid prefix');
    const limit = options.limit ?? 1000;
    const found: ObjectInfo[] = [];
    let token: string | undefined;
    try {
      do {
        const out = await this.client.send(
          new (aws().s3.ListObjectsV2Command)({
            Bucket: this.bucket,
            Prefix: this.keyPrefix + prefix,
            MaxKeys: 1000,
            ContinuationToken: token,
          }),
        );
        for (const item of out.Contents ?? []) {
          if (!item.Key?.startsWith(this.keyPrefix)) continue;
          found.push({
            key: item.Key.slice(this.keyPrefix.length),
            size: item.Size ?? 0,
            eTag: unquote(item.ETag),
            lastModified: item.LastModified ?? new Date(0),
            contentType: OCTET,
          });
        }
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token && found.length < limit);
    } catch (error) {
      throw storeError(error);
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, limit);
  }

  async presignGet(key: string, options: PresignOptions = {}): Promise<string> {
    assertKey(key);
    const command = new (aws().s3.GetObjectCommand)({
      Bucket: this.bucket,
      Key: this.keyPrefix + key,
      ResponseContentDisposition: options.contentDisposition,
      ResponseContentType: options.contentType,
    });
    return aws().presign.getSignedUrl(this.client, command, {
      expiresIn: options.expiresIn ?? DEFAULT_PRESIGN_SECONDS,
    });
  }

  async presignPut(key: string, options: PresignOptions = {}): Promise<string> {
    assertKey(key);
    const command = new (aws().s3.PutObjectCommand)({
      Bucket: this.bucket,
      Key: this.keyPrefix + key,
      ContentType: options.contentType,
    });
    return aws().presign.getSignedUrl(this.client, command, {
      expiresIn: options.expiresIn ?? DEFAULT_PRESIGN_SECONDS,
    });
  }

  async presignPost(
    prefix: string,
    options: { expiresIn?: number; maxBytes: number },
  ): Promise<PresignedPost> {
    if (!isValidPrefix(prefix)) throw new ObjectStoreError(400, 'Bad Request', 'invalid prefix');
    const post = await aws().post.createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: `${this.keyPrefix}${prefix}\${filename}`,
      Conditions: [
        ['starts-with', '$key', this.keyPrefix + prefix],
        ['content-length-range', 0, options.maxBytes],
      ],
      Expires: options.expiresIn ?? DEFAULT_PRESIGN_SECONDS,
    });
    return { url: post.url, fields: post.fields };
  }

  close(): void {
    this.client.destroy();
  }
}
