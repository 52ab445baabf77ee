import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Reads a PDF back the way a person's viewer does (poppler-utils: pdftotext, pdfinfo, pdfimages,
// pdffonts; `npm test` installs them with apt, scripts/ensure-pdf-tools.mjs): its text, its page
// count, its embedded images and its fonts.

export interface ReadPdf {
  /** The text in reading order (pdftotext, raw). */
  text: string;
  pages: number;
  /** Embedded raster images (pdfimages -list), smasks left out. */
  images: number;
  fonts: { name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean }[];
}

const run = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 << 20 });

export function readPdf(pdf: Buffer, keepAs?: string): ReadPdf {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-pdf-'));
  const path = join(dir, 'report.pdf');
  writeFileSync(path, pdf);
  if (keepAs) writeFileSync(keepAs, pdf);
  try {
    const text = run('pdftotext', ['-enc', 'UTF-8', path, '-']);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [path]))?.[1] ?? 0);
    const images = run('pdfimages', ['-list', path])
      .split('\n')
      .slice(2)
      .filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length;
    const fonts = run('pdffonts', [path])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        // name type… encoding emb sub uni object ID
        const [emb, sub, uni] = cols.slice(-5, -2);
        return {
          name: cols[0]!,
          type: line.includes('CID TrueType') ? 'CID TrueType' : cols[1]!,
          embedded: emb === 'yes',
          subset: sub === 'yes',
          unicode: uni === 'yes',
        };
      });
    return { text, pages, images, fonts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
