/// <reference path="./unzipper.d.ts" />
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Duplex, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import type { Entry } from 'unzipper';
import { AppError } from './errors';
import { loadExcelJS, loadSaxes, loadUnzipperParse } from './lazy-packages';
import { unquoteSheetText } from './spreadsheet-text';
import {
  CompressedCounter,
  PartGuard,
  XLSX_LIMITS,
  XlsxBudget,
  XlsxLimitError,
  type XlsxLimits,
  XlsxUnreadable,
} from './xlsx-guard';

// The one way the product reads an XLSX file (order import, master-data lists, and the lab-result
// import to come): the first worksheet's rows as a stream, within the hard limits of xlsx-guard.ts,
// checked while reading. exceljs's streaming WorkbookReader alone reads whatever a part unzips to
// (issue 23), so this drives its pieces itself: the zip's entries through a PartGuard each, the
// shared strings parsed here (counted as they grow), and exceljs's workbook, styles and worksheet
// readers for the rest (cell types, dates by their number format, formulas' results). A text cell
// comes without the apostrophe our writers put before a formula-like text (spreadsheet-text.ts).

export { XLSX_LIMITS, XlsxLimitError, type XlsxLimits, XlsxUnreadable } from './xlsx-guard';

/** One row of the sheet: its number and its values by column number (1-based, as exceljs's `row.values`). */
export interface XlsxRow {
  number: number;
  values: ExcelJS.CellValue[];
}

/** The internals of exceljs 4.4's WorkbookReader this module drives (lib/stream/xlsx/workbook-reader.js). */
interface Book {
  workbookRels?: unknown;
  model?: { sheets?: unknown[] };
  properties?: { model?: { date1904?: boolean } };
  sharedStrings?: string[];
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Iterable<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** The parts exceljs reads whole into models (bookPartBytes). */
const BOOK_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml'];

/**
 * A string of its own: the XML parser's texts are slices of its chunks, so a kept slice keeps its
 * chunk (an import holding its lines kept the whole sheet's XML: 391 MB of heap instead of 236 MB).
 */
export const ownText = (text: string): string =>
  text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');

/** A cell as text: dates as YYYY-MM-DD, formulas as their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * The rows of the file's first worksheet (the first in the archive), read as a stream. Throws
 * XlsxLimitError (E_XLSX_LIMIT) past a limit, XlsxUnreadable (E_FILE_CONTENT) on a file that is
 * not a workbook, and the input's own error when the input fails. A sheet stored before the shared
 * strings and styles (Excel's order) waits in a temporary file, within the part limit.
 */
export async function* readXlsxRows(
  input: Readable,
  overrides: Partial<XlsxLimits> = {},
): AsyncGenerator<XlsxRow> {
  const limits = { ...XLSX_LIMITS, ...overrides };
  const budget = new XlsxBudget(limits);
  let inputError: unknown;
  let zip: Duplex | undefined;
  input.on('error', (error) => {
    inputError = error;
    zip?.destroy(error);
  });
  // exceljs and unzipper load on the first file (issue 33); the input may fail meanwhile.
  const [excel, Parse] = await Promise.all([loadExcelJS(), loadUnzipperParse()]);
  if (inputError) {
    input.destroy();
    throw inputError;
  }
  const book = new excel.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  }) as unknown as Book;
  const counter = new CompressedCounter(budget);
  zip = Parse({ forceStream: true });
  let zipError: Error | undefined;
  let current: PartGuard | undefined;
  // A zip or inflate error ends the part being read (unzipper reports it on the archive's stream,
  // maybe before the entry it cut short reaches the loop below).
  zip.on('error', (error) => {
    zipError ??= error;
    current?.destroy(error);
  });
  input.pipe(counter).pipe(zip);
  let spill: { dir: string; path: string; sheetNo: string } | undefined;
  let stylesRead = false;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      const limit = BOOK_PARTS.includes(entry.path) ? 'bookPartBytes' : 'partBytes';
      budget.declared(entry.vars.uncompressedSize, limit);
      if (entry.vars.compressionMethod !== 0 && entry.vars.compressionMethod !== 8)
        throw new XlsxUnreadable('compression method');
      const part = new PartGuard(budget, limit);
      part.on('error', () => {}); // its readers see it; none may be left listening
      current = part;
      if (zipError) part.destroy(zipError);
      entry.pipe(part);
      const sheetNo = SHEET.exec(entry.path)?.[1];
      if (entry.path === 'xl/_rels/workbook.xml.rels') await book._parseRels(part);
      else if (entry.path === 'xl/workbook.xml') await book._parseWorkbook(part);
      else if (entry.path === 'xl/styles.xml') {
        await book._parseStyles(part);
        stylesRead = true;
      } else if (entry.path === 'xl/sharedStrings.xml')
        book.sharedStrings = await sharedStrings(part, limits);
      else if (sheetNo === undefined || spill) await pipeline(part, sink());
      else if (book.workbookRels && book.model && book.sharedStrings && stylesRead) {
        // Everything the sheet's cells refer to is known: read it now, and nothing after it.
        yield* sheetRows(book, part, sheetNo, limits);
        return;
      } else {
        const dir = await mkdtemp(join(tmpdir(), 'qcdesk-xlsx-'));
        spill = { dir, path: join(dir, 'sheet.xml'), sheetNo };
        await pipeline(part, createWriteStream(spill.path));
      }
      current = undefined;
    }
    if (!spill) throw new XlsxUnreadable('no worksheet');
    yield* sheetRows(book, createReadStream(spill.path, { encoding: 'utf8' }), spill.sheetNo, limits);
  } catch (error) {
    if (inputError) throw inputError;
    if (error instanceof AppError) throw error;
    throw new XlsxUnreadable(error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    current?.destroy();
    input.unpipe(counter);
    input.destroy();
    counter.destroy();
    zip.destroy();
    if (spill) await rm(spill.dir, { recursive: true, force: true });
  }
}

