import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBar } from './search-bar';
import type { TableColumn } from './table-columns';
import { renderWidget } from './test-utils';

interface Sample {
  itemNo: string;
  name: string;
  result: number;
  complete: boolean;
}

const columns: TableColumn<Sample>[] = [
  { title: { zh: '货号', en: 'Item no' }, dataIndex: 'itemNo' },
  { title: { zh: '名称', en: 'Name' }, dataIndex: 'name' },
  {
    title: { zh: '结果', en: 'Result' },
    dataIndex: 'result',
    valueType: 'select',
    options: [
      { value: 1, label: { zh: '合格', en: 'Pass' } },
      { value: 2, label: { zh: '不合格', en: 'Fail' } },
    ],
  },
  { title: { zh: '完整', en: 'Complete' }, dataIndex: 'complete', valueType: 'bool', initialValue: true },
  { title: { zh: '收样日期', en: 'Received' }, searchKey: 'received', valueType: 'dateRange' },
];

function folded(label: string): boolean {
  for (let node: HTMLElement | null = screen.getByLabelText(label); node; node = node.parentElement) {
    if (node.style.display === 'none') return true;
  }
  return false;
}

describe('SearchBar', () => {
  afterEach(cleanup);

  it('folds inputs past the third behind "More filters"', () => {
    renderWidget(<SearchBar columns={columns} onSearch={() => {}} />);
    expect(folded('Result')).toBe(false);
    expect(folded('Complete')).toBe(true);
    const more = screen.getByText('More filters').closest('button')!;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(folded('Complete')).toBe(false);
    expect(screen.getByText('Fewer filters').closest('button')!.getAttribute('aria-expanded')).toBe('true');
  });

  it('counts the folded filters that are set, so a restored one is not active unseen', async () => {
    renderWidget(
      <SearchBar
        columns={columns}
        onSearch={() => {}}
        values={{ complete: false, received: ['2026-01-01', '2026-01-31'] }}
      />,
    );
    // "Complete" differs from its initial value and the range is set: two, both folded.
    expect(await screen.findByText('More filters (2 set)')).toBeTruthy();
    cleanup();
    renderWidget(<SearchBar columns={columns} onSearch={() => {}} values={{ complete: true }} />, {
      language: 'zh',
    });
    expect(await screen.findByText('展开')).toBeTruthy();
  });

  it('searches with the initial values, and again after a reset', async () => {
    const onSearch = vi.fn();
    renderWidget(<SearchBar columns={columns} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'bear' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(onSearch.mock.lastCall?.[0]).toEqual({ name: 'bear', complete: true }));
    expect(onSearch.mock.lastCall?.[1]).toMatchObject({ name: 'bear', complete: true });
    fireEvent.click(screen.getByText('Reset').closest('button')!);
    expect(onSearch.mock.lastCall?.[0]).toEqual({ complete: true });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows the values it is given, and follows when they change (Back to an earlier search)', async () => {
    function Shown() {
      const [values, setValues] = useState<Record<string, unknown>>({ name: 'bear', complete: true });
      return (
        <>
          <button type="button" onClick={() => setValues({ itemNo: 'A-1', complete: true })}>
            back
          </button>
          <SearchBar columns={columns} values={values} onSearch={() => {}} />
        </>
      );
    }
    renderWidget(<Shown />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('bear');
    fireEvent.click(screen.getByText('back'));
    await waitFor(() => expect((screen.getByLabelText('Item no') as HTMLInputElement).value).toBe('A-1'));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('offers the column’s choices in the current language', () => {
    renderWidget(<SearchBar columns={columns} onSearch={() => {}} />, { language: 'zh' });
    fireEvent.mouseDown(screen.getByLabelText('结果'));
    const options = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (o) => o.textContent,
    );
    expect(options).toEqual(['合格', '不合格']);
    expect(screen.getByText(/^查\s?询$/).closest('button')?.type).toBe('submit');
  });
});
