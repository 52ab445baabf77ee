import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { LocalObjectStore } from './local-store';
import type { ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-store';
import type { UrlSigner } from './url-signer';

/**
 * The configured store: S3 when S3_BUCKET is set, else local disk under DATA_DIR/objects. The sandbox
 * keeps its objects apart: under its own DATA_DIR, or under the `sandbox/` prefix of the bucket.
 */
export function openObjectStore(config: Config, signer: UrlSigner): ObjectStore {
  if (config.S3_BUCKET) {
    const spoolDir = join(config.dataDir, 'tmp');
    return new S3ObjectStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle:
        config.S3_FORCE_PATH_STYLE === undefined
          ? undefined
          : config.S3_FORCE_PATH_STYLE === '1' || config.S3_FORCE_PATH_STYLE === 'true',
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      keyPrefix: config.objectPrefix,
      spool: async () => {
        await mkdir(spoolDir, { recursive: true });
        return join(spoolDir, randomBytes(12).toString('hex'));
      },
    });
  }
  // Signed URLs are root-relative; the sandbox's carry /dev, where the product hands them to it.
  return new LocalObjectStore({ root: join(config.dataDir, 'objects'), signer, baseUrl: config.basePath });
}
