import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import {
  type Bomb,
  inlineRow,
  sharedXml,
  sheetXml,
  workbookParts,
  xlsxOf,
  zipOf,
} from '../../test/support/xlsx-files';
import { AppError } from './errors';
import { readXlsxRows, type XlsxLimits, type XlsxRow } from './xlsx-reader';

// The one XLSX reader (issue 23): what it reads, and every limit refused while reading — the bombs
// of the probe (a sheet of 256 MB of whitespace, one shared string of 64 M characters) built here,
// a few hundred kilobytes each.

const read = async (file: Buffer, limits: Partial<XlsxLimits> = {}) => {
  const rows: XlsxRow[] = [];
  for await (const row of readXlsxRows(Readable.from([file]), limits)) rows.push(row);
  return rows;
};

/**
 * The refusal a file earns: its reason and params, the time it took and the heap it grew. The time
 * is a guard against a reader that inflates the whole bomb (seconds and hundreds of MB), not a speed
 * target: under CI's load a quick refusal once took 1.1 s, so the bound is 5 s (speed lives in
 * bench/, `npm run bench -- order-import`).
 */
const REFUSED_WITHIN_MS = 5_000;
async function refusal(file: Buffer, limits: Partial<XlsxLimits> = {}) {
  const heap = process.memoryUsage().heapUsed;
  const started = performance.now();
  try {
    await read(file, limits);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      reason: error.reason,
      params: error.params,
      ms: performance.now() - started,
      heapMB: (process.memoryUsage().heapUsed - heap) / 2 ** 20,
    };
  }
  throw new Error('the file was read');
}

const HEADER = inlineRow(1, ['orderNo', 'name']);
const bombSheet = (fill: string, mb: number): Bomb => ({
  head: sheetXml(HEADER).replace('</sheetData>', '<row r="2"><c r="A2" t="inlineStr"><is><t>'),
  fill,
  mb,
  tail: '</t></is></c></row></sheetData></worksheet>',
});

