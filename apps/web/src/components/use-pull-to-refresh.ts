/**
 * Pull-to-refresh logic (spec §4, §9), apart from any DOM so each rule has a unit test: a drag must
 * exceed 5 px to start; the shown distance is half the drag, capped at 130; releasing refreshes only
 * past 68 and only when the list is scrolled to the top.
 */
import { PULL_TO_REFRESH } from '@qcdesk/contract/constants';
import { type TouchEvent, useCallback, useReducer } from 'react';

/** The distance the list is pulled down for a finger dragged `drag` px. */
export function pullDistance(drag: number): number {
  if (drag <= PULL_TO_REFRESH.startPx) return 0;
  return Math.min(PULL_TO_REFRESH.maxPx, drag * PULL_TO_REFRESH.ratio);
}

export function shouldRefresh(distance: number, scrollTop: number): boolean {
  return distance > PULL_TO_REFRESH.triggerPx && scrollTop <= 0;
}

export interface PullState {
  /** Where the finger went down, or null when no pull is under way. */
  startY: number | null;
  distance: number;
  refreshing: boolean;
}

export type PullEvent =
  | { type: 'start'; y: number; scrollTop: number }
  | { type: 'move'; y: number }
  | { type: 'end'; scrollTop: number }
  | { type: 'done' };

export const idlePull: PullState = { startY: null, distance: 0, refreshing: false };

export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'start':
      // A list scrolled down scrolls; only a list at its top can be pulled.
      if (state.refreshing || event.scrollTop > 0) return state;
      return { ...state, startY: event.y, distance: 0 };
    case 'move':
      if (state.startY === null) return state;
      return { ...state, distance: pullDistance(event.y - state.startY) };
    case 'end':
      if (state.startY === null) return state;
      return { startY: null, distance: 0, refreshing: shouldRefresh(state.distance, event.scrollTop) };
    case 'done':
      return idlePull;
  }
}

export type PullPhase = 'idle' | 'pulling' | 'ready' | 'refreshing';

export function pullPhase(state: PullState): PullPhase {
  if (state.refreshing) return 'refreshing';
  if (state.distance > PULL_TO_REFRESH.triggerPx) return 'ready';
  return state.distance > 0 ? 'pulling' : 'idle';
}

/**
 * Touch handlers for a list; `scrollTop` reads how far the list is scrolled (its box or the window).
 * `onRefresh` runs once per qualifying release, and the indicator stays until its promise settles.
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>, scrollTop: () => number) {
  const [state, dispatch] = useReducer(pullReducer, idlePull);

  const onTouchStart = useCallback(
    (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) dispatch({ type: 'start', y: touch.clientY, scrollTop: scrollTop() });
    },
    [scrollTop],
  );
  const onTouchMove = useCallback((event: TouchEvent) => {
    const touch = event.touches[0];
    if (touch) dispatch({ type: 'move', y: touch.clientY });
  }, []);
  const onTouchEnd = useCallback(() => {
    const next = pullReducer(state, { type: 'end', scrollTop: scrollTop() });
    dispatch({ type: 'end', scrollTop: scrollTop() });
    if (next.refreshing && !state.refreshing) {
      void onRefresh().finally(() => dispatch({ type: 'done' }));
    }
  }, [state, scrollTop, onRefresh]);

  return {
    state,
    phase: pullPhase(state),
    handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd },
  };
}
