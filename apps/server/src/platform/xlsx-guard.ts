import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from './errors';

// The hard limits of reading an XLSX file (issue 23: a 266 KB file whose sheet unzipped to 256 MB
// of whitespace, and a 68 KB one holding a 64 M-character shared string, ran the server out of
// memory). They are checked while the zip's parts are inflated and parsed, never after: a part is
// refused at the byte that passes its limit, before the text is materialised.

export interface XlsxLimits {
  /** Bytes one part of the workbook (a sheet, the shared strings, the styles…) may unzip to. */
  partBytes: number;
  /**
   * Bytes the workbook's own parts (workbook.xml, its relationships, the styles), read whole into
   * models, may unzip to.
   */
  bookPartBytes: number;
  /** Bytes the whole workbook may unzip to. */
  totalBytes: number;
  /**
   * Unzipped bytes per byte of the file read so far, once past RATIO_GRACE: Apache POI's zip-bomb
   * rule (ZipSecureFile, 1:100). Spreadsheet XML deflates 3–20 times; a bomb ~1,000 times.
   */
  ratio: number;
  /** Characters of one cell: Excel's own limit (32,767). */
  cellChars: number;
  /** Characters of the shared-string table, all its texts together (it is held while a sheet is read). */
  textChars: number;
  /** Entries of the shared-string table. */
  texts: number;
  /** Rows of the sheet read. */
  rows: number;
  /** Columns of one row. */
  columns: number;
}

const MB = 1024 * 1024;

/**
 * The product's limits. A 50 MB upload (upload.maxDocMB) of real text, 145,000 order lines, unzips
 * to a ~200 MB sheet and ~45 M characters of text (bench/src/order-import.bench.ts).
 */
export const XLSX_LIMITS: XlsxLimits = {
  partBytes: 256 * MB,
  bookPartBytes: 16 * MB,
  totalBytes: 512 * MB,
  ratio: 100,
  cellChars: 32_767,
  textChars: 64_000_000,
  texts: 4_000_000,
  rows: 250_000,
  columns: 256,
};

/** Inflated bytes allowed before the ratio is looked at: small files may compress well. */
export const RATIO_GRACE = 16 * MB;

type LimitName = keyof XlsxLimits;

/** The field label (messages.ts) naming each limit in E_XLSX_LIMIT, and how its value is shown. */
const LIMIT_LABELS: Record<LimitName, { field: string; shown: (n: number) => number }> = {
  partBytes: { field: 'xlsxPartMB', shown: (n) => Math.floor(n / MB) },
  bookPartBytes: { field: 'xlsxBookPartMB', shown: (n) => Math.floor(n / MB) },
  totalBytes: { field: 'xlsxTotalMB', shown: (n) => Math.floor(n / MB) },
  ratio: { field: 'xlsxRatio', shown: (n) => n },
  cellChars: { field: 'xlsxCellChars', shown: (n) => n },
  textChars: { field: 'xlsxTextChars', shown: (n) => n },
  texts: { field: 'xlsxTexts', shown: (n) => n },
  rows: { field: 'xlsxRows', shown: (n) => n },
  columns: { field: 'xlsxColumns', shown: (n) => n },
};

/** A workbook past one of its limits: E_XLSX_LIMIT naming the limit and its value. */
export class XlsxLimitError extends AppError {
  constructor(
    readonly limit: LimitName,
    limits: XlsxLimits,
  ) {
    const { field, shown } = LIMIT_LABELS[limit];
    super('E_XLSX_LIMIT', { field, max: shown(limits[limit]) });
  }
}

/** A file that is not a workbook this reader takes: E_FILE_CONTENT. */
export class XlsxUnreadable extends AppError {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super('E_FILE_CONTENT');
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Bytes read from the file and inflated from it, across all its parts. */
export class XlsxBudget {
  compressed = 0;
  inflated = 0;

  constructor(readonly limits: XlsxLimits) {}

