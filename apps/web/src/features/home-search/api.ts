import { PRODUCT_CODE } from '@qcdesk/contract/constants';
import { HOME_SEARCH_MIN_LENGTH, homeSearch } from '@qcdesk/contract/home-search';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import { readStorage, writeStorage } from '../../lib/storage';
import { isSearchMode, type SearchMode } from './home-search-model';

/** Spec §3 storage: "a home search value", kept per browser under the product's prefix. */
const HOME_SEARCH_STORAGE_KEY = `${PRODUCT_CODE}.homeSearch`;

export interface StoredSearch {
  term: string;
  mode: SearchMode;
}

export function readStoredSearch(): StoredSearch | null {
  const raw = readStorage('localStorage', HOME_SEARCH_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSearch>;
    if (typeof value.term !== 'string' || !value.term.trim()) return null;
    return { term: value.term, mode: isSearchMode(value.mode) ? value.mode : 'all' };
  } catch {
    return null;
  }
}

export function storeSearch(search: StoredSearch): void {
  writeStorage('localStorage', HOME_SEARCH_STORAGE_KEY, JSON.stringify(search));
}

/** DOMAIN.md §6.11: one term (≥ 2 characters), every source the caller may read, 10 hits each. */
export function useHomeSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: [...operationKey(homeSearch), trimmed],
    queryFn: ({ signal }) => api.call(homeSearch, { term: trimmed }, { signal }),
    enabled: [...trimmed].length >= HOME_SEARCH_MIN_LENGTH,
  });
}
