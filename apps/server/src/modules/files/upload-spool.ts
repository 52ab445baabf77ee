import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeFor, SIGNATURE_BYTES } from './file-types';

/** Why an upload was refused while it streamed in. */
export class UploadRefused extends Error {
  constructor(readonly why: 'too-big' | 'bad-type') {
    super(why);
    this.name = 'UploadRefused';
  }
}

export interface Spooled {
  path: string;
  size: number;
  sha256: string;
  md5: string;
  contentType: string;
}

/**
 * Streams an upload to a temporary file while checking it: the first bytes must match the
 * extension's format, and the size must stay within `maxBytes`. Memory stays flat whatever the
 * size; on any refusal or failure the temporary file is removed and the error is thrown.
 */
export async function spoolUpload(
  source: Readable,
  options: { path: string; ext: string; maxBytes: number },
): Promise<Spooled> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  let contentType: string | undefined;

  const decide = (): Error | undefined => {
    contentType = contentTypeFor(options.ext, head ?? Buffer.alloc(0));
    head = undefined;
    return contentType ? undefined : new UploadRefused('bad-type');
  };

  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      if (size > options.maxBytes) return done(new UploadRefused('too-big'));
      if (head) {
        head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
        if (head.length >= SIGNATURE_BYTES) {
          const refused = decide();
          if (refused) return done(refused);
        }
      }
      sha256.update(chunk);
      md5.update(chunk);
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      done(head ? decide() : undefined);
    },
  });

  const sink = createWriteStream(options.path, { flags: 'wx' });
  try {
    await pipeline(source, inspector, sink);
  } catch (error) {
    // The file may still be opening when the pipeline fails; remove it only once it is closed.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await unlink(options.path).catch(() => {});
    throw error;
  }
  return {
    path: options.path,
    size,
    sha256: sha256.digest('hex'),
    md5: md5.digest('hex'),
    contentType: contentType!,
  };
}
