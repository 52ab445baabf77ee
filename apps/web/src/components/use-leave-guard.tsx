/**
 * The unsaved-changes guard (issue 12): a changed form asks before the page is left, by a link, the
 * menu, Back (react-router's blocker) or by closing or reloading the tab (the browser's own
 * `beforeunload` prompt). After a save, a cancel or a reset it no longer asks.
 *
 * A form calls `useLeaveGuard()` and reports `change()` on user edits (antd Form's onValuesChange)
 * and `settle()` before it navigates away itself. The router allows one blocker at a time, so the
 * forms only register here and one <LeaveGuardHost/>, mounted by each layout, asks for all of them.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type Location, type NavigationType, useBlocker } from 'react-router';
import { useConfirm } from './confirm-dialog';
import { useWidgetsTranslation } from './widgets-i18n';

// The forms with unsaved changes, and the beforeunload listener that is present while there are any.
const changed = new Set<symbol>();
let listening = false;

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (changed.size === 0) return;
  // Both spellings: the standard preventDefault and the legacy returnValue some browsers still need.
  event.preventDefault();
  event.returnValue = '';
}

function sync() {
  if (typeof window === 'undefined') return;
  if (changed.size > 0 && !listening) window.addEventListener('beforeunload', onBeforeUnload);
  if (changed.size === 0 && listening) window.removeEventListener('beforeunload', onBeforeUnload);
  listening = changed.size > 0;
}

/** Whether any form on the page has unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return changed.size > 0;
}

/** Forgets every unsaved change (the user chose to leave them). */
function discardAll() {
  changed.clear();
  sync();
}

/**
 * The guards of the forms inside one dialog or drawer (guarded-modal.tsx): a form there that keeps
 * its own guard tells the dialog whether it holds changes, so the dialog asks exactly when it does
 * (not after the form saved and stayed open).
 */
export interface LeaveGuardScope {
  /** A guard inside appeared; answers how to remove it. */
  register: (key: symbol) => () => void;
  mark: (key: symbol, dirty: boolean) => void;
}

export const LeaveGuardScopeContext = createContext<LeaveGuardScope | null>(null);

export interface LeaveGuard {
  /** The user changed the form: leaving now asks first. */
  change: () => void;
  /** Saved, cancelled or reset: leaving no longer asks. Call it before navigating away yourself. */
  settle: () => void;
  /** Whether the form has unsaved changes (re-renders when it flips). */
  dirty: boolean;
}

export function useLeaveGuard(): LeaveGuard {
  const [key] = useState(() => Symbol('form'));
  const [dirty, setDirty] = useState(false);
  const scope = useContext(LeaveGuardScopeContext);
  useEffect(() => scope?.register(key), [scope, key]);
  // A form that goes away (a closed drawer, a finished edit) no longer holds the page.
  useEffect(
    () => () => {
      changed.delete(key);
      sync();
    },
    [key],
  );
  const actions = useMemo(
    () => ({
      change: () => {
        if (changed.has(key)) return;
        changed.add(key);
        sync();
        setDirty(true);
        scope?.mark(key, true);
      },
      // Synchronous, so a navigation in the same tick (onDone after a save) is no longer blocked.
      settle: () => {
        changed.delete(key);
        sync();
        setDirty(false);
        scope?.mark(key, false);
      },
    }),
    [key, scope],
  );
  return { ...actions, dirty };
}

/** The path without its language segment: switching the language (/zh/x → /en/x) is no leaving. */
const pathOf = (location: Pick<Location, 'pathname'>) => location.pathname.replace(/^\/[^/]+/, '');

/**
 * Whether going from `current` to `next` leaves the page the form is on: another path, or another
 * query the user went to (Back from `?edit=1`). A page rewriting its own query in place (a list
 * keeping its filters in the URL: a replace) does not.
 */
export function leavesPage(
  current: Pick<Location, 'pathname' | 'search'>,
  next: Pick<Location, 'pathname' | 'search'>,
  action: `${NavigationType}` = 'PUSH',
): boolean {
  if (pathOf(current) !== pathOf(next)) return true;
  return current.search !== next.search && action !== 'REPLACE';
}

/**
 * Asks "Leave this page?" when a navigation would drop unsaved changes: Leave goes on (and forgets
 * them), Stay keeps the page and the input. Mount once inside the router, in each layout.
 */
export function LeaveGuardHost() {
  const { t } = useWidgetsTranslation();
  const [confirm, holder] = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges() && leavesPage(currentLocation, nextLocation),
  );
  const latest = useRef(blocker);
  latest.current = blocker;
  const asking = useRef(false);

  useEffect(() => {
    // Asked until the router has left the blocked state: proceed() and reset() take effect a render
    // later, and a render in between (the dialog closing, a resize) must not ask a second time.
    if (blocker.state !== 'blocked') {
      asking.current = false;
      return;
    }
    if (asking.current) return;
    asking.current = true;
    void confirm({
      title: t('widgets.leave.title'),
      content: t('widgets.leave.content'),
      okText: t('widgets.leave.ok'),
      cancelText: t('widgets.leave.stay'),
      danger: true,
      // Enter must not throw the input away.
      focus: 'cancel',
    }).then((leave) => {
      const current = latest.current;
      if (current.state !== 'blocked') {
        asking.current = false;
        return;
      }
      if (leave) {
        discardAll();
        current.proceed();
      } else current.reset();
    });
  }, [blocker.state, confirm, t]);

  return holder;
}
