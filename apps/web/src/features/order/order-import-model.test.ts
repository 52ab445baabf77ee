import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  importErrorRows,
  importPercent,
  isFinished,
  ORDER_FILE_MAX_MB,
  orderFileProblem,
} from './order-import-model';

const MB = 1024 * 1024;

describe('orderFileProblem', () => {
  it('takes an XLSX up to the limit, in any case of its extension', () => {
    expect(ORDER_FILE_MAX_MB).toBe(50);
    expect(orderFileProblem({ name: 'orders.xlsx', size: 50 * MB })).toBeNull();
    expect(orderFileProblem({ name: 'ORDERS.XLSX', size: 1 })).toBeNull();
  });

  it('refuses other types and files over the limit', () => {
    expect(orderFileProblem({ name: 'orders.xls', size: 1 })).toBe('notXlsx');
    expect(orderFileProblem({ name: 'orders.xlsx.pdf', size: 1 })).toBe('notXlsx');
    expect(orderFileProblem({ name: 'orders', size: 1 })).toBe('notXlsx');
    expect(orderFileProblem({ name: 'orders.xlsx', size: 50 * MB + 1 })).toBe('tooBig');
    expect(orderFileProblem({ name: 'orders.xlsx', size: 2 * MB + 1 }, 2)).toBe('tooBig');
  });
});

describe('importPercent and isFinished', () => {
  const at = (status: 'queued' | 'reading' | 'writing' | 'done' | 'refused', rowsRead = 0) =>
    importPercent({ status, rowsRead, rowsTotal: null });

  it('grows with the phase and the rows read, and never reaches 100 before the end', () => {
    expect(at('queued')).toBe(2);
    expect(at('reading', 0)).toBe(5);
    expect(at('reading', 2000)).toBe(45);
    expect(at('reading', 1_000_000)).toBeLessThanOrEqual(85);
    expect(at('reading', 500)).toBeLessThan(at('reading', 1000));
    // The second read of orders whose lines are apart, against the total: 85–89 %, then writing.
    const again = (rowsRead: number) => importPercent({ status: 'reading', rowsRead, rowsTotal: 10_000 });
    expect(again(0)).toBe(85);
    expect(again(10_000)).toBe(89);
    expect(at('writing')).toBe(90);
    expect(at('done')).toBe(100);
    expect(at('refused')).toBe(100);
  });

  it('stops polling only on done, refused and failed', () => {
    expect(['queued', 'reading', 'writing'].map((s) => isFinished(s as 'queued'))).toEqual([
      false,
      false,
      false,
    ]);
    expect(['done', 'refused', 'failed'].map((s) => isFinished(s as 'done'))).toEqual([true, true, true]);
    expect(isFinished(undefined)).toBe(false);
  });
});

describe('importErrorRows', () => {
  const errors = [
    {
      row: 4,
      column: 'quantity',
      value: '0',
      reason: 'E_RANGE',
      zh: '数量超出范围',
      en: 'Quantity is out of range',
    },
    { row: 1, column: 'file', value: 'x.xlsx', reason: 'E_FILE_CONTENT', zh: '文件内容无效', en: 'Bad file' },
    { row: 5, column: 'weird', value: 'v', reason: 'E_FORMAT', zh: '格式', en: 'Format' },
  ];

  it('names the column by its header and the message in the language', () => {
    expect(importErrorRows(errors, 'en')[0]).toEqual({
      key: '4:quantity:0',
      row: 4,
      column: 'Quantity',
      value: '0',
      message: 'Quantity is out of range',
    });
    expect(importErrorRows(errors, 'zh')[0]).toMatchObject({ column: '数量', message: '数量超出范围' });
  });

  it('names the whole file, and an unknown column by its key', () => {
    expect(importErrorRows(errors, 'zh').map((e) => e.column)).toEqual(['数量', '文件', 'weird']);
    expect(columnLabel('clientPo', 'en')).toBe('Client PO');
    expect(columnLabel('file', 'en')).toBe('File');
  });

  it('keeps two errors of one cell apart', () => {
    const twice = importErrorRows([errors[0]!, errors[0]!], 'en');
    expect(new Set(twice.map((e) => e.key)).size).toBe(2);
  });
});
