import { ROUTES } from '@qcdesk/contract/roles';
import { describe, expect, it } from 'vitest';
import { groupsForMode, highlight, hitPath, isSearchMode } from './home-search-model';

describe('home search', () => {
  it('opens each hit at its record; an order product opens its order; a test item its list', () => {
    expect(hitPath('client', { id: '7', parentId: null }, 'en', ROUTES)).toBe('/en/client/7');
    expect(hitPath('countryStandard', { id: '4', parentId: null }, 'zh', ROUTES)).toBe(
      '/zh/standard/country/4',
    );
    expect(hitPath('orderProduct', { id: '30', parentId: '12' }, 'en', ROUTES)).toBe('/en/order/12');
    expect(hitPath('productionSample', { id: '41', parentId: null }, 'zh', ROUTES)).toBe(
      '/zh/productionsample/41',
    );
    expect(hitPath('testItem', { id: '100', parentId: null }, 'en', ROUTES)).toBe('/en/config/testitem');
    expect(hitPath('client', { id: '7', parentId: null }, 'en', [])).toBeNull();
  });

  it('shows every group, or the one the mode names', () => {
    const groups = [{ source: 'client' as const }, { source: 'testItem' as const }];
    expect(groupsForMode(groups, 'all')).toEqual(groups);
    expect(groupsForMode(groups, 'testItem')).toEqual([{ source: 'testItem' }]);
    expect(isSearchMode('client')).toBe(true);
    expect(isSearchMode('everything')).toBe(false);
  });

  it('marks every case-insensitive occurrence of the term', () => {
    expect(highlight('EN 71-1 / en 71', 'en 71')).toEqual([
      { text: 'EN 71', match: true },
      { text: '-1 / ', match: false },
      { text: 'en 71', match: true },
    ]);
    expect(highlight('华美玩具', '玩具')).toEqual([
      { text: '华美', match: false },
      { text: '玩具', match: true },
    ]);
    expect(highlight('abc', ' ')).toEqual([{ text: 'abc', match: false }]);
  });
});
