import { PULL_TO_REFRESH } from '@qcdesk/contract/constants';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullToRefresh } from './pull-to-refresh';
import { renderWidget } from './test-utils';
import { idlePull, pullDistance, pullPhase, pullReducer, shouldRefresh } from './use-pull-to-refresh';

describe('pull-to-refresh rules', () => {
  it('starts only past a 5 px drag', () => {
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(5)).toBe(0);
    expect(pullDistance(6)).toBe(3);
  });

  it('halves the drag and caps it at 130', () => {
    expect(pullDistance(100)).toBe(50);
    expect(pullDistance(260)).toBe(130);
    expect(pullDistance(1000)).toBe(PULL_TO_REFRESH.maxPx);
  });

  it('refreshes only past 68 and only at the top of the list', () => {
    expect(shouldRefresh(68, 0)).toBe(false);
    expect(shouldRefresh(69, 0)).toBe(true);
    expect(shouldRefresh(130, 1)).toBe(false);
  });

  it('follows a drag from touch down to release', () => {
    let state = pullReducer(idlePull, { type: 'start', y: 100, scrollTop: 0 });
    state = pullReducer(state, { type: 'move', y: 200 });
    expect(state.distance).toBe(50);
    expect(pullPhase(state)).toBe('pulling');
    state = pullReducer(state, { type: 'move', y: 250 });
    expect(pullPhase(state)).toBe('ready');
    state = pullReducer(state, { type: 'end', scrollTop: 0 });
    expect(state).toEqual({ startY: null, distance: 0, refreshing: true });
    expect(pullReducer(state, { type: 'done' })).toEqual(idlePull);
  });

  it('ignores a drag that starts in a scrolled list, and a short one', () => {
    const scrolled = pullReducer(idlePull, { type: 'start', y: 100, scrollTop: 40 });
    expect(pullReducer(scrolled, { type: 'move', y: 400 }).distance).toBe(0);
    let short = pullReducer(idlePull, { type: 'start', y: 100, scrollTop: 0 });
    short = pullReducer(short, { type: 'move', y: 230 });
    expect(pullReducer(short, { type: 'end', scrollTop: 0 }).refreshing).toBe(false);
  });
});

describe('PullToRefresh', () => {
  afterEach(cleanup);

  const drag = (target: Element, from: number, to: number) => {
    fireEvent.touchStart(target, { touches: [{ clientY: from }] });
    fireEvent.touchMove(target, { touches: [{ clientY: to }] });
  };

  it('refreshes once on a long enough pull and shows it is refreshing', async () => {
    let finish: () => void = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWidget(
      <PullToRefresh onRefresh={onRefresh}>
        <p>rows</p>
      </PullToRefresh>,
    );
    const list = screen.getByText('rows');
    drag(list, 0, 60);
    expect(screen.getByText('Pull down to refresh')).toBeTruthy();
    fireEvent.touchMove(list, { touches: [{ clientY: 200 }] });
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    fireEvent.touchEnd(list);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Refreshing')).toBeTruthy();
    await act(async () => finish());
    expect(screen.queryByText('Refreshing')).toBeNull();
  });

  it('does not refresh a list scrolled down', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    renderWidget(
      <PullToRefresh onRefresh={onRefresh} getScrollTop={() => 120}>
        <p>rows</p>
      </PullToRefresh>,
    );
    drag(screen.getByText('rows'), 0, 300);
    fireEvent.touchEnd(screen.getByText('rows'));
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
