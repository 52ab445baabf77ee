import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../lazy-packages';
import { pdfFont } from './pdf-fonts';

// The PDF engine (ADR 0021): pdfkit with the embedded CJK font, and the building blocks every
// client-ready report uses — a bilingual label/value grid, tables that break across pages with their
// header repeated, photo grids with captions, a signature block, a large verdict, and the running
// header and footer (report no, page x of y, revision mark, an optional watermark) drawn on every
// page once the body is laid out. Every label is Chinese and English side by side. No report type
// lives here: the inspection report (and later the loading report) compose these blocks.

/** A label in both languages. */
export interface Bilingual {
  readonly zh: string;
  readonly en: string;
}

export interface PdfMeta {
  /** The document's title (PDF info, and the header's left). */
  title: Bilingual;
  /** The report no in the header and the footer. */
  reportNo: string;
  /** Revision > 0 prints a revision mark ("修订版 / Revised", rev. n) in the header. */
  revision: number;
  /** A diagonal text on every page (the preview's "预览 PREVIEW"); none on the final PDF. */
  watermark?: string | undefined;
  /** The company line at the header's right. */
  issuer: Bilingual;
  /** When the PDF was made (footer), already formatted. */
  madeAt: string;
}

export interface GridRow {
  label: Bilingual;
  value: string;
}

export interface TableColumn {
  label: Bilingual;
  /** A share of the content width; the shares are scaled to fill it. */
  width: number;
  align?: 'left' | 'center' | 'right';
}

export interface PdfPhoto {
  image: Buffer;
  caption: string;
}

export interface Signer {
  role: Bilingual;
  name: string;
  /** The signature image; without it the typed name and the time are printed. */
  image?: Buffer | null | undefined;
  at?: string | undefined;
}

export interface MadePdf {
  buffer: Buffer;
  pages: number;
}

const PAGE = { size: 'A4' as const, margins: { top: 64, bottom: 54, left: 42, right: 42 } };
const INK = '#1f2328';
const MUTED = '#57606a';
const RULE = '#d0d7de';
const HEAD_FILL = '#eef2f6';
const FONT_SIZE = 9;

export const both = (t: Bilingual, sep = ' ') => `${t.zh}${sep}${t.en}`;

export class PdfReport {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  /** A new report, its first page open (pdfkit loads with the first PDF: issue 33). */
  static async create(meta: PdfMeta): Promise<PdfReport> {
    return new PdfReport(meta, await loadPdfKit());
  }

  private constructor(
    private readonly meta: PdfMeta,
    Document: typeof PDFDocument,
  ) {
    this.doc = new Document({
      size: PAGE.size,
      margins: PAGE.margins,
      bufferPages: true,
      autoFirstPage: false,
      compress: true,
      info: { Title: `${both(meta.title)} ${meta.reportNo}`, Creator: 'QCDesk', Producer: 'QCDesk (pdfkit)' },
      lang: 'zh-CN',
      displayTitle: true,
    });
    this.doc.registerFont('regular', pdfFont('regular'));
    this.doc.registerFont('bold', pdfFont('bold'));
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.newPage();
  }

  // -------------------------------------------------------------------------------------------
  // Geometry
  // -------------------------------------------------------------------------------------------

  get left(): number {
    return PAGE.margins.left;
  }

  get width(): number {
    return this.doc.page.width - PAGE.margins.left - PAGE.margins.right;
  }

  private get bottom(): number {
    return this.doc.page.height - PAGE.margins.bottom;
  }

