import { CONFIG_LISTS, configList, editableFields } from '@qcdesk/contract/config-lists';
import { render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import {
  columnKey,
  columnOptions,
  searchColumns,
  searchName,
  tableColumns,
  toFilters,
} from '../../components/table-columns';
import type { EnumerationMap } from './api';
import { type ColumnContext, configColumns, configSorts, inTable, keyField, refName } from './config-columns';

const t = ((key: string) => key) as unknown as TFunction;

const enumerations: EnumerationMap = {
  DefectClass: [
    { code: 1, zh: '致命', en: 'Critical' },
    { code: 2, zh: '严重', en: 'Major' },
  ],
};

const context = (overrides: Partial<ColumnContext> = {}): ColumnContext => ({
  enumerations,
  extend: true,
  language: 'en',
  onOpen: vi.fn(),
  refInput: () => null,
  ...overrides,
});

describe('the table and search bar of every list, from one column array', () => {
  it.each(CONFIG_LISTS.map((l) => [l.name, l] as const))('%s', (_name, list) => {
    const columns = configColumns(list, context(), t);
    const keys = columns.map((c, i) => columnKey(c, i));
    expect(new Set(keys).size).toBe(keys.length);

    // The keyword searches first; then each search field of the registry has an input.
    const inputs = searchColumns(columns).map((c) => searchName(c));
    expect(inputs[0]).toBe('keyword');
    for (const search of list.search) {
      expect(inputs, search.field).toContain(
        search.match === 'range' ? `${search.field}Range` : search.field,
      );
    }
    expect(inputs).toEqual(expect.arrayContaining(['active', 'deleted']));
    const searchable = new Set(list.search.filter((s) => s.match !== 'range').map((s) => s.field));
    for (const name of inputs) {
      if (['keyword', 'active', 'deleted'].includes(name!) || name!.endsWith('Range')) continue;
      expect(searchable.has(name!), name).toBe(true);
    }

    // Every field that fits a cell is a column, then the status.
    const shown = tableColumns(columns).map((c) => c.key);
    expect(shown).toEqual([
      ...editableFields(list)
        .filter(inTable)
        .map((f) => f.name),
      'active',
    ]);
    expect(shown).toContain(keyField(list));
  });

  it('shows enums by label, numbers aligned, and filters deleted rows on their own', () => {
    const columns = configColumns(configList('defect'), context(), t);
    const defaultClass = columns.find((c) => c.key === 'defaultClass')!;
    expect(defaultClass.valueType).toBe('select');
    expect(columnOptions(defaultClass)).toEqual([
      { value: 1, label: { zh: '致命', en: 'Critical' } },
      { value: 2, label: { zh: '严重', en: 'Major' } },
    ]);
    expect(toFilters(columns, { keyword: ' sharp ', deleted: true, defaultClass: 1 })).toEqual({
      keyword: 'sharp',
      valid: 0,
      defaultClass: 1,
    });
    expect(toFilters(columns, { deleted: false, active: 0 })).toEqual({ active: 0 });

    const price = configColumns(configList('testitem'), context(), t).find((c) => c.key === 'price')!;
    expect(price).toMatchObject({ valueType: 'number', precision: 2, align: 'right', hideInSearch: true });
  });

  it('sorts by the code (or the list’s own key), both names and the dates, from their headers', () => {
    expect(configSorts(configList('system'))).toEqual(['key', 'nameZh', 'nameEn']);
    expect(configSorts(configList('defect'))).toEqual(['code', 'nameZh', 'nameEn']);
    for (const list of CONFIG_LISTS) {
      const sorted = tableColumns(configColumns(list, context(), t)).flatMap((c) => (c.sort ? [c.sort] : []));
      expect(sorted.sort()).toEqual([...configSorts(list)].sort());
    }
  });

  it('a date range list filters by startTime and endTime', () => {
    const columns = configColumns(configList('holiday'), context(), t);
    expect(columns.find((c) => c.key === 'date')).toMatchObject({ valueType: 'date', hideInSearch: true });
    expect(toFilters(columns, { dateRange: ['2026-01-01', '2026-01-31'] })).toEqual({
      startTime: '2026-01-01',
      endTime: '2026-01-31',
    });
  });

  it('without the back-office view there is no frozen or deleted filter', () => {
    const inputs = searchColumns(configColumns(configList('express'), context({ extend: false }), t)).map(
      searchName,
    );
    expect(inputs).toEqual(['keyword']);
  });

  it('long texts stay in the detail, not the table', () => {
    const shown = tableColumns(configColumns(configList('inspectiontest'), context(), t)).map((c) => c.key);
    expect(shown).not.toContain('method');
    expect(shown).not.toContain('remark');
    expect(shown).toContain('safety');
  });

  it('references read by name in the UI language; the key opens the row', () => {
    expect(refName({ id: '1', code: 'FABRIC', nameZh: '面料', nameEn: 'Fabric' }, 'zh')).toBe('面料');
    expect(refName({ id: '1', code: 'FABRIC', nameZh: '面料', nameEn: null }, 'en')).toBe('面料');
    expect(refName({ id: '1', code: 'FABRIC', nameZh: null, nameEn: null }, 'en')).toBe('FABRIC');

    const onOpen = vi.fn();
    const columns = configColumns(configList('defect'), context({ onOpen }), t);
    const row = {
      id: '5',
      version: 0,
      active: 1,
      valid: 1,
      sort: 0,
      code: 'D007',
      nameZh: '缝线脱开',
      nameEn: 'Open seam',
      remark: null,
      createdAt: '',
      updatedAt: '',
      partId: '9',
      refs: { partId: [{ id: '9', code: 'FABRIC', nameZh: '面料', nameEn: 'Fabric' }] },
    };
    render(
      <div>
        {columns.find((c) => c.key === 'code')!.render!('D007', row, 0)}
        {columns.find((c) => c.key === 'partId')!.render!('9', row, 0)}
      </div>,
    );
    expect(screen.getByText('Fabric')).toBeTruthy();
    screen.getByText('D007').click();
    expect(onOpen).toHaveBeenCalledWith(row);
    expect(keyField(configList('system'))).toBe('key');
  });
});
