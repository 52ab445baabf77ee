import type { Readable } from 'node:stream';
import { enumerations } from '@qcdesk/contract/enumerations';
import {
  ORDER_FEED_COLUMNS,
  ORDER_FEED_LABELS,
  ORDER_FEED_REQUIRED,
  type OrderFeedColumn,
} from '@qcdesk/contract/order';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../platform/lazy-packages';
import { quoteSheetText, sheetCells } from '../../platform/spreadsheet-text';
import { cellText, ownText, readXlsxRows } from '../../platform/xlsx-reader';
import type { FeedProblem } from './order-feed.rules';

// The order file (issue 14): row 1 holds the column keys (or their zh/en headers), row 2 may hold
// the headers, rows after them one product line each. Read as a stream (the first worksheet only),
// so a 50 MB file never sits in memory as a workbook.

/** What a header cell names: a column key, or its zh, en or "zh / en" header. */
function columnOf(text: string): OrderFeedColumn | undefined {
  const t = text.trim().toLowerCase();
  return ORDER_FEED_COLUMNS.find((c) => {
    const { zh, en } = ORDER_FEED_LABELS[c];
    return [c.toLowerCase(), zh.toLowerCase(), en.toLowerCase(), `${zh} / ${en}`.toLowerCase()].includes(t);
  });
}

/** The column keys of a header row by their 1-based column number (the annotated file's notes). */
export function orderFileColumns(header: ExcelJS.CellValue[]): Map<string, number> {
  const columns = new Map<string, number>();
  header.forEach((value, index) => {
    const column = index > 0 ? columnOf(cellText(value)) : undefined;
    if (column && !columns.has(column)) columns.set(column, index);
  });
  return columns;
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

/** An enumeration value as the template offers it, and the import reads it: "个 / pcs". */
export const enumChoice = (item: { zh: string; en: string }) => `${item.zh} / ${item.en}`;

/** A factory of the template's code sheet. */
export interface TemplateFactory {
  code: string;
  nameZh: string | null;
  nameEn: string | null;
}

const ENUM_COLUMNS = { quantityUnit: 'QuantityUnit', productType: 'ProductType' } as const;

/** Rows of the orders sheet the template's drop-downs cover. */
const TEMPLATE_ROWS = 5000;

/**
 * The template: keys in row 1, "zh / en" headers in row 2, one example line; units and product
 * types picked by name from drop-downs, factories from the code sheet (issue 25: the template had
 * bare numbers and no list of factories).
 */
export async function orderFileTemplate(
  example: Partial<Record<OrderFeedColumn, string | number>>,
  factories: readonly TemplateFactory[],
): Promise<Buffer> {
  const excel = await loadExcelJS();
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet('orders');
  const codes = workbook.addWorksheet('codes');
  sheet.addRow(sheetCells([...ORDER_FEED_COLUMNS]));
  sheet.addRow(
    sheetCells(ORDER_FEED_COLUMNS.map((c) => `${ORDER_FEED_LABELS[c].zh} / ${ORDER_FEED_LABELS[c].en}`)),
  );
  sheet.addRow(sheetCells(ORDER_FEED_COLUMNS.map((c) => example[c] ?? null)));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  // The code sheet: one list per column (header, then its values), referenced by the drop-downs.
  const lists: { column: OrderFeedColumn; title: string; values: string[]; names?: string[] }[] = [
    {
      column: 'factory',
      title: `${ORDER_FEED_LABELS.factory.zh} / ${ORDER_FEED_LABELS.factory.en}`,
      values: factories.map((f) => f.code),
      names: factories.map((f) => [f.nameZh, f.nameEn].filter(Boolean).join(' / ')),
    },
    ...Object.entries(ENUM_COLUMNS).map(([column, name]) => ({
      column: column as OrderFeedColumn,
      title: `${ORDER_FEED_LABELS[column as OrderFeedColumn].zh} / ${ORDER_FEED_LABELS[column as OrderFeedColumn].en}`,
      values: enumerations[name].map(enumChoice),
    })),
  ];
  let at = 1;
  for (const list of lists) {
    const letter = codes.getColumn(at).letter;
    codes.getCell(1, at).value = quoteSheetText(list.title);
    list.values.forEach((value, i) => {
      codes.getCell(i + 2, at).value = quoteSheetText(value);
      if (list.names) codes.getCell(i + 2, at + 1).value = quoteSheetText(list.names[i] ?? '');
    });
    codes.getColumn(at).width = 22;
    if (list.names) codes.getColumn(at + 1).width = 36;
    const target = sheet.getColumn(ORDER_FEED_COLUMNS.indexOf(list.column) + 1).letter;
    const last = Math.max(2, list.values.length + 1);
    validations(sheet).add(`${target}3:${target}${TEMPLATE_ROWS}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`codes!$${letter}$2:$${letter}$${last}`],
    });
    at += list.names ? 3 : 2;
  }
  codes.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** exceljs 4.4's data validations of a sheet (not in its type declarations). */
const validations = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } })
    .dataValidations;
