import { PassThrough, type Readable, type Writable } from 'node:stream';
import { createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { IMAGE_ZIP_LEVEL } from '@qcdesk/contract/constants';
import { type FlateError, Zip, ZipPassThrough } from 'fflate';

/** Resolves when `stream` wants more, or when it has gone away. */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * A zip entry deflated by node:zlib. fflate writes the archive (headers, CRC, data descriptors,
 * the UTF-8 name flag); the DEFLATE itself runs natively on libuv's thread pool, so a 20 MB zip
 * neither blocks the event loop nor takes fflate's pure-JS time (bench/src/files.bench.ts).
 */
class NativeDeflateEntry extends ZipPassThrough {
  /** General-purpose flag bits 1–2, as fflate's own ZipDeflate sets them: level 1 is "super fast". */
  readonly flag: 0 | 1 | 2 | 3;
  readonly zlib: DeflateRaw;
  readonly done: Promise<void>;

  constructor(filename: string, level: number) {
    super(filename);
    this.compression = 8;
    this.flag = level === 1 ? 3 : level < 6 ? 2 : level === 9 ? 1 : 0;
    this.zlib = createDeflateRaw({ level });
    this.done = new Promise((resolve, reject) => {
      this.zlib.on('data', (chunk: Buffer) => this.ondata(null, chunk as Uint8Array<ArrayBuffer>, false));
      this.zlib.on('end', () => {
        this.ondata(null, new Uint8Array(0), true);
        resolve();
      });
      this.zlib.on('error', (error) => {
        this.ondata(error as unknown as FlateError, new Uint8Array(0), true);
        reject(error);
      });
    });
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    if (chunk.length > 0) this.zlib.write(chunk);
    if (final) this.zlib.end();
  }
}

export interface ZipEntry {
  name: string;
  mtime?: Date | undefined;
  open(): Promise<Readable>;
}

/** Names as they go into the archive: unique (`a.jpg`, `a (2).jpg`), no folders. */
export function zipEntryNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(/[/\\]/g, '_') || 'file';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The entries as one zip, deflated at spec §9's level 1, produced while it is read: each file is
 * read from the store chunk by chunk, and reading waits whenever the compressor or the reader
 * falls behind (backpressure), so memory stays flat for any number and size of files.
 */
export function zipStream(entries: readonly ZipEntry[], level: number = IMAGE_ZIP_LEVEL): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });

  const run = async () => {
    const names = zipEntryNames(entries.map((e) => e.name));
    for (const [i, entry] of entries.entries()) {
      const source = await entry.open();
      const file = new NativeDeflateEntry(names[i]!, level);
      if (entry.mtime) file.mtime = entry.mtime;
      zip.add(file);
      for await (const chunk of source) {
        if (out.destroyed) {
          source.destroy();
          file.zlib.destroy();
          return;
        }
        file.push(chunk as Uint8Array);
        if (file.zlib.writableNeedDrain) await drained(file.zlib);
        if (out.writableNeedDrain) await drained(out);
      }
      file.push(new Uint8Array(0), true);
      await file.done;
    }
    zip.end();
  };
  run().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
