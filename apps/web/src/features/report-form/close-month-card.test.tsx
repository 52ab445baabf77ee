import type { OperationDef } from '@qcdesk/contract/operation';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { renderWidget } from '../../components/test-utils';
import { CloseMonthCard, closableMonths } from './close-month-card';
import { reportFormEn } from './report-form.en';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CloseMonthCard', () => {
  it('offers the twelve months before this one, the latest first', () => {
    expect(closableMonths(dayjs('2026-01-15'))).toEqual([
      '2025-12',
      '2025-11',
      '2025-10',
      '2025-09',
      '2025-08',
      '2025-07',
      '2025-06',
      '2025-05',
      '2025-04',
      '2025-03',
      '2025-02',
      '2025-01',
    ]);
  });

  it('closes the chosen month after a confirmation', async () => {
    const calls: { path: string; input: unknown }[] = [];
    vi.spyOn(api, 'call').mockImplementation(async (op: OperationDef, input: unknown) => {
      calls.push({ path: op.path, input });
      return { month: '2026-10', lines: 6, corrections: 0 } as never;
    });
    const { i18n } = renderWidget(<CloseMonthCard />);
    act(() => {
      i18n.addResourceBundle('en', 'translation', { 'report-form': reportFormEn }, true);
    });
    fireEvent.click(await screen.findByTestId('report-form-close-month'));
    const month = closableMonths()[0]!;
    expect(await screen.findByText(`Close ${month}? Its fee lines will no longer change.`)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close month' }).at(-1)!);
    await vi.waitFor(() => expect(calls).toEqual([{ path: 'reportform/close-month', input: { month } }]));
  });
});
