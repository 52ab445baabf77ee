import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf-reader';
import { PdfReport } from './pdf-document';

// The PDF engine's blocks (ADR 0021), read back with poppler: a table longer than a page repeats
// its header on every page it runs onto, photos are embedded once each, the running header and
// footer carry the report no, page x of y and the revision mark, the preview says it is one, and
// the one font is an embedded subset with a Unicode map.

const KEEP = process.env.QCDESK_KEEP_PDF;
const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: seed * 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

describe('PdfReport', () => {
  it('breaks a long table across pages with its header repeated, and numbers the pages', async () => {
    const pdf = await PdfReport.create({
      title: { zh: '测试报告', en: 'Test report' },
      reportNo: 'T2611280001',
      revision: 2,
      issuer: { zh: '检验公司', en: 'Inspection Co.' },
      madeAt: '2026-11-28 10:00',
    });
    pdf.title({ zh: '测试报告', en: 'Test report' });
    pdf.grid([
      { label: { zh: '客户', en: 'Client' }, value: 'ACME' },
      { label: { zh: '工厂', en: 'Factory' }, value: '宁波工厂' },
    ]);
    pdf.heading({ zh: '缺陷明细', en: 'Defects' });
    pdf.table(
      [
        { label: { zh: '缺陷', en: 'Defect' }, width: 4 },
        { label: { zh: '数量', en: 'Qty' }, width: 1, align: 'right' },
      ],
      Array.from({ length: 150 }, (_, i) => [`划痕 Scratch ${i + 1}`, String(i + 1)]),
    );
    pdf.heading({ zh: '照片', en: 'Photos' });
    pdf.photoGrid(
      await Promise.all([1, 2, 3].map(async (i) => ({ image: await photo(i), caption: `照片 Photo ${i}` }))),
    );
    pdf.signatures([{ role: { zh: '验货员', en: 'Inspector' }, name: '张三 Zhang San', at: '2026-11-28' }]);
    const made = await pdf.finish();
    const read = readPdf(made.buffer, KEEP ? `${KEEP}/engine.pdf` : undefined);
    expect(read.pages).toBe(made.pages);
    expect(made.pages).toBeGreaterThanOrEqual(4);
    // The table runs over at least three pages; its header (数量 / Qty: only the header says it) is on each.
    const tablePages = read.text.split('\f').filter((page) => /Scratch \d+/.test(page));
    expect(tablePages.length).toBeGreaterThanOrEqual(3);
    for (const page of tablePages) {
      expect(page).toContain('数量');
      expect(page).toContain('Qty');
    }
    for (let i = 1; i <= 150; i++) expect(read.text).toContain(`Scratch ${i}\n`);
    for (let p = 1; p <= made.pages; p++)
      expect(read.text).toContain(`第 ${p} 页，共 ${made.pages} 页 · Page ${p} of ${made.pages}`);
    expect(read.text).toContain('修订版 Revised · Rev. 2 T2611280001');
    expect(read.images).toBe(3);
    expect(read.fonts.every((f) => f.type === 'CID TrueType' && f.embedded && f.subset && f.unicode)).toBe(
      true,
    );
  });

  it('marks a preview on every page', async () => {
    const pdf = await PdfReport.create({
      title: { zh: '测试报告', en: 'Test report' },
      reportNo: 'T1',
      revision: 0,
      watermark: '预览 PREVIEW',
      issuer: { zh: '检验公司', en: 'Inspection Co.' },
      madeAt: '2026-11-28 10:00',
    });
    pdf.paragraph('正文 Body');
    pdf.newPage();
    pdf.paragraph('第二页 Second page');
    const made = await pdf.finish();
    const text = readPdf(made.buffer).text;
    expect(text.match(/预览 PREVIEW · 非正式报告 Not the issued report/g)).toHaveLength(2);
    expect(text).not.toContain('修订版');
  });
});
