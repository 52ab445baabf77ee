import type { ProductTestStatus } from '@qcdesk/contract/order';
import { describe, expect, it } from 'vitest';
import { type PublishedResult, productTestStatus, resultForProduct } from './product-test-status';

// Issue 25 (DOMAIN.md §6.4): a product's test status over its order risk and the published reports
// that concern it.

/** A published report of this product alone, or of `n` products with this product's items. */
const alone = (result: number): PublishedResult => ({
  reportResult: result,
  productCount: 1,
  itemResults: [result],
});
const shared = (reportResult: number, itemResults: number[], n = 2): PublishedResult => ({
  reportResult,
  productCount: n,
  itemResults,
});

describe('resultForProduct', () => {
  it('is the report’s result when the product is all it covers (a worse result set by hand counts)', () => {
    expect(resultForProduct({ reportResult: 3, productCount: 1, itemResults: [1, 1] })).toBe(3);
  });
  it('is the worst of the product’s own items when the report covers others too', () => {
    expect(resultForProduct(shared(3, [1, 4]))).toBe(1);
    expect(resultForProduct(shared(3, [1, 2]))).toBe(2);
  });
});

type Risk = { status: number; result: number } | null;

describe('productTestStatus (issue 25: the worst of every published result that concerns it)', () => {
  it.each<[string, Risk, PublishedResult[], ProductTestStatus]>([
    // The order risk alone (issue 16).
    ['nothing', null, [], 'none'],
    ['risk pending', { status: 10, result: 0 }, [], 'open'],
    ['risk testing', { status: 20, result: 0 }, [], 'open'],
    ['risk done, pass', { status: 30, result: 1 }, [], 'passed'],
    ['risk done, all N/A', { status: 30, result: 4 }, [], 'passed'],
    ['risk done, improve', { status: 30, result: 2 }, [], 'failed'],
    ['risk done, fail', { status: 30, result: 3 }, [], 'failed'],
    ['risk done, not supplied', { status: 30, result: 5 }, [], 'open'],
    ['risk done, no comment', { status: 30, result: 6 }, [], 'open'],
    ['risk waived', { status: 40, result: 4 }, [], 'waived'],
    // Issue 25: the risk held formaldehyde (pass), the report failed EN 71-1 of the same product.
    ['risk passed, a report fails another item', { status: 30, result: 1 }, [shared(3, [3, 1])], 'failed'],
    ['risk passed, its own report fails', { status: 30, result: 1 }, [alone(3)], 'failed'],
    ['no risk, a report passes', null, [alone(1)], 'passed'],
    ['no risk, a report fails', null, [alone(3)], 'failed'],
    ['no risk, one report passes and one improves', null, [alone(1), alone(2)], 'failed'],
    ['no risk, a pass and a no comment', null, [alone(1), alone(6)], 'open'],
    ['no risk, a report all N/A', null, [alone(4)], 'passed'],
    ['risk waived, a report passes', { status: 40, result: 4 }, [alone(1)], 'passed'],
    ['risk waived, a report fails', { status: 40, result: 4 }, [alone(3)], 'failed'],
    ['risk waived, a report all N/A', { status: 40, result: 4 }, [alone(4)], 'waived'],
    // §6.4: fail outranks not out; not out outranks improve.
    ['risk still testing, a report fails', { status: 20, result: 0 }, [alone(3)], 'failed'],
    ['risk still testing, a report improves', { status: 20, result: 0 }, [alone(2)], 'open'],
    ['risk still testing, a report passes', { status: 20, result: 0 }, [alone(1)], 'open'],
    // Another product's fail on a shared report is not this product's.
    ['a shared report fails another product', null, [shared(3, [1])], 'passed'],
    ['a shared report, this product improves', { status: 30, result: 1 }, [shared(3, [2, 1])], 'failed'],
    [
      'a hand-set fail on a report of this product alone',
      null,
      [{ reportResult: 3, productCount: 1, itemResults: [1] }],
      'failed',
    ],
  ])('%s → %s', (_name, risk, published, status) => {
    expect(productTestStatus(risk, published)).toBe(status);
  });
});
