import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { issueFileToken } from '@qcdesk/server/src/modules/files/file-tokens.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import { printTable } from './table.ts';

const MB = 1024 * 1024;
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 20);
const ROUNDS = Number(process.env.BENCH_FILE_ROUNDS ?? 5);

/** Samples the process's resident set while `fn` runs; answers the peak. */
async function peakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const value = await fn();
    return { value, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

/** POSTs a file from disk as multipart, streamed (the client must not hold 20 MB either). */
function uploadFile(base: string, token: string, path: string, name: string, size: number) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ id: string; url: string }>((resolve, reject) => {
    const req = request(
      `${base}/api/file/upload`,
      {
        method: 'POST',
        headers: {
          authorization: token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode !== 200) reject(new Error(`upload ${res.statusCode}: ${body.error}`));
          else resolve(body.data);
        });
      },
    );
    req.on('error', reject);
    Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(path);
        yield tail;
      })(),
    ).pipe(req);
  });
}

/** GETs a URL and counts its bytes without keeping them. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Upload and download throughput of a 20 MB file through the real HTTP routes (local store,
 * PGlite), and the peak resident memory of the process while they run: with streams the peak
 * stays far below the file size times the rounds.
 */
export async function filesBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-bench-files-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(dir, 'data'),
    UPLOAD_MAX_DOC_MB: String(Math.max(50, FILE_MB + 1)),
  });
  const database = await openDatabase({ dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, authenticate: async () => null });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
  const runtime = await app.files.ready();
  const token = issueFileToken(runtime.signer, { kind: 'upload', userId: 1n }, 3600).token;
  const report = issueFileToken(runtime.signer, { kind: 'report', userId: 1n }, 3600).token;

  const size = FILE_MB * MB;
  const path = join(dir, 'bench.pdf');
  // Written a megabyte at a time, so the bench itself never holds the file.
  await pipeline(
    Readable.from(
      (function* () {
        yield Buffer.from('%PDF-1.7\n');
        for (let left = size - 9; left > 0; left -= MB) yield randomBytes(Math.min(MB, left));
      })(),
    ),
    createWriteStream(path),
  );
  const baseline = process.memoryUsage.rss();

  const rows: Array<Record<string, string | number>> = [];
  const measure = async (name: string, run: () => Promise<number>) => {
    const seconds: number[] = [];
    const { peak } = await peakRss(async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const start = process.hrtime.bigint();
        const bytes = await run();
        seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
        if (bytes !== size && !name.includes('zip')) throw new Error(`${name}: ${bytes} bytes`);
      }
    });
    rows.push({
      case: name,
      'MB/s (median)': FILE_MB / median(seconds),
      'ms (median)': median(seconds) * 1000,
      'peak RSS MB': peak / MB,
      'above start MB': (peak - baseline) / MB,
    });
  };

  let uploaded = { id: '', url: '' };
  await measure(`upload ${FILE_MB} MB (multipart → disk store)`, async () => {
    uploaded = await uploadFile(base, token, path, '基准测试.pdf', size);
    return size;
  });
  await measure(`download ${FILE_MB} MB (signed URL)`, () => download(`${base}${uploaded.url}`));
  await measure(`zip ${FILE_MB} MB (deflate level 1)`, () =>
    download(`${base}/api/file/zip?ids=${uploaded.id}&token=${encodeURIComponent(report)}`),
  );

  printTable(
    `Files: ${FILE_MB} MB, ${ROUNDS} rounds each, one process (start RSS ${(baseline / MB).toFixed(0)} MB)`,
    rows,
  );
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
