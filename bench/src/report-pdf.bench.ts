import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analysePhoto } from '@qcdesk/server/src/modules/files/photo-analysis.ts';
import {
  type ReportDetail,
  renderInspectionReportPdf,
} from '@qcdesk/server/src/modules/inspection-report/inspection-report-pdf.render.ts';
import sharp from 'sharp';
import { vmHwmMb } from './process-memory';
import { printTable } from './table.ts';

// The client-ready PDF of an inspection report with 40 photos (issue 28, ADR 0021). Camera-sized
// originals (~3 MB, 12 MP) are turned into their print-size copies first, as the upload does (not
// timed here: photo-upload.bench measures it); then a child process — so its peak RSS is the PDF's
// alone — makes the report's PDF from those copies a few times and reports CPU per PDF, wall time,
// peak RSS (VmHWM) and the PDF's size and pages.

const MB = 1024 * 1024;
const PHOTOS = Number(process.env.BENCH_PDF_PHOTOS ?? 40);
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 3);
const W = 4000;
const H = 3000;

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
    .toBuffer();
}

const label = (code: string, zh: string, en: string) => ({ id: 1n, code, nameZh: zh, nameEn: en });
const person = (name: string, englishName: string) => ({ id: 1n, name, englishName });

/** A report as the detail answers it: 3 products, 12 defect lines, every section (typed loosely: a bench). */
function detail(): ReportDetail {
  const products = [1, 2, 3].map((i) => ({
    orderProductId: BigInt(i),
    productNo: `OT2611280001-0${i}`,
    itemNo: `IT-BEAR-${i}`,
    name: `毛绒小熊 ${i} Plush bear ${i}`,
    applyQuantity: 1000,
    presentedQuantity: 1000,
    packedQuantity: 1000,
    critical: 0,
    major: 2,
    minor: 3,
    result: 0,
    remark: null,
  }));
  const d = {
    id: 1n,
    reportNo: 'PSI2611280001',
    interim: false,
    client: { id: 1n, code: 'C001', name: 'Pacific Toys Inc.' },
    factory: label('F-HM-SZ', '深圳华美玩具厂', 'Shenzhen Huamei Toy Factory'),
    order: { id: 1n, orderNo: 'OT2611280001' },
    inspectionType: { ...label('PSI', '出货前检验', 'Pre-shipment inspection'), serviceCode: 'PSI' },
    inspector: person('张验货', 'Zhang Inspector'),
    assistants: [person('李协助', 'Li Assistant')],
    inspectionDate: '2026-11-28',
    quantity: 3000,
    sampleSize: 125,
    critical: 0,
    major: 6,
    minor: 9,
    preResult: 1,
    result: 1,
    revision: 0,
    resultRemark: null,
    sampling: {
      level: 'II',
      majorAql: '2.5',
      minorAql: '4.0',
      plan: {
        letter: 'K',
        drawn: 125,
        hundredPercent: false,
        severity: 'normal',
        critical: { letter: 'K', n: 125, ac: 0, re: 1 },
        major: { letter: 'K', n: 125, ac: 7, re: 8 },
        minor: { letter: 'K', n: 125, ac: 10, re: 11 },
      },
      override: null,
    },
    products,
    defects: Array.from({ length: 12 }, (_, i) => ({
      defect: label(`D00${i % 9}`, `缺陷${i}`, `Defect ${i}`),
      defectClass: i % 2 ? 2 : 3,
      qty: 1,
      orderProductId: BigInt(1 + (i % 3)),
      photos: [],
      remark: `说明 ${i} / remark ${i}`,
    })),
    cartonData: { cartonQty: 100, pcsPerCarton: 30, innerPack: 6, openedCartons: 10, shippingMark: true },
    cartonSize: { specL: 60, specW: 40, specH: 30, actL: 60.5, actW: 40, actH: 30, unit: 1 },
    weights: { grossSpec: 10, grossActual: 10.2, unit: 'KG' },
    pullTests: [],
    safetyTests: [],
    sections: [1, 2, 3, 4, 5, 6, 7, 8].map((sectionType) => ({
      sectionType,
      result: 1,
      remarkIds: [],
      remark: '符合要求 / conforms',
    })),
    photos: [],
    signOff: {
      name: '王厂长 Wang',
      signature: { fileId: 1n, name: 's.png', contentType: 'image/png', url: null },
      at: new Date(),
    },
    auditL1: { by: person('赵审核', 'Zhao Auditor'), at: new Date() },
    auditL2: null,
  };
  return d as unknown as ReportDetail;
}

/** The child: makes the PDF ROUNDS times from the print copies in `dir`, prints one JSON line. */
async function renderRounds(dir: string): Promise<void> {
  const prints = readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .map((f) => readFileSync(join(dir, f)));
  const rounds = [];
  let bytes: Buffer = Buffer.alloc(0);
  let pages = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const made = await renderInspectionReportPdf({
      detail: detail(),
      severityReason: 'START',
      photos: prints.map((image, n) => ({ image, caption: `${n + 1}. 照片 Photo · site-${n}.jpg` })),
      signatures: { factory: null, inspector: null, l1: null, l2: null },
      madeAt: '2026-11-28 10:00',
      time: (at) => at.toISOString().slice(0, 16).replace('T', ' '),
    });
    const used = process.cpuUsage(cpu);
    rounds.push({ cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - start });
    bytes = made.buffer;
    pages = made.pages;
  }
  writeFileSync(join(dir, 'report.pdf'), bytes);
  process.stdout.write(`${JSON.stringify({ rounds, size: bytes.length, pages, peakMb: vmHwmMb() })}\n`);
}

export async function reportPdfBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-pdf-bench-'));
  try {
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
    let originals = 0;
    let prints = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const original = await cameraPhoto(2000 + i, grain);
      const { print } = await analysePhoto(original);
      originals += original.length;
      prints += print.data.length;
      writeFileSync(join(dir, `${String(i).padStart(3, '0')}.jpg`), print.data);
    }
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', new URL(import.meta.url).pathname, '--render', dir],
      {
        encoding: 'utf8',
        maxBuffer: 16 * MB,
      },
    );
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
      rounds: { cpuMs: number; wallMs: number }[];
      size: number;
      pages: number;
      peakMb: number;
    };
    const pdfImages = execFileSync('pdfimages', ['-list', join(dir, 'report.pdf')], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => /\bimage\b/.test(l)).length;
    const warm = result.rounds.slice(1);
    const mean = (k: 'cpuMs' | 'wallMs') => warm.reduce((n, r) => n + r[k], 0) / Math.max(1, warm.length);
    printTable(
      `Inspection report PDF, ${PHOTOS} photos (print copies of ~${(originals / PHOTOS / MB).toFixed(1)} MB originals)`,
      [
        {
          'first CPU ms': result.rounds[0]!.cpuMs,
          'CPU ms / PDF': mean('cpuMs'),
          'wall ms / PDF': mean('wallMs'),
          'peak RSS MB': result.peakMb,
          'PDF MB': result.size / MB,
          pages: result.pages,
          'images in PDF': pdfImages,
          'print copies MB': prints / MB,
          'originals MB': originals / MB,
        },
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--render') await renderRounds(process.argv[3]!);
