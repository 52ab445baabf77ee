import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { asXmlReadsIt, FORMULA_TEXTS } from '../../../test/support/formula-texts';
import { orderFileTemplate, readOrderFile } from './order-xlsx';

// The streamed reading of an order file keeps every character: the sheet's XML arrives in chunks
// that split UTF-8 characters, and a chunk decoded alone turns the halves into U+FFFD.

const NAME = '毛绒小熊遥控赛车木制积木硅胶餐盘儿童水杯涤纶抱枕环保购物袋陶瓷马克杯不锈钢饭盒益智拼图';

/** A file written by the streaming writer, its strings shared (sharedStrings.xml) or inline in the sheet. */
async function file(rows: number, useSharedStrings: boolean): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings, useStyles: false });
  const sheet = workbook.addWorksheet('orders');
  sheet.addRow(['orderNo', 'client', 'itemNo', 'name', 'factory', 'quantity', 'deliveryDate']);
  for (let i = 0; i < rows; i++) {
    // Every name its own string, so the shared-strings table is as long as the sheet.
    sheet
      .addRow([`PO-${i}`, 'PACTOYS', `IT-${i}`, `${NAME.slice(i % 7)}${i}`, 'F-HM-SZ', 10, '2030-01-01'])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

describe('readOrderFile', () => {
  it.each([
    ['inline strings', false],
    ['shared strings', true],
  ])('reads every Chinese character of a long sheet (%s)', async (_label, shared) => {
    const rows = 4000;
    let read = 0;
    for await (const row of readOrderFile(Readable.from([await file(rows, shared)]))) {
      const i = row.rowNumber - 2;
      expect(row.cells.name).toBe(`${NAME.slice(i % 7)}${i}`);
      read++;
    }
    expect(read).toBe(rows);
  });
});

describe('orderFileTemplate (formula injection, ADR 0024)', () => {
  it('writes texts a spreadsheet would evaluate as quoted strings, and the import reads them as typed', async () => {
    const texts = FORMULA_TEXTS.filter((t) => !/^\s/.test(t)); // the reader trims a cell's text
    const example = {
      orderNo: 'PO-1',
      client: 'PACTOYS',
      name: texts[0]!,
      description: texts[1]!,
      quantity: -3,
    };
    const factories = texts.map((t, i) => ({ code: `F-${i}`, nameZh: t, nameEn: null }));
    const buffer = await orderFileTemplate(example, factories);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    const [orders, codes] = workbook.worksheets;
    let formulas = 0;
    for (const sheet of [orders!, codes!])
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Formula) formulas++;
        }),
      );
    expect(formulas).toBe(0);
    const keys = (orders!.getRow(1).values as unknown[]).slice(1);
    const cellOf = (key: string) => orders!.getRow(3).getCell(keys.indexOf(key) + 1);
    expect(cellOf('name').type).toBe(ExcelJS.ValueType.String);
    expect(cellOf('name').value).toBe(`'${texts[0]}`);
    expect(cellOf('quantity').value).toBe(-3);
    for (const [i, t] of texts.entries())
      expect(codes!.getRow(i + 2).getCell(2).value).toBe(`'${asXmlReadsIt(t)}`);
    const rows = [];
    for await (const row of readOrderFile(Readable.from([buffer]))) rows.push(row);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cells).toMatchObject({ name: texts[0], description: texts[1], quantity: '-3' });
  });
});
