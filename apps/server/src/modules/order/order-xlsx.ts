import type { Readable } from 'node:stream';
import {
  ORDER_FEED_COLUMNS,
  ORDER_FEED_LABELS,
  ORDER_FEED_REQUIRED,
  type OrderFeedColumn,
} from '@qcdesk/contract/order';
import ExcelJS from 'exceljs';
import { ownText, readXlsxRows } from '../../platform/xlsx-reader';
import type { FeedProblem } from './order-feed.rules';

// The order file (issue 14): row 1 holds the column keys (or their zh/en headers), row 2 may hold
// the headers, rows after them one product line each. Read as a stream (the first worksheet only),
// so a 50 MB file never sits in memory as a workbook.

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

/** What a header cell names: a column key, or its zh, en or "zh / en" header. */
function columnOf(text: string): OrderFeedColumn | undefined {
  const t = text.trim().toLowerCase();
  return ORDER_FEED_COLUMNS.find((c) => {
    const { zh, en } = ORDER_FEED_LABELS[c];
    return [c.toLowerCase(), zh.toLowerCase(), en.toLowerCase(), `${zh} / ${en}`.toLowerCase()].includes(t);
  });
}

const isHeaderRow = (cells: string[]) => cells.filter((c) => c && columnOf(c)).length >= 3;

/** One data row of the file: its row number and its cells by column. */
export interface FileRow {
  rowNumber: number;
  cells: Partial<Record<OrderFeedColumn, string>>;
}

export class OrderFileError extends Error {
  constructor(readonly problems: FeedProblem[]) {
    super('order file header');
  }
}

/**
 * The data rows of an order file, read as a stream within the reading limits of
 * platform/xlsx-reader.ts (E_XLSX_LIMIT; E_FILE_CONTENT for a file that is not XLSX). Refuses
 * (OrderFileError) a file whose first row names none of the columns, or lacks a required one.
 */
export async function* readOrderFile(input: Readable): AsyncGenerator<FileRow> {
  let columns: Map<number, OrderFeedColumn> | undefined;
  for await (const row of readXlsxRows(input)) {
    const values = row.values.map(cellText);
    if (!columns) {
      columns = headerColumns(values, row.number);
      continue;
    }
    if (isHeaderRow(values)) continue;
    const cells: FileRow['cells'] = {};
    let any = false;
    for (const [index, column] of columns) {
      const text = values[index] ?? '';
      if (text !== '') {
        cells[column] = ownText(text);
        any = true;
      }
    }
    if (any) yield { rowNumber: row.number, cells };
  }
  if (!columns) throw new OrderFileError([{ row: 1, column: 'orderNo', value: '', reason: 'E_REQUIRED' }]);
}

function headerColumns(values: string[], rowNumber: number): Map<number, OrderFeedColumn> {
  const columns = new Map<number, OrderFeedColumn>();
  values.forEach((text, index) => {
    const column = text ? columnOf(text) : undefined;
    if (column) columns.set(index, column);
  });
  const present = new Set(columns.values());
  const missing = ORDER_FEED_REQUIRED.filter((c) => !present.has(c));
  if (missing.length > 0) {
    throw new OrderFileError(
      missing.map((column) => ({ row: rowNumber, column, value: '', reason: 'E_REQUIRED' })),
    );
  }
  return columns;
}

/** The template: keys in row 1, "zh / en" headers in row 2, one example line. */
export async function orderFileTemplate(
  example: Partial<Record<OrderFeedColumn, string | number>>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('orders');
  sheet.addRow([...ORDER_FEED_COLUMNS]);
  sheet.addRow(ORDER_FEED_COLUMNS.map((c) => `${ORDER_FEED_LABELS[c].zh} / ${ORDER_FEED_LABELS[c].en}`));
  sheet.addRow(ORDER_FEED_COLUMNS.map((c) => example[c] ?? null));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