  get y(): number {
    return this.doc.y;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.font('regular').fontSize(FONT_SIZE).fillColor(INK);
    this.doc.x = this.left;
    this.doc.y = PAGE.margins.top;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  space(points = 8): void {
    this.doc.y += points;
  }

  private textHeight(text: string, width: number, font = 'regular', size = FONT_SIZE): number {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(text || ' ', { width });
  }

  private put(
    text: string,
    x: number,
    y: number,
    options: { width: number; font?: string; size?: number; color?: string; align?: TableColumn['align'] },
  ): void {
    this.doc
      .font(options.font ?? 'regular')
      .fontSize(options.size ?? FONT_SIZE)
      .fillColor(options.color ?? INK)
      .text(text, x, y, { width: options.width, align: options.align ?? 'left', lineBreak: true });
  }

  // -------------------------------------------------------------------------------------------
  // Blocks
  // -------------------------------------------------------------------------------------------

  /** A document title, large, both languages. */
  title(t: Bilingual, sub?: string): void {
    this.put(t.zh, this.left, this.doc.y, { width: this.width, font: 'bold', size: 20, align: 'center' });
    this.put(t.en, this.left, this.doc.y, { width: this.width, font: 'bold', size: 14, align: 'center' });
    if (sub) this.put(sub, this.left, this.doc.y + 2, { width: this.width, size: 11, align: 'center' });
    this.space(10);
  }

  /** A section heading: "中文 English" on a rule, kept with at least `keep` points of what follows. */
  heading(t: Bilingual, keep = 60): void {
    this.ensure(24 + keep);
    this.space(6);
    const y = this.doc.y;
    this.put(t.zh, this.left, y, { width: this.width, font: 'bold', size: 12 });
    const zhWidth = this.doc.font('bold').fontSize(12).widthOfString(t.zh);
    this.put(t.en, this.left + zhWidth + 8, y + 2, {
      width: this.width - zhWidth - 8,
      size: 10,
      color: MUTED,
    });
    this.doc.y = y + 18;
    this.doc
      .moveTo(this.left, this.doc.y)
      .lineTo(this.left + this.width, this.doc.y)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    this.space(6);
  }

  /** A paragraph of plain text. */
  paragraph(text: string, options: { color?: string; size?: number } = {}): void {
    const h = this.textHeight(text, this.width, 'regular', options.size);
    this.ensure(Math.min(h, 200));
    this.put(text, this.left, this.doc.y, { width: this.width, ...options });
    this.space(4);
  }

  /**
   * Label/value pairs in `columns` columns: each label in Chinese above its English, the value
   * beside them. Rows that do not fit move to the next page whole.
   */
  grid(rows: readonly GridRow[], columns = 2): void {
    const gap = 10;
    const cell = (this.width - gap * (columns - 1)) / columns;
    const labelW = Math.min(110, cell * 0.42);
    const valueW = cell - labelW - 4;
    for (let i = 0; i < rows.length; i += columns) {
      const line = rows.slice(i, i + columns);
      const h =
        Math.max(
          ...line.map((r) =>
            Math.max(
              this.textHeight(r.label.zh, labelW, 'bold', 8) +
                this.textHeight(r.label.en, labelW, 'regular', 7),
              this.textHeight(r.value, valueW),
            ),
          ),
        ) + 6;
      this.ensure(h);
      const y = this.doc.y;
      line.forEach((r, c) => {
        const x = this.left + c * (cell + gap);
        this.put(r.label.zh, x, y + 3, { width: labelW, font: 'bold', size: 8, color: MUTED });
        this.put(r.label.en, x, this.doc.y, { width: labelW, size: 7, color: MUTED });
        this.put(r.value || '—', x + labelW + 4, y + 3, { width: valueW });
      });
      this.doc
        .moveTo(this.left, y + h)
        .lineTo(this.left + this.width, y + h)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      this.doc.y = y + h;
    }
    this.space(6);
  }

  /**
   * A table: the header (Chinese over English) repeated on every page the rows run onto; a row
   * never splits (a row taller than a page is cut at the page's end).
   */
  table(columns: readonly TableColumn[], rows: readonly (readonly string[])[]): void {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const pad = 3;
    const header = () => {
      const h =
        Math.max(
          ...columns.map(
            (c, i) =>
              this.textHeight(c.label.zh, widths[i]! - pad * 2, 'bold', 8) +
              this.textHeight(c.label.en, widths[i]! - pad * 2, 'regular', 7),
          ),
        ) +
        pad * 2;
      const y = this.doc.y;
      this.doc.rect(this.left, y, this.width, h).fill(HEAD_FILL);
      let x = this.left;
      columns.forEach((c, i) => {
        const w = widths[i]! - pad * 2;
        this.put(c.label.zh, x + pad, y + pad, { width: w, font: 'bold', size: 8, align: c.align });
        this.put(c.label.en, x + pad, this.doc.y, { width: w, size: 7, color: MUTED, align: c.align });
        x += widths[i]!;
      });
      this.doc.y = y + h;
    };
    this.ensure(48);
    header();
    for (const row of rows) {
      const h = Math.max(...row.map((v, i) => this.textHeight(v, widths[i]! - pad * 2))) + pad * 2;
      if (this.doc.y + h > this.bottom) {
        this.newPage();
        header();
      }
      const y = this.doc.y;
      let x = this.left;
      row.forEach((v, i) => {
        this.put(v, x + pad, y + pad, { width: widths[i]! - pad * 2, align: columns[i]?.align });
        x += widths[i]!;
      });
      const end = Math.min(y + h, this.bottom);
      this.doc
        .moveTo(this.left, end)
        .lineTo(this.left + this.width, end)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      this.doc.y = end;
    }
    if (rows.length === 0) {
      this.put('—', this.left + pad, this.doc.y + pad, { width: this.width, color: MUTED });
    }
    this.space(8);
  }

  /** Photos `perRow` to a row, each fitted in a 4:3 box with its caption under it. */
  photoGrid(photos: readonly PdfPhoto[], perRow = 2): void {
    const gap = 10;
    const w = (this.width - gap * (perRow - 1)) / perRow;
    const boxH = w * 0.75;
    for (let i = 0; i < photos.length; i += perRow) {
      const line = photos.slice(i, i + perRow);
      const captionH = Math.max(...line.map((p) => this.textHeight(p.caption, w, 'regular', 8)));
      this.ensure(boxH + captionH + 10);
      const y = this.doc.y;
      line.forEach((p, c) => {
        const x = this.left + c * (w + gap);
        this.doc.rect(x, y, w, boxH).lineWidth(0.4).strokeColor(RULE).stroke();
        try {
          this.doc.image(p.image, x + 2, y + 2, {
            fit: [w - 4, boxH - 4],
            align: 'center',
            valign: 'center',
          });
        } catch {
          this.put('(image unreadable / 图片无法读取)', x, y + boxH / 2, {
            width: w,
            align: 'center',
            color: MUTED,
          });
        }
        this.put(p.caption, x, y + boxH + 3, { width: w, size: 8, color: MUTED, align: 'center' });
      });
      this.doc.y = y + boxH + captionH + 10;
    }
  }

  /** The signers side by side: role (both languages), the signature image or the typed name and time. */
  signatures(signers: readonly Signer[]): void {
    if (signers.length === 0) return;
    const perRow = Math.min(3, signers.length);
    const gap = 14;
    const w = (this.width - gap * (perRow - 1)) / perRow;
    for (let i = 0; i < signers.length; i += perRow) {
      const line = signers.slice(i, i + perRow);
      this.ensure(110);
      const y = this.doc.y;
      line.forEach((s, c) => {
        const x = this.left + c * (w + gap);
        this.put(s.role.zh, x, y, { width: w, font: 'bold', size: 8, color: MUTED });
        this.put(s.role.en, x, this.doc.y, { width: w, size: 7, color: MUTED });
        const top = y + 24;
        let drawn = false;
        if (s.image) {
          try {
            this.doc.image(s.image, x, top, { fit: [w, 44], valign: 'bottom' });
            drawn = true;
          } catch {
            drawn = false;
          }
        }
        if (!drawn) this.put(s.name, x, top + 22, { width: w, font: 'bold', size: 12 });
        this.doc
          .moveTo(x, top + 48)
          .lineTo(x + w, top + 48)
          .lineWidth(0.6)
          .strokeColor(INK)
          .stroke();
        this.put(`${s.name}${s.at ? `  ${s.at}` : ''}`, x, top + 51, { width: w, size: 8 });
      });
      this.doc.y = y + 96;
    }
  }

  /** The verdict in large type, framed, with its label in both languages. */
  verdict(label: Bilingual, value: Bilingual, color: string): void {
    this.ensure(90);
    const y = this.doc.y;
    const h = 78;
    this.doc.rect(this.left, y, this.width, h).lineWidth(2).strokeColor(color).stroke();
    this.put(both(label, ' / '), this.left, y + 8, {
      width: this.width,
      size: 10,
      color: MUTED,
      align: 'center',
    });
    this.put(value.zh, this.left, y + 22, {
      width: this.width,
      font: 'bold',
      size: 26,
      color,
      align: 'center',
    });
    this.put(value.en, this.left, y + 56, {
      width: this.width,
      font: 'bold',
      size: 14,
      color,
      align: 'center',
    });
    this.doc.y = y + h + 10;
  }

  // -------------------------------------------------------------------------------------------
  // Running header and footer, then the bytes
  // -------------------------------------------------------------------------------------------

  private decorate(): number {
    const { meta, doc } = this;
    const range = doc.bufferedPageRange();
    const pages = range.count;
    for (let i = 0; i < pages; i++) {
      doc.switchToPage(range.start + i);
      // Writing in the margins must not start pages of its own.
      const margins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
      const w = this.width;
      const top = 24;
      this.put(both(meta.title), this.left, top, { width: w / 2, font: 'bold', size: 9 });
      this.put(both(meta.issuer, ' · '), this.left + w / 2, top, {
        width: w / 2,
        size: 8,
        color: MUTED,
        align: 'right',
      });
      const mark =
        meta.revision > 0 ? `修订版 Revised · Rev. ${meta.revision}   ${meta.reportNo}` : `${meta.reportNo}`;
      this.put(mark, this.left + w / 2, top + 12, {
        width: w / 2,
        font: 'bold',
        size: 9,
        color: meta.revision > 0 ? '#b42318' : INK,
        align: 'right',
      });
      doc
        .moveTo(this.left, top + 26)
        .lineTo(this.left + w, top + 26)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();
      const foot = doc.page.height - 38;
      doc
        .moveTo(this.left, foot - 4)
        .lineTo(this.left + w, foot - 4)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();
      this.put(`${meta.reportNo} · ${meta.madeAt}`, this.left, foot, { width: w / 2, size: 8, color: MUTED });
      this.put(`第 ${i + 1} 页，共 ${pages} 页 · Page ${i + 1} of ${pages}`, this.left + w / 2, foot, {
        width: w / 2,
        size: 8,
        color: MUTED,
        align: 'right',
      });
      if (meta.watermark) {
        // Said in plain text too: the diagonal mark is for the eye, this line for search and copy.
        this.put(`${meta.watermark} · 非正式报告 Not the issued report`, this.left, foot + 11, {
          width: w,
          size: 7,
          color: '#b42318',
          align: 'center',
        });
        doc.save();
        doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
        doc.fillOpacity(0.12);
        this.put(meta.watermark, 0, doc.page.height / 2 - 40, {
          width: doc.page.width,
          font: 'bold',
          size: 64,
          color: '#b42318',
          align: 'center',
        });
        doc.restore();
      }
      doc.page.margins = margins;
    }
    return pages;
  }

  /** Draws the running header and footer on every page and ends the document. */
  async finish(): Promise<MadePdf> {
    const pages = this.decorate();
    this.doc.end();
    return { buffer: await this.done, pages };
  }
}
