import type { Language } from '@qcdesk/contract';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './lazy-packages';
import { cellValue, type ExportColumn } from './list-export';
import { quoteSheetText } from './spreadsheet-text';

// The workbook of a list export, written with exceljs's streaming writer: each row goes to the
// file as it is added, so memory stays flat however many rows the export has.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's limit on a sheet name, and the characters it refuses there. */
const SHEET_NAME_MAX = 31;
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, SHEET_NAME_MAX) || 'Sheet1';

export interface ExportWorkbook<Row> {
  /** Where the file is written (a temporary path of the files runtime). */
  path: string;
  title: string;
  lang: Language;
  columns: readonly ExportColumn<Row>[];
  /** The rows, a batch at a time. */
  batches: AsyncIterable<readonly Row[]>;
  /** After each batch, with the rows written so far (the job's progress). */
  onBatch?: (written: number) => Promise<void>;
}

/** Writes one sheet: a bold, frozen header row in `lang`, then every row. Answers the rows written. */
export async function writeExportWorkbook<Row>(book: ExportWorkbook<Row>): Promise<number> {
  const excel = await loadExcelJS();
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    filename: book.path,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'QCDesk';
  const sheet = workbook.addWorksheet(sheetName(book.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = book.columns.map((c) => ({
    header: quoteSheetText(c.label[book.lang]),
    key: c.key,
    width: c.width ?? 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  for await (const batch of book.batches) {
    for (const row of batch) {
      sheet.addRow(book.columns.map((c) => cellValue(c.value(row, book.lang)))).commit();
    }
    written += batch.length;
    await book.onBatch?.(written);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