describe('readXlsxRows', () => {
  it('reads texts, numbers, dates, booleans, formulas and rich text of an exceljs workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('one');
    sheet.addRow(['name', 'qty', 'date', 'ok', 'sum', 'rich']);
    sheet.addRow([
      '毛绒小熊 Plush bear',
      3000,
      new Date(Date.UTC(2026, 6, 15)),
      true,
      { formula: 'B2*2', result: 6000 },
      { richText: [{ text: '红' }, { text: 'Red', font: { bold: true } }] },
    ]);
    // Dates as Excel users make them (issue 25): a serial formatted as a date, a formula's result.
    const serial = sheet.getCell('H2');
    serial.value = 46467;
    serial.numFmt = 'yyyy/m/d';
    const later = sheet.getCell('I2');
    later.value = { formula: 'H2+30', result: 46497 };
    later.numFmt = '[$-804]yyyy"年"m"月"d"日"';
    workbook.addWorksheet('two').addRow(['ignored']);
    const rows = await read(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((r) => r.number)).toEqual([1, 2]);
    const [, name, qty, date, ok, sum, rich, , dated, formula] = rows[1]!.values;
    expect([name, qty, ok, rich]).toEqual(['毛绒小熊 Plush bear', 3000, true, '红Red']);
    expect((date as Date).toISOString().slice(0, 10)).toBe('2026-07-15');
    expect(sum).toMatchObject({ formula: 'B2*2', result: 6000 });
    expect((dated as Date).toISOString().slice(0, 10)).toBe('2027-03-21');
    expect((formula as { result: Date }).result.toISOString().slice(0, 10)).toBe('2027-04-20');
  });

  it('reads a sheet stored before its shared strings (Excel’s order) and leaves no temporary file', async () => {
    // A temporary folder of this test's own: other test files running beside it read XLSX files too.
    const own = mkdtempSync(join(tmpdir(), 'qcdesk-xlsx-test-'));
    vi.stubEnv('TMPDIR', own);
    try {
      const sheet = sheetXml('<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="s"><v>0</v></c></row>');
      const rows = await read(
        xlsxOf(sheet, sharedXml('<si><t>first</t></si><si><r><t>sec</t></r><r><t>ond</t></r></si>')),
      );
      expect(rows[0]!.values.slice(1)).toEqual(['second', 'first']);
      expect(readdirSync(own)).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('refuses a sheet of 256 MB of whitespace at once (the probe’s 266 KB bomb), whatever its header declares', async () => {
    const file = xlsxOf(bombSheet(' \n', 256));
    expect(file.length).toBeLessThan(400 * 1024);
    // Its local header tells the truth: refused before a byte is inflated.
    expect(await refusal(file)).toMatchObject({ params: { field: 'xlsxPartMB', max: 256 } });
    // It lies: refused as the run of whitespace passes what a cell can hold.
    const lying = zipOf(
      workbookParts(bombSheet(' \n', 256)).map((p) =>
        p.name.includes('sheet1') ? { ...p, declaredSize: 1000 } : p,
      ),
    );
    const result = await refusal(lying);
    expect(result).toMatchObject({ reason: 'E_XLSX_LIMIT', params: { field: 'xlsxCellChars', max: 32_767 } });
    expect(result.ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(result.heapMB).toBeLessThan(64);
  });

  it('refuses one shared string of 64 M characters before it is whole (the probe’s 68 KB bomb)', async () => {
    const shared: Bomb = {
      head: sharedXml('<si><t>').replace('</sst>', ''),
      fill: 'a',
      mb: 64,
      tail: '</t></si></sst>',
    };
    const file = xlsxOf(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), shared);
    expect(file.length).toBeLessThan(100 * 1024);
    const result = await refusal(file);
    expect(result).toMatchObject({ reason: 'E_XLSX_LIMIT', params: { field: 'xlsxCellChars' } });
    expect(result.ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it('refuses a shared string made of many short rich-text runs once it passes a cell', async () => {
    const runs = `<r><t>${'x'.repeat(10_000)}</t></r>`;
    const file = xlsxOf(sheetXml(''), sharedXml(`<si>${runs.repeat(4)}</si>`));
    expect(await refusal(file)).toMatchObject({ params: { field: 'xlsxCellChars' } });
  });

  it('counts the shared-string table: its characters and its entries', async () => {
    const file = xlsxOf(sheetXml(''), sharedXml('<si><t>abcdef</t></si>'.repeat(10)));
    expect(await refusal(file, { textChars: 50 })).toMatchObject({
      params: { field: 'xlsxTextChars', max: 50 },
    });
    expect(await refusal(file, { texts: 5 })).toMatchObject({ params: { field: 'xlsxTexts', max: 5 } });
  });

  it('refuses a part past its size, whatever its header declares, and one that declares too much', async () => {
    const tags: Bomb = {
      head: sheetXml('').replace('</sheetData>', ''),
      fill: '<x/>',
      mb: 3,
      tail: '</sheetData></worksheet>',
    };
    const lying = zipOf(
      workbookParts(tags).map((p) => (p.name.includes('sheet1') ? { ...p, declaredSize: 100 } : p)),
    );
    expect(await refusal(lying, { partBytes: 2 * 2 ** 20 })).toMatchObject({
      params: { field: 'xlsxPartMB', max: 2 },
    });
    expect(await refusal(lying, { totalBytes: 1 * 2 ** 20 })).toMatchObject({
      params: { field: 'xlsxTotalMB', max: 1 },
    });
    const declaring = zipOf(
      workbookParts(sheetXml('')).map((p) =>
        p.name.includes('sheet1') ? { ...p, declaredSize: 300 * 2 ** 20 } : p,
      ),
    );
    expect(await refusal(declaring)).toMatchObject({ params: { field: 'xlsxPartMB', max: 256 } });
  });

  it('holds the parts read whole (workbook, styles) to a smaller size', async () => {
    const styles: Bomb = {
      head: '<styleSheet><cellXfs>',
      fill: '<xf numFmtId="0"/>',
      mb: 2,
      tail: '</cellXfs></styleSheet>',
    };
    const file = zipOf([
      ...workbookParts(sheetXml('')),
      { name: 'xl/styles.xml', content: styles, declaredSize: 100 },
    ]);
    expect(await refusal(file, { bookPartBytes: 2 ** 20 })).toMatchObject({
      params: { field: 'xlsxBookPartMB', max: 1 },
    });
    const declaring = zipOf([
      ...workbookParts(sheetXml('')),
      { name: 'xl/styles.xml', content: '<styleSheet/>', declaredSize: 17 * 2 ** 20 },
    ]);
    expect(await refusal(declaring)).toMatchObject({ params: { field: 'xlsxBookPartMB', max: 16 } });
  });

  it('refuses a file that unzips to more than 100 times its size past 16 MB', async () => {
    const tags: Bomb = {
      head: sheetXml('').replace('</sheetData>', ''),
      fill: '<x/>',
      mb: 40,
      tail: '</sheetData></worksheet>',
    };
    const result = await refusal(xlsxOf(tags));
    expect(result).toMatchObject({ params: { field: 'xlsxRatio', max: 100 } });
    expect(result.ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it('refuses rows and columns past their limits', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => inlineRow(i + 1, ['a'])).join('');
    expect(await refusal(xlsxOf(sheetXml(rows)), { rows: 3 })).toMatchObject({
      params: { field: 'xlsxRows', max: 3 },
    });
    const wide = sheetXml('<row r="1"><c r="JZ1" t="inlineStr"><is><t>far</t></is></c></row>');
    expect(await refusal(xlsxOf(wide))).toMatchObject({ params: { field: 'xlsxColumns', max: 256 } });
  });

  it('refuses a DOCTYPE, a comment, files that are no workbook and broken archives, without hanging', async () => {
    const unreadable = { reason: 'E_FILE_CONTENT' };
    const doctype = sheetXml(inlineRow(1, ['a'])).replace(
      '<worksheet',
      '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet',
    );
    expect(await refusal(xlsxOf(doctype))).toMatchObject(unreadable);
    expect(await refusal(xlsxOf(sheetXml(`<!-- ${'<a'.repeat(10)} -->`)))).toMatchObject(unreadable);
    expect(await refusal(Buffer.from('name,qty\nbear,3\n'))).toMatchObject(unreadable);
    const file = xlsxOf(sheetXml(inlineRow(1, ['a'])));
    expect(await refusal(file.subarray(0, file.length - 400))).toMatchObject(unreadable);
    const garbled = Buffer.from(file);
    garbled.fill(0xff, 700, 760);
    expect(await refusal(garbled)).toMatchObject(unreadable);
  });

  it('passes on the input’s own failure', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('store gone'));
      },
    });
    await expect(read2(failing)).rejects.toThrow('store gone');
  });
});

async function read2(input: Readable) {
  for await (const _row of readXlsxRows(input)) {
    // reading only
  }
}
