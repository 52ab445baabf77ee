import { createInspectionPlan } from '@qcdesk/contract/inspection-plan';
import type { OperationDef } from '@qcdesk/contract/operation';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { renderWidget } from '../../components/test-utils';
import { BoardPanel } from './plan-board-panel';
import { emptyDraft, type PlanDraft } from './plan-selection';

const INSPECTORS = [
  { id: 'u1', name: '验货一', englishName: 'Inspector One' },
  { id: 'u2', name: '验货二', englishName: 'Inspector Two' },
];

const DRAFT: PlanDraft = {
  ...emptyDraft(),
  factoryId: 'f1',
  applyIds: ['a1', 'a2'],
  leadInspectorId: 'u1',
  assistantIds: ['u2'],
  planDate: '2099-01-05',
  manDays: 1.5,
};

const BUSY = {
  key: 'W_INSPECTOR_BUSY',
  params: { date: '2099-01-05' },
  zh: '验货员当天已有安排',
  en: 'The inspector is already booked that day',
};

const plan = { id: '9', planNo: 'P2099-001' };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function spyCreate(answers: unknown[]) {
  const calls: unknown[] = [];
  vi.spyOn(api, 'call').mockImplementation(async (op: OperationDef, input: unknown) => {
    if (op.path !== createInspectionPlan.path) throw new Error(`unexpected ${op.path}`);
    calls.push(input);
    return answers.shift() as never;
  });
  return calls;
}

/** The panel on its own, its draft fixed: what it sends and when it calls `onCreated`. */
const showPanel = (onCreated: (created: unknown) => void, draft = DRAFT) =>
  renderWidget(
    <BoardPanel
      draft={draft}
      onChange={() => undefined}
      inspectors={INSPECTORS}
      factoryName="F1"
      onCreated={onCreated}
    />,
  );

describe('the board panel’s create with warnings (ADR 0018)', () => {
  it('shows the warnings inline and resends the same input with confirm: true', async () => {
    const calls = spyCreate([
      { saved: false, warnings: [BUSY], result: null },
      { saved: true, warnings: [BUSY], result: plan },
    ]);
    const onCreated = vi.fn();
    showPanel(onCreated);
    fireEvent.click(screen.getByTestId('plan-board-save'));
    const panel = await screen.findByTestId('plan-board-warnings');
    expect(panel.textContent).toMatch(/already booked|已有安排/);
    expect(onCreated).not.toHaveBeenCalled();
    expect(calls).toEqual([
      {
        applyIds: ['a1', 'a2'],
        planDate: '2099-01-05',
        leadInspectorId: 'u1',
        assistantIds: ['u2'],
        manDays: 1.5,
        dispatch: false,
      },
    ]);

    fireEvent.click(screen.getByTestId('plan-board-confirm'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(plan));
    expect(calls[1]).toEqual({ ...(calls[0] as object), confirm: true });
    expect(screen.queryByTestId('plan-board-warnings')).toBeNull();
  });

  it('going back keeps the draft unsaved and sends nothing more', async () => {
    const calls = spyCreate([{ saved: false, warnings: [BUSY], result: null }]);
    const onCreated = vi.fn();
    showPanel(onCreated);
    fireEvent.click(screen.getByTestId('plan-board-save'));
    fireEvent.click(await screen.findByTestId('plan-board-dismiss'));
    expect(screen.queryByTestId('plan-board-warnings')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('saves at once without warnings, and cannot save an incomplete draft', async () => {
    const calls = spyCreate([{ saved: true, warnings: [], result: plan }]);
    const onCreated = vi.fn();
    const { unmount } = showPanel(onCreated);
    fireEvent.click(screen.getByTestId('plan-board-save'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(plan));
    expect(calls).toHaveLength(1);
    unmount();

    showPanel(onCreated, { ...DRAFT, manDays: 0.3 });
    expect(screen.getByTestId('plan-board-save').hasAttribute('disabled')).toBe(true);
  });

  it('links the saved plan once the board empties its selection, for its details (dispatch)', async () => {
    spyCreate([{ saved: true, warnings: [], result: plan }]);
    // The board empties the draft when the plan is saved (plan-board.tsx).
    function Board() {
      const [draft, setDraft] = useState(DRAFT);
      return (
        <BoardPanel
          draft={draft}
          onChange={setDraft}
          inspectors={INSPECTORS}
          factoryName="F1"
          onCreated={() => setDraft(emptyDraft())}
        />
      );
    }
    renderWidget(
      <MemoryRouter>
        <Board />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('plan-board-created')).toBeNull();
    fireEvent.click(screen.getByTestId('plan-board-save'));
    const link = await screen.findByTestId('plan-board-created');
    expect(link.getAttribute('href')).toBe('/en/inspection/plan?id=9');
  });
});
