import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager, pageCount, pagerItems } from './pager';
import { renderWidget } from './test-utils';

const labels = (current: number, count: number) =>
  pagerItems(current, count).map((item) =>
    item.type === 'page' ? String(item.page) : `${item.type === 'jump-back' ? '«' : '»'}${item.page}`,
  );

describe('pagerItems', () => {
  it('lists every page up to 5 pages', () => {
    expect(labels(1, 1)).toEqual(['1']);
    expect(labels(3, 5)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('shows jump items beyond 5 pages', () => {
    expect(labels(1, 6)).toEqual(['1', '2', '3', '4', '»6', '6']);
    expect(labels(6, 6)).toEqual(['1', '«1', '3', '4', '5', '6']);
  });

  it('jumps 5 pages from the current one, within the pages', () => {
    expect(labels(10, 20)).toEqual(['1', '«5', '9', '10', '11', '»15', '20']);
    expect(labels(4, 100)).toEqual(['1', '«1', '3', '4', '5', '»9', '100']);
    expect(labels(97, 100)).toEqual(['1', '«92', '96', '97', '98', '»100', '100']);
  });

  it('counts pages from the total', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('Pager', () => {
  afterEach(cleanup);

  it('shows a capped total as "10,000+" and moves between pages', () => {
    const onChange = vi.fn();
    renderWidget(<Pager page={1} pageSize={10} total={10000} totalCapped onChange={onChange} />);
    expect(screen.getByText('10,000+ records')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forward 5 pages' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([
      [2, 10],
      [6, 10],
      [2, 10],
    ]);
  });

  it('says "1 record", not "1 records"', () => {
    renderWidget(<Pager page={1} pageSize={10} total={1} totalCapped={false} onChange={vi.fn()} />);
    expect(screen.getByText('1 record')).toBeTruthy();
  });

  it('offers page sizes 10, 20, 30 and 40 and returns to page 1 on a change', () => {
    const onChange = vi.fn();
    renderWidget(<Pager page={3} pageSize={10} total={95} totalCapped={false} onChange={onChange} />, {
      language: 'zh',
    });
    expect(screen.getByText('共 95 条')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '每页条数' }));
    const options = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (o) => o.textContent,
    );
    expect(options).toEqual(['10 条/页', '20 条/页', '30 条/页', '40 条/页']);
    fireEvent.click(screen.getByText('30 条/页', { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenCalledWith(1, 30);
  });
});
