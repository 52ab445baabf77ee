import { describe, expect, it } from 'vitest';
import { diff } from './change-log';

describe('diff', () => {
  it('logs the fields that changed, as the log stores them', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    expect(diff({ qty: 1, note: 'a', at: null }, { qty: 2, note: 'a', at, id: 7n })).toEqual([
      { field: 'qty', from: 1, to: 2 },
      { field: 'at', from: null, to: '2026-11-28T10:00:00.000Z' },
      { field: 'id', from: null, to: '7' },
    ]);
  });

  it('does not log an object whose keys came back in another order (a JSON column read again)', () => {
    const before = { plan: { drawn: 50, major: { n: 50, ac: 3, re: 4 }, severity: 'normal' } };
    const after = { plan: { severity: 'normal', major: { re: 4, ac: 3, n: 50 }, drawn: 50 } };
    expect(diff(before, after)).toEqual([]);
    expect(diff(before, { plan: { ...after.plan, drawn: 80 } })).toHaveLength(1);
  });

  it('keeps bookkeeping out: versions, audit columns and a checkout moved on by a save', () => {
    const before = { version: 1, updatedAt: new Date(1), checkoutExpiresAt: new Date(1), qty: 1 };
    const after = { version: 2, updatedAt: new Date(2), checkoutExpiresAt: new Date(2), qty: 1 };
    expect(diff(before, after)).toEqual([]);
  });
});
