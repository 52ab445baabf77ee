import { planBoard } from '@qcdesk/contract/inspection-plan';
import type { OperationDef } from '@qcdesk/contract/operation';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { type createTestI18n, pretendPhone, renderWidget } from '../../components/test-utils';
import type { PlanBoard as Board } from './api';
import { inspectionPlanEn } from './inspection-plan.en';
import { PlanBoard } from './plan-board';

const ref = (id: string, name: string) => ({ id, code: id, nameZh: name, nameEn: name });
const apply = (id: string) => ({
  id,
  applyNo: `IA${id}`,
  orderNo: 'PO1',
  inspectionType: ref('t1', 'Final'),
  expectedDate: '2099-01-06',
  deliveryDate: '2099-01-20',
  quantity: 1200,
  itemCount: 2,
  applyType: 1,
  version: 1,
});

const BOARD: Board = {
  factories: [
    {
      factory: ref('f1', 'Factory One'),
      days: [{ date: '2099-01-06', applications: [apply('1'), apply('2')] }],
    },
    { factory: ref('f2', 'Factory Two'), days: [{ date: '2099-01-07', applications: [apply('3')] }] },
  ],
  inspectors: [
    {
      inspector: { id: 'u1', name: '验货一', englishName: 'Inspector One' },
      days: [{ date: '2099-01-06', manDays: '1.5' }],
    },
    { inspector: { id: 'u2', name: '验货二', englishName: 'Inspector Two' }, days: [] },
  ],
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const box = (id: string) => screen.getByTestId(id) as HTMLInputElement;

/** The board with the area's English texts (the widget i18n holds only the widgets' own). */
function renderBoardWithTexts() {
  return renderBoard((i18n) =>
    i18n.addResourceBundle('en', 'translation', { 'inspection-plan': inspectionPlanEn }, true),
  );
}

function renderBoard(texts?: (i18n: ReturnType<typeof createTestI18n>) => void) {
  const calls: unknown[] = [];
  vi.spyOn(api, 'call').mockImplementation(async (op: OperationDef, input: unknown) => {
    if (op.path !== planBoard.path) throw new Error(`unexpected ${op.path}`);
    calls.push(input);
    return BOARD as never;
  });
  const { i18n } = renderWidget(
    <MemoryRouter initialEntries={['/en/inspection/plan?view=board&week=2099-01-07']}>
      <PlanBoard />
    </MemoryRouter>,
  );
  texts?.(i18n);
  return calls;
}

describe('the planning board', () => {
  it('asks one board call for the week and marks an overbooked day', async () => {
    const calls = renderBoard();
    const cell = await screen.findByTestId('plan-board-cell-u1-2099-01-06');
    expect(calls).toEqual([{ startTime: '2099-01-05', endTime: '2099-01-11' }]);
    expect(cell.textContent).toContain('1.5');
    expect(screen.getByTestId('plan-board-cell-u2-2099-01-06').textContent).toBe('·');
  });

  it('plans by ticking applications of one factory and an inspector’s day', async () => {
    renderBoard();
    fireEvent.click(await screen.findByTestId('plan-board-apply-1'));
    fireEvent.click(box('plan-board-apply-2'));
    fireEvent.click(screen.getByTestId('plan-board-cell-u2-2099-01-07'));
    const cell = screen.getByTestId('plan-board-cell-u2-2099-01-07');
    expect(cell.getAttribute('aria-pressed')).toBe('true');
    expect(cell.textContent).toContain('+1');
    expect(screen.getByTestId('plan-board-summary').textContent).not.toContain('selectHint');
    expect(screen.getByTestId('plan-board-save').hasAttribute('disabled')).toBe(false);

    // Another factory's application starts that factory's selection.
    fireEvent.click(box('plan-board-apply-3'));
    expect(box('plan-board-apply-1').checked).toBe(false);
    expect(box('plan-board-apply-3').checked).toBe(true);
  });

  it('names each cell with the text it shows (label in name), the added man-days too', async () => {
    const calls = renderBoardWithTexts();
    const booked = await screen.findByTestId('plan-board-cell-u1-2099-01-06');
    expect(calls).toHaveLength(1);
    expect(booked.getAttribute('aria-label')).toBe('Inspector One, 2099-01-06: 1.5 man-days');
    fireEvent.click(box('plan-board-apply-1'));
    fireEvent.click(booked);
    expect(booked.textContent).toBe('2.5 +1');
    expect(booked.getAttribute('aria-label')).toBe(
      'Inspector One, 2099-01-06: 2.5 +1 man-days, with this plan',
    );
  });

  it('is a readable list at phone width', async () => {
    const restore = pretendPhone();
    try {
      renderBoard();
      expect(await screen.findByTestId('plan-board-phone')).toBeTruthy();
      expect(screen.queryByTestId('plan-board-grid')).toBeNull();
      expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    } finally {
      restore();
    }
  });
});

it('moves between the grid’s cells with the arrow keys', async () => {
  renderBoard();
  const first = await screen.findByTestId('plan-board-cell-u1-2099-01-06');
  first.focus();
  fireEvent.keyDown(first, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(screen.getByTestId('plan-board-cell-u2-2099-01-06'));
  fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(screen.getByTestId('plan-board-cell-u2-2099-01-07'));
});
