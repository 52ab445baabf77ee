import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@qcdesk/server/src/app.ts';
import { issueFileToken } from '@qcdesk/server/src/modules/files/file-tokens.ts';
import { analysePhoto } from '@qcdesk/server/src/modules/files/photo-analysis.ts';
import { photoEvidenceOf } from '@qcdesk/server/src/modules/files/photo-evidence.service.ts';
import { renderThumbnail } from '@qcdesk/server/src/modules/files/thumbnails.ts';
import { loadConfig } from '@qcdesk/server/src/platform/config.ts';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import sharp from 'sharp';
import { printTable } from './table.ts';

// Photo uploads (issue 27, ADR 0019): N camera-sized JPEGs (~3 MB, 12 MP, with EXIF) sent at once
// by one client through the real upload route, each stored with its thumbnail, print copy and
// evidence before it is answered. Reports CPU per photo, wall time and peak RSS.

const MB = 1024 * 1024;
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const W = 4000;
const H = 3000;

/** A 12 MP photo-like JPEG: coloured shapes from `seed` under film grain, with capture time and GPS. */
async function cameraPhoto(seed: number, grain: Buffer): Promise<Buffer> {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const shape = () =>
    `<circle cx="${rnd() * W}" cy="${rnd() * H}" r="${(0.05 + rnd() * 0.25) * W}" fill="rgb(${(rnd() * 255) | 0},${(rnd() * 255) | 0},${(rnd() * 255) | 0})"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#4a6"/>${Array.from({ length: 14 }, shape).join('')}</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'QCDesk', Model: 'Bench' },
      IFD2: { DateTimeOriginal: '2026:11:20 10:15:30', OffsetTimeOriginal: '+08:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '22/1 32/1 3520/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '114/1 3/1 2880/100',
      },
    })
    .toBuffer();
}

function upload(base: string, token: string, name: string, content: Buffer): Promise<string> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/file/upload`,
      {
        method: 'POST',
        headers: {
          authorization: token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode !== 200) reject(new Error(`upload ${res.statusCode}: ${answer.error}`));
          else resolve(answer.data.id);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export async function photoUploadBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-bench-photos-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: join(dir, 'data') });
  const database = await openDatabase({ dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, authenticate: async () => null });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
  const runtime = await app.files.ready();
  const token = issueFileToken(runtime.signer, { kind: 'upload', userId: 1n }, 3600).token;

  const grain = await sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 32 },
    },
  })
    .resize(W, H)
    .png({ compressionLevel: 1 })
    .toBuffer();
  const photos: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(await cameraPhoto(1000 + i, grain));
  const averageMb = photos.reduce((n, p) => n + p.length, 0) / photos.length / MB;

  // The derivatives alone, one photo at a time: what the upload adds to storing the bytes, with
  // the thumbnail alone (all an upload made before the evidence) for comparison.
  const timed = async (work: (photo: Buffer) => Promise<unknown>) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (const photo of photos.slice(0, 3)) await work(photo);
    return { cpu: cpuMs(cpu) / 3, wall: (performance.now() - start) / 3 };
  };
  await timed((photo) => Promise.all([analysePhoto(photo), renderThumbnail(photo)]));
  const thumbnailOnly = await timed(renderThumbnail);
  const derivatives = await timed((photo) => Promise.all([analysePhoto(photo), renderThumbnail(photo)]));

  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const latencies: number[] = [];
  const ids = await Promise.all(
    photos.map(async (photo, i) => {
      const sent = performance.now();
      const id = await upload(base, token, `现场照片-${i}.jpg`, photo);
      latencies.push(performance.now() - sent);
      return BigInt(id);
    }),
  );
  const wall = performance.now() - start;
  const totalCpu = cpuMs(cpu);
  clearInterval(sampler);

  const evidence = await photoEvidenceOf(database.db, ids);
  let objects = 0;
  for (const e of evidence.values()) {
    if ((await runtime.store.head(e.printKey)) && (await runtime.store.head(e.thumbnailKey))) objects++;
  }
  if (evidence.size !== PHOTOS || objects !== PHOTOS)
    throw new Error(`evidence ${evidence.size}, derivatives ${objects} of ${PHOTOS}`);
  const printKb = [...evidence.values()].reduce((n, e) => n + e.printSize, 0) / evidence.size / 1024;
  latencies.sort((a, b) => a - b);

  printTable(
    `Photo uploads: ${PHOTOS} JPEGs of ${averageMb.toFixed(2)} MB (12 MP, EXIF) at once, one client, PGlite + local store`,
    [
      {
        case: `${PHOTOS} parallel uploads`,
        'wall s': wall / 1000,
        'CPU ms / photo': totalCpu / PHOTOS,
        'latency p50 ms': latencies[Math.floor(PHOTOS / 2)]!,
        'latency max ms': latencies[PHOTOS - 1]!,
        'peak RSS MB': peak / MB,
        'above start MB': (peak - baseline) / MB,
        'print copy kB': printKb,
      },
      {
        case: 'thumbnail + evidence alone (1 at a time)',
        'wall s': derivatives.wall / 1000,
        'CPU ms / photo': derivatives.cpu,
      },
      {
        case: 'thumbnail alone (1 at a time)',
        'wall s': thumbnailOnly.wall / 1000,
        'CPU ms / photo': thumbnailOnly.cpu,
      },
    ],
  );
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
