import { describe, expect, it } from 'vitest';
import { localPage } from './local-page';
import {
  arrangeColumns,
  chosenColumns,
  moveColumn,
  parseTableSettings,
  toggleColumn,
} from './table-settings';
import { tableScrollWidth } from './use-table-scroll';

const keys = ['name', 'country', 'type', 'state'];

describe('table settings', () => {
  it('shows every column in its own order until the person chooses', () => {
    expect(arrangeColumns(keys, {})).toEqual(keys.map((key) => ({ key, visible: true })));
    expect(chosenColumns({})).toBe(false);
    expect(chosenColumns({ density: 'small' })).toBe(false);
    expect(chosenColumns({ hidden: [] })).toBe(true);
  });

  it('applies the chosen order and hidden columns, ignoring columns gone and placing new ones', () => {
    const arranged = arrangeColumns(keys, { order: ['state', 'gone', 'name', 'type'], hidden: ['type'] });
    expect(arranged).toEqual([
      { key: 'state', visible: true },
      { key: 'country', visible: true },
      { key: 'name', visible: true },
      { key: 'type', visible: false },
    ]);
  });

  it('moves a column up or down, stopping at the ends', () => {
    expect(moveColumn(keys, 'type', -1)).toEqual(['name', 'type', 'country', 'state']);
    expect(moveColumn(keys, 'type', 1)).toEqual(['name', 'country', 'state', 'type']);
    expect(moveColumn(keys, 'name', -1)).toEqual(keys);
    expect(moveColumn(keys, 'state', 5)).toEqual(keys);
    expect(moveColumn(keys, 'unknown', 1)).toEqual(keys);
  });

  it('hides and shows a column, but never the last one shown', () => {
    const arranged = arrangeColumns(['a', 'b'], {});
    expect(toggleColumn(arranged, 'a', false)).toEqual(['a']);
    const one = arrangeColumns(['a', 'b'], { hidden: ['a'] });
    expect(toggleColumn(one, 'b', false)).toEqual(['a']);
    expect(toggleColumn(one, 'a', true)).toEqual([]);
  });

  it('reads stored settings, dropping what it does not know', () => {
    expect(parseTableSettings('{"order":["a"],"hidden":["b"],"density":"small"}')).toEqual({
      order: ['a'],
      hidden: ['b'],
      density: 'small',
    });
    expect(parseTableSettings('{"order":[1],"density":"huge"}')).toEqual({});
    expect(parseTableSettings('nonsense')).toEqual({});
    expect(parseTableSettings(null)).toEqual({});
  });
});

describe('localPage', () => {
  const rows = [{ name: 'Beta' }, { name: 'alpha' }, { name: 'Gamma' }, { name: 'alphabet' }];
  const paging = {
    matches: (row: { name: string }, filters: Record<string, unknown>) =>
      typeof filters.name !== 'string' || row.name.toLowerCase().includes(filters.name),
    sortValue: (row: { name: string }) => row.name,
  };

  it('finds, sorts and pages in the browser', () => {
    const query = { filters: {}, page: 1, pageSize: 2, order: 'asc' as const, count: true };
    expect(localPage(rows, { ...query, sort: 'name' }, paging).list.map((r) => r.name)).toEqual([
      'alpha',
      'alphabet',
    ]);
    const last = localPage(rows, { ...query, sort: 'name', order: 'desc', page: 2 }, paging);
    expect(last.list.map((r) => r.name)).toEqual(['alphabet', 'alpha']);
    expect(last.total).toBe(4);
    const found = localPage(rows, { ...query, filters: { name: 'alpha' } }, paging);
    expect(found.list.map((r) => r.name)).toEqual(['alpha', 'alphabet']);
    expect(found.total).toBe(2);
  });
});

describe('tableScrollWidth', () => {
  it('keeps the card’s width while the wrapped table fits, else scrolls at a width of its own', () => {
    expect(tableScrollWidth(900, 600, 1400)).toBe(true);
    expect(tableScrollWidth(900, 900, 1400)).toBe(true);
    expect(tableScrollWidth(500, 600, 1400)).toBe(720);
    expect(tableScrollWidth(500, 600, 650)).toBe(650);
  });
});
