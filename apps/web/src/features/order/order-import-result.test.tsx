import type { OrderImport } from '@qcdesk/contract/order';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { pretendPhone } from '../../components/test-utils';
import { i18n } from '../../i18n/i18n';
import { OrderImportResult } from './order-import-result';

const base: OrderImport = {
  id: '7',
  fileName: 'orders.xlsx',
  replace: false,
  status: 'queued',
  rowsRead: 0,
  rowsTotal: null,
  errors: [],
  errorCount: 0,
  created: 0,
  updated: 0,
  orders: [],
  errorFile: null,
  createdAt: '2026-11-24T10:00:00.000Z',
};

const quantityZero = {
  row: 3,
  column: 'quantity',
  value: '0',
  reason: 'E_RANGE',
  zh: '数量超出范围',
  en: 'Quantity is out of range',
};

async function show(job: Partial<OrderImport>, language: 'en' | 'zh' = 'en') {
  await i18n.changeLanguage(language);
  render(
    <MemoryRouter>
      <OrderImportResult job={{ ...base, ...job }} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('OrderImportResult', () => {
  it('shows a running import as a progress bar with its phase', async () => {
    await show({ status: 'reading', rowsRead: 2000 });
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByTestId('order-import-progress').textContent).toContain(
      'Checking the rows: 2,000 read',
    );
  });

  it('links to the written orders and counts the ones not listed', async () => {
    await show({
      status: 'done',
      created: 101,
      updated: 1,
      rowsTotal: 400,
      orders: [
        { id: '11', orderNo: 'OF-1' },
        { id: '12', orderNo: 'OF-2' },
      ],
    });
    const done = screen.getByTestId('order-import-done');
    expect(done.textContent).toContain('Orders created: 101 · replaced: 1 · lines: 400');
    expect(within(done).getByRole('link', { name: 'OF-2' }).getAttribute('href')).toBe('/en/order/12');
    expect(done.textContent).toContain('and 100 more');
  });

  it('lists the row errors in a table, saying nothing was written and how many were kept', async () => {
    await show({
      status: 'refused',
      errors: [quantityZero],
      errorCount: 1500,
      errorFile: { name: 'orders - 错误 errors.xlsx', url: '/api/file/9?sig=x' },
    });
    const refused = screen.getByTestId('order-import-refused');
    const link = within(refused).getByRole('link', { name: /Download the file with its errors marked/ });
    expect(link.getAttribute('href')).toBe('/api/file/9?sig=x');
    expect(refused.textContent).toContain('Nothing was written');
    expect(refused.textContent).toContain('Row errors: 1500 (the first 1 are shown)');
    const cells = within(screen.getByTestId('order-import-error')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['3', 'Quantity', '0', 'Quantity is out of range']);
  });

  it('lists them as cards in Chinese on a phone', async () => {
    const restore = pretendPhone();
    try {
      await show({ status: 'refused', errors: [quantityZero], errorCount: 1 }, 'zh');
      const item = screen.getByTestId('order-import-error');
      expect(item.textContent).toContain('第 3 行 · 数量');
      expect(item.textContent).toContain('数量超出范围');
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      restore();
    }
  });
});
