import { describe, expect, it } from 'vitest';
import type { CartProduct } from './api';
import { draftLines, PRICE } from './test-order-cart-lines';
import { moneyText } from './test-order-columns';

// The test-order screens' pure helpers: money as the server sends it (strings, never floats), the
// lines the cart proposes and the price a line may take.

describe('moneyText', () => {
  it.each([
    ['0.00', 'RMB', '0.00 RMB'],
    ['1234.5', 'USD', '1,234.50 USD'],
    ['1234567.89', 'HKD', '1,234,567.89 HKD'],
  ])('%s %s → %s', (amount, currency, text) => {
    expect(moneyText(amount, currency)).toBe(text);
  });
  it('shows a missing price as empty', () => expect(moneyText(null, 'RMB')).toBe('-'));
});

describe('the price a line takes', () => {
  it.each([
    ['12', true],
    ['12.5', true],
    ['12.50', true],
    ['0.01', true],
    ['12.505', false],
    ['-1', false],
    ['01', false],
    ['1e3', false],
  ])('%s: %s', (text, ok) => expect(PRICE.test(text)).toBe(ok));
});

describe('draftLines', () => {
  it('proposes every item of every cart product, included, without an entered price', () => {
    const product = {
      id: '7',
      items: [
        {
          testItem: {
            id: '3',
            code: 'T-AZO',
            nameZh: '偶氮染料',
            nameEn: 'Azo dyes',
            price: '500.00',
            currency: 'RMB',
          },
          orderRiskItemId: '9',
          source: 'risk',
        },
      ],
    } as unknown as CartProduct;
    expect(draftLines([product], 'en')).toEqual([
      {
        orderProductId: '7',
        testItemId: '3',
        name: 'T-AZO Azo dyes',
        listPrice: '500.00',
        listCurrency: 'RMB',
        orderRiskItemId: '9',
        source: 'risk',
        included: true,
        price: '',
      },
    ]);
  });
});
