/// <reference path="./unzipper.d.ts" />
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Entry, Parse } from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asXmlReadsIt, FORMULA_TEXTS } from '../../test/support/formula-texts';
import type { ExportColumn } from './list-export';
import { writeExportWorkbook } from './list-export-xlsx';
import { annotatedXlsx } from './xlsx-annotated';
import { readXlsxRows } from './xlsx-reader';

// Formula injection (issue 32, ADR 0024): every text cell of a list export (and of an import's
// annotated error workbook) that a spreadsheet would evaluate is written as a string with a leading
// apostrophe, never as a formula; our reader gives the typed text back; numbers stay numbers.

interface Line {
  id: number;
  text: string;
  amount: number;
}

const columns: ExportColumn<Line>[] = [
  { key: 'id', label: { zh: '编号', en: 'Id' }, value: (r) => r.id },
  { key: 'text', label: { zh: '文本', en: 'Text' }, value: (r) => r.text },
  { key: 'amount', label: { zh: '金额', en: 'Amount' }, value: (r) => r.amount },
];

const lines: Line[] = FORMULA_TEXTS.map((text, i) => ({ id: i + 1, text, amount: -(i + 1) }));

/** Every part of a zip archive, as text. */
async function partsOf(file: Buffer): Promise<Map<string, string>> {
  const parts = new Map<string, string>();
  const zip = Readable.from([file]).pipe(Parse({ forceStream: true }));
  for await (const entry of zip as AsyncIterable<Entry>) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    parts.set(entry.path, Buffer.concat(chunks).toString('utf8'));
  }
  return parts;
}

/** The cells of the sheet XML: their type, formula (if any) and text. */
function xmlCells(xml: string) {
  return [...xml.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map(([, ref, attrs, body]) => ({
    ref: ref ?? '',
    type: /t="(\w+)"/.exec(attrs ?? '')?.[1],
    formula: /<f[ >]/.test(body ?? ''),
    body: body ?? '',
  }));
}

async function readBack(file: Buffer) {
  const rows = [];
  for await (const row of readXlsxRows(Readable.from([file]))) rows.push(row.values.slice(1));
  return rows;
}

let dir: string;
let file: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qcdesk-formula-'));
  const path = join(dir, 'export.xlsx');
  async function* batches() {
    yield lines;
  }
  const written = await writeExportWorkbook({
    path,
    title: 'Lines',
    lang: 'en',
    columns,
    batches: batches(),
  });
  expect(written).toBe(lines.length);
  file = await readFile(path);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the list export’s workbook (formula injection)', () => {
  it('holds each dangerous text as a string cell with the apostrophe before it, never a formula', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    lines.forEach((line, i) => {
      const cell = sheet.getRow(i + 2).getCell(2);
      expect(cell.type, JSON.stringify(line.text)).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // The neutraliser: one apostrophe before the text the user typed.
      expect(cell.value).toBe(`'${asXmlReadsIt(line.text)}`);
      const amount = sheet.getRow(i + 2).getCell(3);
      expect(amount.type).toBe(ExcelJS.ValueType.Number);
      expect(amount.value).toBe(-(i + 1));
    });
  });

  it('writes no formula into the sheet XML: the texts are string cells', async () => {
    const xml = (await partsOf(file)).get('xl/worksheets/sheet1.xml')!;
    expect(xml).toBeDefined();
    const cells = xmlCells(xml);
    expect(cells.length).toBe((lines.length + 1) * columns.length);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    for (const cell of cells.filter((c) => c.ref.startsWith('B') && c.ref !== 'B1')) {
      // exceljs's writer without shared strings: a string cell (`t="str"`, no `<f>`) and its text.
      expect(cell.type).toBe('str');
      expect(cell.body).toMatch(/^<v>&apos;/);
    }
    for (const cell of cells.filter((c) => c.ref.startsWith('C') && c.ref !== 'C1')) {
      expect(cell.type).toBeUndefined();
      expect(cell.body).toMatch(/^<v>-\d+<\/v>$/);
    }
  });

  it('reads back as the typed text through the product’s reader', async () => {
    const rows = await readBack(file);
    expect(rows[0]).toEqual(['Id', 'Text', 'Amount']);
    expect(rows.slice(1)).toEqual(lines.map((l) => [l.id, asXmlReadsIt(l.text), l.amount]));
  });

  it('writes the annotated copy of an import the same way, and it reads back unchanged', async () => {
    const annotated = await annotatedXlsx(
      Readable.from([file]),
      [{ row: 2, column: 'text', zh: '错', en: 'Bad' }],
      {
        columnKeys: () => new Map([['text', 2]]),
        title: 'Errors',
      },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(annotated as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    lines.forEach((line, i) => {
      const cell = sheet.getRow(i + 2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(`'${asXmlReadsIt(line.text)}`);
      expect(sheet.getRow(i + 2).getCell(3).value).toBe(-(i + 1));
    });
    const xml = (await partsOf(annotated)).get('xl/worksheets/sheet1.xml')!;
    expect(xmlCells(xml).filter((c) => c.formula)).toEqual([]);
    const rows = await readBack(annotated);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual(
      lines.map((l) => [l.id, asXmlReadsIt(l.text), l.amount]),
    );
  });
});
