import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readOrderFile } from './order-xlsx';

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
