import { describe, expect, it } from 'vitest';
import { groupBy } from './grouping';

describe('groupBy', () => {
  it.each([
    ['no items', [], new Map()],
    ['one key', [{ k: 1n, v: 'a' }], new Map([[1n, ['a']]])],
    [
      'keys in the order first seen, values in the items’ order',
      [
        { k: 2n, v: 'a' },
        { k: 1n, v: 'b' },
        { k: 2n, v: 'c' },
      ],
      new Map([
        [2n, ['a', 'c']],
        [1n, ['b']],
      ]),
    ],
  ])('%s', (_name, items, groups) => {
    expect(
      groupBy(
        items,
        (i) => i.k,
        (i) => i.v,
      ),
    ).toEqual(groups);
  });

  it('keeps the items themselves without a value function', () => {
    const items = [{ k: 'x' }, { k: 'x' }];
    expect(groupBy(items, (i) => i.k).get('x')).toEqual(items);
  });
});
