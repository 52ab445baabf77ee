import { type Readable, Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './lazy-packages';
import { quoteSheetText, sheetCell } from './spreadsheet-text';
import { readXlsxRows } from './xlsx-reader';

// A refused import's file as the user uploaded it, annotated (issue 25): every row of its first
// sheet, its cells with an error carrying a note, and a last column listing the row's errors in
// both languages. The user fixes the rows in it and imports it again: the readers ignore the
// errors column (its header names none of theirs). Written with exceljs's streaming writer, so
// memory holds the zipped output, not a workbook.

/** One row error to show: its row, the column key, and its texts. */
export interface RowError {
  row: number;
  column: string;
  zh: string;
  en: string;
}

export interface AnnotateOptions {
  /** The column key a sheet column holds, by its 1-based number (from the file's header row). */
  columnKeys: (header: ExcelJS.CellValue[]) => Map<string, number>;
  /** The errors column's header. */
  title: string;
  /** A line for the header's note when not every error was kept ("1,000 of 1,532 errors"). */
  note?: string;
}

/** A value the writer writes back: dates as dates, formulas and rich text as their text. */
function plain(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value instanceof Date) return value ?? null;
  if (typeof value !== 'object') return value;
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  return null;
}

const lineOf = (e: RowError) => `${e.column}: ${e.zh} / ${e.en}`;

/** The annotated copy of an XLSX `input` (read within the reader's limits) as a buffer. */
export async function annotatedXlsx(
  input: Readable,
  errors: readonly RowError[],
  options: AnnotateOptions,
): Promise<Buffer> {
  const byRow = new Map<number, RowError[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk as Buffer);
      done();
    },
  });
  const excel = await loadExcelJS();
  const book = new excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('errors');
  let columns = new Map<string, number>();
  let errorColumn = 1;
  let first = true;
  for await (const source of readXlsxRows(input)) {
    const values = source.values.map(plain);
    const header = first;
    if (first) {
      columns = options.columnKeys(values);
      errorColumn = Math.max(values.length, 1);
      sheet.getColumn(errorColumn).width = 60;
      first = false;
    }
    const row = sheet.getRow(source.number);
    values.forEach((value, column) => {
      if (column > 0 && value !== null && value !== undefined) row.getCell(column).value = sheetCell(value);
    });
    const rowErrors = byRow.get(source.number) ?? [];
    if (header || rowErrors.length > 0) {
      const cell = row.getCell(errorColumn);
      cell.value = quoteSheetText([...(header ? [options.title] : []), ...rowErrors.map(lineOf)].join('\n'));
      cell.font = { bold: header, color: { argb: 'FFC00000' } };
      if (header && options.note) cell.note = options.note;
      for (const e of rowErrors) {
        const at = columns.get(e.column);
        if (!at || at === errorColumn) continue;
        const target = row.getCell(at);
        target.note = `${e.zh}\n${e.en}`;
        target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE0E0' } };
      }
    }
    row.commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
