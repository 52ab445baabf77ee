import { describe, expect, it } from 'vitest';
import {
  addDays,
  changedLineFields,
  earliestManualDelivery,
  type LineInput,
  lateDeliveryProblems,
  type ProductRow,
  planLines,
  productNoOf,
  sameClientAndDepartment,
  sampleFitsOrder,
  withSource,
} from './order.rules';

const line = (overrides: Partial<LineInput> = {}): LineInput => ({
  productNo: undefined,
  sku: undefined,
  itemNo: 'IT-1',
  name: '毛绒小熊 Plush bear',
  description: undefined,
  factoryId: 7n,
  quantity: 100,
  quantityUnit: 1,
  deliveryDate: '2026-06-01',
  productType: 1,
  ...overrides,
});

const product = (productNo: string, lineNo: number, overrides: Partial<ProductRow> = {}) =>
  ({
    id: BigInt(lineNo),
    productNo,
    line: lineNo,
    sku: null,
    itemNo: 'IT-1',
    name: '毛绒小熊 Plush bear',
    description: null,
    factoryId: 7n,
    quantity: 100,
    quantityUnit: 1,
    deliveryDate: '2026-06-01',
    productType: 1,
    ...overrides,
  }) as ProductRow;

describe('order rules', () => {
  it('numbers products {orderNo}-nn, 3 digits beyond 99 (DOMAIN.md §6.9)', () => {
    expect(productNoOf('OD2405210007', 3)).toBe('OD2405210007-03');
    expect(productNoOf('OD2405210007', 100)).toBe('OD2405210007-100');
  });

  it('plans lines: matched by product no (case-insensitive), new ones on new line numbers, missing ones listed', () => {
    const current = [product('OD1-01', 1), product('OD1-02', 2)];
    const plan = planLines('OD1', current, 5, [
      line({ productNo: 'od1-02', quantity: 200 }),
      line(),
      line({ productNo: 'X-9' }),
    ]);
    expect(plan.lines.map((l) => [l.productNo, l.line, l.existing?.id])).toEqual([
      ['OD1-02', 2, 2n],
      ['OD1-06', 6, undefined],
      ['X-9', 7, undefined],
    ]);
    expect(plan.missing.map((p) => p.productNo)).toEqual(['OD1-01']);
    expect(changedLineFields(plan.lines[0]!)).toEqual(['quantity']);
    expect(changedLineFields(plan.lines[1]!)).toHaveLength(9);
    expect(plan.problems).toEqual([]);
  });

  it('finds twice the same product no in one write', () => {
    const plan = planLines('OD1', [], 0, [line({ productNo: 'A-1' }), line({ productNo: 'a-1' })]);
    expect(plan.problems).toEqual([{ index: 1, field: 'productNo', reason: 'E_DUPLICATE', value: 'a-1' }]);
  });

  it('refuses manual delivery dates before today − 30 days, unless unchanged', () => {
    expect(earliestManualDelivery('2026-03-31')).toBe('2026-03-01');
    const plan = planLines('OD1', [product('OD1-01', 1, { deliveryDate: '2020-01-01' })], 1, [
      line({ productNo: 'OD1-01', deliveryDate: '2020-01-01' }),
      line({ deliveryDate: '2026-02-28' }),
      line({ deliveryDate: '2026-03-01' }),
    ]);
    expect(lateDeliveryProblems(plan.lines, '2026-03-31')).toEqual([
      { index: 1, field: 'deliveryDate', reason: 'E_RANGE', value: '2026-02-28' },
    ]);
  });

  it('applies the generic-selection rule: one client and one department', () => {
    const a = { clientId: 1n, departmentId: 5n };
    expect(sameClientAndDepartment([a, { ...a }])).toBe(true);
    expect(sameClientAndDepartment([a, { ...a, clientId: 2n }])).toBe(false);
    expect(sameClientAndDepartment([a, { ...a, departmentId: 6n }])).toBe(false);
  });

  it('links original samples of the order’s client or shared ones only', () => {
    expect(sampleFitsOrder(3n, 3n)).toBe(true);
    expect(sampleFitsOrder(null, 3n)).toBe(true);
    expect(sampleFitsOrder(4n, 3n)).toBe(false);
  });

  it('records sources once per reference, and dates by business days', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const first = withSource([], 3, 'ERP-1', at);
    const again = withSource(first, 3, 'ERP-1', new Date('2026-01-02T00:00:00Z'));
    expect(again).toEqual([{ source: 3, ref: 'ERP-1', at: '2026-01-02T00:00:00.000Z' }]);
    expect(withSource(again, 1, null, at)).toHaveLength(2);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
});
