import { describe, expect, it } from 'vitest';
import { checkLabRows, labColumnOf, labResultOf } from './test-report-lab.rules';

// A lab's result file checked against a report's items (issue 25, faster lab entry).

const items = [
  { id: 1n, code: 'T-EN71-1', nameZh: '物理机械性能', nameEn: 'Mechanical and physical' },
  { id: 2n, code: 'T-AZO', nameZh: '偶氮染料', nameEn: 'Azo dyes' },
  // The same test item for a second product.
  { id: 3n, code: 'T-AZO', nameZh: '偶氮染料', nameEn: 'Azo dyes' },
];

describe('labColumnOf and labResultOf', () => {
  it.each([
    ['reportNo', 'reportNo'],
    ['报告编号', 'reportNo'],
    ['Test item', 'item'],
    ['测试项目 / Test item', 'item'],
    ['RESULT', 'result'],
    ['备注', 'remark'],
    ['Value', undefined],
  ])('header %s is %s', (text, column) => expect(labColumnOf(text)).toBe(column));

  it.each([
    ['1', 1],
    ['合格', 1],
    ['pass', 1],
    ['Fail', 3],
    ['不合格 / Fail', 3],
    ['Not applicable', 4],
    ['OK', undefined],
  ])('result %s is %s', (text, code) => expect(labResultOf(text)).toBe(code));
});

describe('checkLabRows', () => {
  it('answers every item of a named test item, by code or by name, with its remark', () => {
    const check = checkLabRows(
      [
        { row: 2, cells: { reportNo: 'SGS-1', item: 't-en71-1', result: 'Pass' } },
        { row: 3, cells: { reportNo: 'SGS-1', item: '偶氮染料', result: '不合格', remark: ' 4.2 mg/kg ' } },
      ],
      items,
      null,
    );
    expect(check).toEqual({
      reportNo: 'SGS-1',
      items: [
        { itemId: 1n, result: 1, remark: null },
        { itemId: 2n, result: 3, remark: '4.2 mg/kg' },
        { itemId: 3n, result: 3, remark: '4.2 mg/kg' },
      ],
      errors: [],
    });
  });

  it.each([
    ['an item not on the report', { item: 'T-LEAD', result: '1' }, null, ['item', 'E_REF_NOT_FOUND']],
    ['no item', { result: '1' }, null, ['item', 'E_REQUIRED']],
    ['no result', { item: 'T-AZO' }, null, ['result', 'E_REQUIRED']],
    ['an unknown result', { item: 'T-AZO', result: 'OK' }, null, ['result', 'E_FORMAT']],
    [
      'another report no',
      { reportNo: 'X-9', item: 'T-AZO', result: '1' },
      'SGS-1',
      ['reportNo', 'E_TR_OTHER_REPORT'],
    ],
    [
      'a remark too long',
      { item: 'T-AZO', result: '1', remark: 'x'.repeat(501) },
      null,
      ['remark', 'E_TOO_LONG'],
    ],
  ])('refuses %s, filling nothing in', (_what, cells, reportNo, [column, reason]) => {
    const check = checkLabRows(
      [
        { row: 2, cells: { item: 'T-EN71-1', result: '1' } },
        { row: 3, cells },
      ],
      items,
      reportNo,
    );
    expect(check.items).toEqual([]);
    expect(check.errors.map((e) => [e.row, e.column, e.reason])).toEqual([[3, column, reason]]);
    expect(check.errors[0]!.zh).not.toBe(check.errors[0]!.en);
  });

  it('reports every row’s errors in one pass: two report nos, the same item twice, and the rest', () => {
    const check = checkLabRows(
      [
        { row: 2, cells: { reportNo: 'A-1', item: 'T-AZO', result: '1' } },
        { row: 3, cells: { reportNo: 'B-2', item: 'Azo dyes', result: '3' } },
        { row: 4, cells: { item: 'T-NONE', result: '?' } },
      ],
      items,
      null,
    );
    expect(check.errors.map((e) => [e.row, e.column, e.reason])).toEqual([
      [3, 'reportNo', 'E_TR_OTHER_REPORT'],
      [3, 'item', 'E_DUPLICATE'],
      [4, 'item', 'E_REF_NOT_FOUND'],
      [4, 'result', 'E_FORMAT'],
    ]);
    expect(check.errors[1]!.en).toBe('Test item already exists');
  });
});