/**
 * Whether a number format shows a date or a time (exceljs's own test, which it applies to plain
 * number cells but not to formulas' results: `=TODAY()+30` came as 46467).
 */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** An Excel serial day as a date (UTC), in the 1900 or the 1904 date system. */
const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** A value's text length, for the cell limit (a formula's by its result). */
function textLength(value: ExcelJS.CellValue): number {
  if (typeof value === 'string') return value.length;
  if (value && typeof value === 'object' && 'result' in value && typeof value.result === 'string')
    return value.result.length;
  return 0;
}

async function* sheetRows(
  book: Book,
  text: AsyncIterable<string>,
  sheetNo: string,
  limits: XlsxLimits,
): AsyncGenerator<XlsxRow> {
  book.model ??= {};
  book.properties ??= {};
  const date1904 = Boolean(book.properties.model?.date1904);
  const [emitted] = [...book._parseWorksheet(text, sheetNo)];
  if (!emitted) return;
  let rows = 0;
  for await (const row of emitted.value) {
    if (++rows > limits.rows) throw new XlsxLimitError('rows', limits);
    if (row.cellCount > limits.columns) throw new XlsxLimitError('columns', limits);
    const values = row.values as ExcelJS.CellValue[];
    values.forEach((value, column) => {
      if (textLength(value) > limits.cellChars) throw new XlsxLimitError('cellChars', limits);
      // The apostrophe our writers put before a formula-like text (ADR 0024) comes off again.
      if (typeof value === 'string') values[column] = unquoteSheetText(value);
      if (value && typeof value === 'object' && 'formula' in value && typeof value.result === 'number') {
        if (isDateFormat(row.getCell(column).numFmt))
          values[column] = { ...value, result: excelDate(value.result, date1904) };
      }
    });
    yield { number: row.number, values };
  }
}

/**
 * The shared-string table (`<si>` entries: a `<t>`, or rich-text runs `<r><t>`; phonetic `<rPh>`
 * runs left out), each entry and the whole table counted as it grows.
 */
async function sharedStrings(text: AsyncIterable<string>, limits: XlsxLimits): Promise<string[]> {
  const strings: string[] = [];
  const SaxesParser = await loadSaxes();
  const parser = new SaxesParser();
  let entry: string | undefined;
  let inText = false;
  let phonetic = false;
  let chars = 0;
  parser.on('opentag', (tag) => {
    if (tag.name === 'si') entry = '';
    else if (tag.name === 't') inText = true;
    else if (tag.name === 'rPh') phonetic = true;
  });
  parser.on('text', (value) => {
    if (entry === undefined || !inText || phonetic) return;
    entry += value;
    chars += value.length;
    if (entry.length > limits.cellChars) throw new XlsxLimitError('cellChars', limits);
    if (chars > limits.textChars) throw new XlsxLimitError('textChars', limits);
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 't') inText = false;
    else if (tag.name === 'rPh') phonetic = false;
    else if (tag.name === 'si' && entry !== undefined) {
      if (strings.length >= limits.texts) throw new XlsxLimitError('texts', limits);
      strings.push(ownText(entry));
      entry = undefined;
    }
  });
  for await (const chunk of text) parser.write(chunk);
  parser.close();
  return strings;
}