  /** `n` more bytes inflated of a part now at `partBytes`, within its `limit`. */
  inflate(partBytes: number, n: number, limit: 'partBytes' | 'bookPartBytes' = 'partBytes'): void {
    this.inflated += n;
    const { limits } = this;
    if (partBytes > limits[limit]) throw new XlsxLimitError(limit, limits);
    if (this.inflated > limits.totalBytes) throw new XlsxLimitError('totalBytes', limits);
    if (this.inflated > RATIO_GRACE && this.inflated > limits.ratio * Math.max(1, this.compressed))
      throw new XlsxLimitError('ratio', limits);
  }

  /** A part's declared size (its local header): refused before a byte of it is inflated. */
  declared(size: number, limit: 'partBytes' | 'bookPartBytes' = 'partBytes'): void {
    // 0xFFFFFFFF: a ZIP64 entry, 4 GB or more.
    if (size > this.limits[limit] || size === 0xffffffff) throw new XlsxLimitError(limit, this.limits);
  }
}

/** Counts the file's bytes as the zip reader takes them (the ratio's denominator). */
export class CompressedCounter extends Transform {
  constructor(private readonly budget: XlsxBudget) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.budget.compressed += chunk.length;
    done(null, chunk);
  }
}

const LT = 0x3c; // <
const BANG = 0x21; // !
const QUESTION = 0x3f; // ?

/**
 * One inflated part on its way to the XML parser: counts its bytes against the budget, decodes it
 * as UTF-8 across chunk boundaries (it emits strings), and bounds the text the parser would gather
 * into one string. Every `<` in well-formed XML starts markup, so the bytes between two `<` bound a
 * text node and a tag alike; a run longer than a cell can be (escaped: ≤ 8 bytes a character) is
 * refused as the cell limit. A DOCTYPE, comment or CDATA section (`<!`), whose text the parser
 * gathers across `<`, and a processing instruction other than the XML declaration (`<?`) are refused
 * as unreadable: no spreadsheet program writes them, and a DOCTYPE is the entity-expansion vector.
 */
export class PartGuard extends Transform {
  private bytes = 0;
  private run = 0;
  /** The last byte of the previous chunk. */
  private before = 0;
  private readonly maxRun: number;

  constructor(
    private readonly budget: XlsxBudget,
    private readonly limit: 'partBytes' | 'bookPartBytes' = 'partBytes',
  ) {
    super({ encoding: 'utf8' });
    this.maxRun = 8 * budget.limits.cellChars;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      const start = this.bytes;
      this.bytes += chunk.length;
      this.budget.inflate(this.bytes, chunk.length, this.limit);
      this.scan(chunk, start);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, chunk);
  }

  private scan(chunk: Buffer, start: number): void {
    const { length } = chunk;
    if (length === 0) return;
    // Single-byte native searches: `!` and `?` are rare, `<` dense (a byte loop, or a two-byte
    // needle, costs ~10 times more on `<x/><x/>…`).
    this.markup(chunk, BANG, start);
    this.markup(chunk, QUESTION, start);
    this.before = chunk[length - 1]!;
    const first = chunk.indexOf(LT);
    if (first === -1 || this.run + first > this.maxRun || length > this.maxRun) {
      this.runs(chunk, first);
      return;
    }
    // Between the first and the last `<` of a chunk shorter than a run, no run can pass its limit.
    this.run = length - chunk.lastIndexOf(LT) - 1;
  }

  /** The runs of a chunk one by one (a chunk without `<`, or one past the limit). */
  private runs(chunk: Buffer, first: number): void {
    let from = 0;
    for (let at = first; at !== -1; at = chunk.indexOf(LT, from)) {
      if (this.run + at - from > this.maxRun) break;
      this.run = 0;
      from = at + 1;
    }
    this.run += chunk.length - from;
    if (this.run > this.maxRun) throw new XlsxLimitError('cellChars', this.budget.limits);
  }

  /** Refuses `<!`, and `<?` past the XML declaration that opens the part (after a byte-order mark at most). */
  private markup(chunk: Buffer, byte: number, start: number): void {
    for (let at = chunk.indexOf(byte); at !== -1; at = chunk.indexOf(byte, at + 1)) {
      if ((at === 0 ? this.before : chunk[at - 1]) !== LT) continue;
      if (byte === BANG) throw new XlsxUnreadable('DOCTYPE, comment or CDATA');
      if (start + at - 1 > 3) throw new XlsxUnreadable('processing instruction');
    }
  }
}
