import { describe, expect, it } from 'vitest';
import {
  assertDates,
  assertMayChange,
  assertOneClientDepartment,
  assertSubmittable,
  changeableFields,
  linePrice,
  mayChange,
  sumPrices,
  testOrderActions,
} from './test-order.rules';

// The pure rules of test orders: the sum of the prices, the line price in the order's
// currency, who may change which field in which status, dates, completeness and the cart rule.

const reason = (f: () => void) => {
  try {
    f();
    return null;
  } catch (e) {
    return (e as { reason: string; params: Record<string, unknown> }).reason;
  }
};

describe('prices (money itself: domain/money.test.ts)', () => {
  it('sums line prices, a line without a price counting 0', () => {
    expect(sumPrices(['0.10', '0.20', null, '1.00'])).toBe('1.30');
    expect(sumPrices([])).toBe('0.00');
    // What the price column holds, and not a cent more (issue 23).
    expect(sumPrices(['999999999999.98', '0.01'])).toBe('999999999999.99');
    expect(() => sumPrices(['999999999999.99', '0.01'])).toThrow(
      expect.objectContaining({ reason: 'E_RANGE', options: { field: 'items' } }),
    );
  });

  it('a line takes the item’s price only in the order’s currency, else the entered one or none', () => {
    expect(linePrice({ price: '320', currency: 'USD' }, 'USD', undefined)).toBe('320.00');
    expect(linePrice({ price: '800', currency: 'RMB' }, 'USD', undefined)).toBeNull();
    expect(linePrice({ price: '800', currency: 'RMB' }, 'USD', '99.9')).toBe('99.90');
    expect(linePrice({ price: '800', currency: 'RMB' }, 'RMB', '700')).toBe('700.00');
  });
});

describe('who may change what (DOMAIN.md §5.2, §4.9)', () => {
  const perms = (...p: string[]) => new Set(p);
  it.each([
    ['labId', 10, ['test.create'], true],
    ['labId', 20, ['test.create', 'test.edit', 'test.finance'], false],
    ['planTime', 10, ['test.edit'], false],
    ['receiveTime', 10, ['test.edit'], false],
    ['receiveTime', 20, ['test.edit'], true],
    ['receiveTime', 30, ['test.edit'], true],
    ['receiveTime', 20, ['test.create'], false],
    ['hopeTime', 30, ['test.edit'], true],
    ['discount', 10, ['test.create'], false],
    ['discount', 50, ['test.finance'], true],
    ['paid', 90, ['test.finance'], false],
    ['invoice', 40, ['test.finance'], true],
    ['invoiceFileId', 50, ['test.finance'], true],
    ['quotationFileId', 20, ['test.create'], false],
  ] as const)('%s in %d with %j: %s', (field, status, p, allowed) => {
    expect(mayChange(field, status, perms(...p))).toBe(allowed);
  });

  it('refuses the first locked field with E_FIELD_LOCKED; unknown fields are not checked', () => {
    expect(reason(() => assertMayChange(['paid'], 10, perms('test.create')))).toBe('E_FIELD_LOCKED');
    expect(reason(() => assertMayChange(['amount', 'labId'], 10, perms('test.create')))).toBeNull();
  });

  it('lists the changeable fields and the actions of a status', () => {
    expect(changeableFields(90, perms('test.create', 'test.edit', 'test.finance'))).toEqual([]);
    expect(changeableFields(40, perms('test.finance'))).toEqual([
      'paid',
      'invoice',
      'invoiceFileId',
      'quotation',
      'quotationFileId',
      'discount',
    ]);
    expect(testOrderActions(10, { permissions: perms('test.create') } as never)).toEqual([
      'submit',
      'cancel',
    ]);
    expect(testOrderActions(40, { permissions: perms('test.finance') } as never)).toEqual(['close']);
  });
});

describe('dates, completeness and the cart rule', () => {
  it.each([
    [{ planTime: '2026-03-10', receiveTime: '2026-03-09', hopeTime: null }, 'E_RANGE'],
    [{ planTime: '2026-03-10', receiveTime: '2026-03-16', hopeTime: null }, 'E_RANGE'], // after today
    [{ planTime: '2026-03-10', receiveTime: '2026-03-12', hopeTime: '2026-03-11' }, 'E_RANGE'],
    [{ planTime: '2026-03-10', receiveTime: null, hopeTime: '2026-03-09' }, 'E_RANGE'],
    [{ planTime: '2026-03-10', receiveTime: '2026-03-10', hopeTime: '2026-03-20' }, null],
  ])('%j → %s', (dates, expected) => {
    expect(reason(() => assertDates(dates, '2026-03-15'))).toBe(expected);
  });

  it('submit needs ≥ 1 line and every price', () => {
    expect(reason(() => assertSubmittable([]))).toBe('E_REQUIRED');
    expect(reason(() => assertSubmittable([{ price: '1.00' }, { price: null }]))).toBe('E_REQUIRED');
    expect(reason(() => assertSubmittable([{ price: '1.00' }]))).toBeNull();
  });

  it('one client and one department', () => {
    const a = { clientId: 1n, departmentId: 1n };
    expect(reason(() => assertOneClientDepartment([a, { ...a }]))).toBeNull();
    expect(reason(() => assertOneClientDepartment([a, { clientId: 2n, departmentId: 1n }]))).toBe(
      'E_CART_CLIENT_DEPT',
    );
    expect(reason(() => assertOneClientDepartment([a, { clientId: 1n, departmentId: 2n }]))).toBe(
      'E_CART_CLIENT_DEPT',
    );
  });
});
