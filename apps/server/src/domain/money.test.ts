import { describe, expect, it } from 'vitest';
import { amountOf, discountPoints, fromCents, MONEY_MAX_CENTS, toCents } from './money';

// Money in cents, never floats: decimal strings to cents and back, discounts in basis points, and
// the amount of DOMAIN.md §2.5 rounded half-up to the cent.

describe('cents', () => {
  it.each([
    ['0', 0n],
    ['0.5', 50n],
    ['0.05', 5n],
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.05', 1205n],
    [' 7.1 ', 710n],
    ['999999999999.99', MONEY_MAX_CENTS],
  ])('%s is %d cents', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [1250n, '12.50'],
    [-1205n, '-12.05'],
    [MONEY_MAX_CENTS, '999999999999.99'],
  ])('%d cents read %s, and back', (cents, text) => {
    expect(fromCents(cents)).toBe(text);
    expect(toCents(text.replace('-', ''))).toBe(cents < 0n ? -cents : cents);
  });
});

describe('discounts and amounts', () => {
  it.each([
    [0, 0n],
    [12.5, 1250n],
    ['33.33', 3333n],
    [100, 10_000n],
  ] as const)('%s %% is %d basis points', (discount, points) => {
    expect(discountPoints(discount)).toBe(points);
  });

  it.each([
    // price, discount %, amount (half-up to the cent)
    ['100.00', 0, '100.00'],
    ['100.00', 100, '0.00'],
    ['100.00', 12.5, '87.50'],
    ['0.10', 50, '0.05'],
    ['0.01', 50, '0.01'], // 0.005 → 0.01 (half up)
    ['0.03', 50, '0.02'], // 0.015 → 0.02
    ['1300.00', 12.35, '1139.45'],
    ['19.99', 33.33, '13.33'], // 13.327333 → 13.33
    ['10.05', 10, '9.05'], // 9.045 → 9.05 (a float would give 9.04)
    ['1.15', 0.01, '1.15'],
    ['1.15', '0.01', '1.15'],
  ] as const)('%s less %s%% is %s', (price, discount, amount) => {
    expect(amountOf(price, discount)).toBe(amount);
  });
});
