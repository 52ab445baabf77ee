/**
 * A list's state kept in the URL (list-state.ts): read from the query string, written back with
 * push (a search, a sort, another page: Back returns to it) or replace (the page size, a restored
 * search), and remembered per user in local storage so a bare URL — the menu, a new tab — opens the
 * user's last search of the list.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../api/session';
import { readStorage, writeStorage } from '../lib/storage';
import {
  decodeListState,
  encodeListState,
  type ListParams,
  type ListState,
  lastSearchKey,
  openingParams,
  parseStoredParams,
  pickListParams,
  withListParams,
} from './list-state';
import type { TableColumn } from './table-columns';

/**
 * The history entries (list and location key) where a list showed its defaults on a bare URL. Back
 * to such an entry shows the defaults again, as it did then, instead of the last search: only a bare
 * URL the list has not shown yet (the menu, a new tab) restores it.
 */
const bareEntries = new Set<string>();

/** Forgets the entries shown bare (tests start each from a fresh history). */
export function forgetBareEntries(): void {
  bareEntries.clear();
}

/** Storage is kept per signed-in user; before anyone signs in, under one shared name. */
export function useUserId(): string {
  return useSession()?.uid ?? 'anonymous';
}

export interface ListStateOptions<T> {
  columns: readonly TableColumn<T>[];
  /** Names the list in storage (its search operation's key, plus e.g. the config list's name). */
  listKey: string;
  /** Prefixes the list's URL parameters when it shares its page with another list. */
  prefix?: string;
  defaultPageSize: number;
}

export interface ListStateHandle {
  state: ListState;
  /** The state's parameters, canonical (defaults left out): equal parameters, equal search. */
  params: ListParams;
  /**
   * Changes the state: `changes` apply to the newest one asked for, even while the URL has not
   * caught up (a navigation waits for the route guard), so a page clicked right after a search
   * keeps that search.
   */
  commit: (changes: Partial<ListState>, mode: 'push' | 'replace') => void;
  /** A state's canonical parameters, to compare with `params`. */
  encode: (next: ListState) => ListParams;
}

export function useListState<T>({
  columns,
  listKey,
  prefix = '',
  defaultPageSize,
}: ListStateOptions<T>): ListStateHandle {
  const [search, setSearch] = useSearchParams();
  const storeKey = lastSearchKey(useUserId(), listKey);
  const locationKey = useLocation().key;
  const entry = `${storeKey} ${locationKey}`;
  const fromUrl = pickListParams(search, columns, prefix);
  const bare = Object.keys(fromUrl).length === 0;
  const stored = bareEntries.has(entry) ? null : parseStoredParams(readStorage('localStorage', storeKey));
  const opening = openingParams(fromUrl, stored);
  const openingKey = JSON.stringify(opening.params);
  if (bare && !opening.restored) bareEntries.add(entry);

  const state = useMemo(
    () => decodeListState(opening.params, columns, defaultPageSize),
    [openingKey, columns, defaultPageSize],
  );
  const params = useMemo(
    () => encodeListState(state, columns, defaultPageSize),
    [state, columns, defaultPageSize],
  );
  const paramsKey = JSON.stringify(params);

  // The newest state asked for: the shown one, unless a change is still on its way to the URL. Any
  // navigation that lands (ours, or Back) makes the shown state the newest again.
  const latest = useRef({ state, locationKey, pending: false });
  if (latest.current.locationKey !== locationKey || !latest.current.pending) {
    latest.current = { state, locationKey, pending: false };
  }

  // A bare URL opened the last search: show it in the address (bookmarkable, and the route memory
  // of the breadcrumb keeps it) without a history entry of its own.
  useEffect(() => {
    if (opening.restored) {
      setSearch((current) => withListParams(current, params, columns, prefix), { replace: true });
    }
  }, [opening.restored, paramsKey]);

  // Whatever the list shows — a link someone shared included — is the user's last search of it.
  useEffect(() => {
    writeStorage('localStorage', storeKey, paramsKey);
  }, [storeKey, paramsKey]);

  const commit = useCallback(
    (changes: Partial<ListState>, mode: 'push' | 'replace') => {
      const next = { ...latest.current.state, ...changes };
      latest.current = { ...latest.current, state: next, pending: true };
      const nextParams = encodeListState(next, columns, defaultPageSize);
      // Stored before the URL changes: a reset leaves a bare URL, which must not restore the old search.
      writeStorage('localStorage', storeKey, JSON.stringify(nextParams));
      setSearch((current) => withListParams(current, nextParams, columns, prefix), {
        replace: mode === 'replace',
      });
    },
    [columns, defaultPageSize, prefix, setSearch, storeKey],
  );

  const encode = useCallback(
    (next: ListState) => encodeListState(next, columns, defaultPageSize),
    [columns, defaultPageSize],
  );

  return { state, params, commit, encode };
}
