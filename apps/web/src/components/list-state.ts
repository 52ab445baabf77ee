/**
 * The state of a list — its search values, page, page size and sort — as the URL's query string
 * and back (issue 12): pure functions, so Back, reload, a bookmark and the breadcrumb all restore a
 * list the same way, and the user's last search of a list can be kept in browser storage.
 *
 * A list owns one query parameter per search input (by the input's name), plus `page`, `pageSize`,
 * `sort` and `order`; with a `prefix` (two lists on one page) every one of them is prefixed. A value
 * equal to the input's initial value is left out; an input cleared although it has an initial value
 * is written empty (`?solved=`). Other parameters of the page (`?tab=`) are never touched.
 */
import { DEFAULT_PAGE, MAX_PAGE_SIZE, PRODUCT_CODE } from '@qcdesk/contract/constants';
import { trimText } from '../lib/text';
import {
  columnOptions,
  type Filters,
  initialSearchValues,
  searchColumns,
  searchName,
  sortKeys,
  type TableColumn,
} from './table-columns';

export type SortOrder = 'asc' | 'desc';

export interface ListState {
  /** The search bar's values by input name, before they become filters (`toFilters`). */
  values: Filters;
  page: number;
  pageSize: number;
  /** One of the columns' sort keys; none keeps the search's own order. */
  sort?: string;
  order: SortOrder;
}

/** A list's parameters as written to the URL and to storage (names without the prefix). */
export type ListParams = Record<string, string>;

const PAGE = 'page';
const PAGE_SIZE = 'pageSize';
const SORT = 'sort';
const ORDER = 'order';

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One search value as a query parameter: text as it is, a date range as `from,to`, objects as JSON. */
export function encodeValue<T>(column: TableColumn<T>, value: unknown): string {
  if (isEmpty(value)) return '';
  if (column.valueType === 'dateRange' && Array.isArray(value)) return value.join(',');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A query parameter back to the value its input holds: a number, a boolean, a select's option value
 * (as the option has it, number or text), a date range, or the object a custom input (an
 * auto-complete's `{ value, label }`) put there. Undefined when the text cannot be that value.
 */
export function decodeValue<T>(column: TableColumn<T>, raw: string): unknown {
  if (raw === '') return undefined;
  switch (column.valueType) {
    case 'number': {
      const number = Number(raw);
      return Number.isFinite(number) ? number : undefined;
    }
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'dateRange': {
      const parts = raw.split(',');
      return parts.length === 2 && parts[0] && parts[1] ? parts : undefined;
    }
    case 'select': {
      // Options that load later (or a custom select without options) keep the text.
      const option = columnOptions(column).find((o) => String(o.value) === raw);
      if (option) return option.value;
      break;
    }
    default:
      break;
  }
  if (column.renderFormItem && (raw.startsWith('{') || raw.startsWith('['))) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null) return parsed;
    } catch {
      // Not JSON: the text itself.
    }
  }
  return raw;
}

/** Every parameter name the list owns (without prefix): its search inputs and the paging and sort. */
export function listParamNames<T>(columns: readonly TableColumn<T>[]): string[] {
  return [...searchColumns(columns).map((c) => searchName(c)!), PAGE, PAGE_SIZE, SORT, ORDER];
}

/** The list's parameters of a query string, prefix removed; empty when the URL says nothing of it. */
export function pickListParams<T>(
  search: URLSearchParams,
  columns: readonly TableColumn<T>[],
  prefix = '',
): ListParams {
  const params: ListParams = {};
  for (const name of listParamNames(columns)) {
    const value = search.get(prefix + name);
    if (value !== null) params[name] = value;
  }
  return params;
}

function positiveInt(raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const number = Number(raw);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
}

/** The state a list's parameters describe; missing or unreadable parts take the defaults. */
export function decodeListState<T>(
  params: ListParams,
  columns: readonly TableColumn<T>[],
  defaultPageSize: number,
): ListState {
  const values: Filters = { ...initialSearchValues(columns) };
  for (const column of searchColumns(columns)) {
    const name = searchName(column)!;
    const raw = params[name];
    if (raw !== undefined) values[name] = decodeValue(column, trimText(raw));
  }
  const sort = params[SORT];
  const state: ListState = {
    values,
    page: positiveInt(params[PAGE], DEFAULT_PAGE),
    pageSize: positiveInt(params[PAGE_SIZE], defaultPageSize, MAX_PAGE_SIZE),
    order: params[ORDER] === 'desc' ? 'desc' : 'asc',
  };
  if (sort && sortKeys(columns).includes(sort)) state.sort = sort;
  return state;
}

/** A state as the list's parameters: what equals the default is left out, so a fresh list has none. */
export function encodeListState<T>(
  state: ListState,
  columns: readonly TableColumn<T>[],
  defaultPageSize: number,
): ListParams {
  const params: ListParams = {};
  const initial = initialSearchValues(columns);
  for (const column of searchColumns(columns)) {
    const name = searchName(column)!;
    const value = trimText(state.values[name]);
    if (!sameValue(value, initial[name])) params[name] = encodeValue(column, value);
  }
  if (state.page !== DEFAULT_PAGE) params[PAGE] = String(state.page);
  if (state.pageSize !== defaultPageSize) params[PAGE_SIZE] = String(state.pageSize);
  if (state.sort) {
    params[SORT] = state.sort;
    params[ORDER] = state.order;
  }
  return params;
}

/** The query string with the list's parameters replaced by `params`; the page's others stay. */
export function withListParams<T>(
  search: URLSearchParams,
  params: ListParams,
  columns: readonly TableColumn<T>[],
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of listParamNames(columns)) next.delete(prefix + name);
  for (const [name, value] of Object.entries(params)) next.set(prefix + name, value);
  return next;
}

/** Two parameter sets describe the same list state. */
export function sameParams(a: ListParams, b: ListParams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The search values as the list keeps them: text trimmed, inputs it does not know left out. */
export function searchValues<T>(columns: readonly TableColumn<T>[], values: Filters): Filters {
  const kept: Filters = {};
  for (const column of searchColumns(columns)) {
    const name = searchName(column)!;
    kept[name] = trimText(values[name]);
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Browser storage: the last search and the table settings of a list, per user
// ---------------------------------------------------------------------------------------------

/** Where the user's last search of a list is kept (local storage: it outlives the tab). */
export function lastSearchKey(userId: string, listKey: string): string {
  return `${PRODUCT_CODE}.list.${userId}.${listKey}`;
}

/** Where the user's columns and density of a list are kept. */
export function tableSettingsKey(userId: string, listKey: string): string {
  return `${PRODUCT_CODE}.table.${userId}.${listKey}`;
}

/** Stored parameters read back; anything but a flat object of texts is ignored. */
export function parseStoredParams(text: string | null): ListParams | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const params: ListParams = {};
    for (const [key, item] of Object.entries(value)) if (typeof item === 'string') params[key] = item;
    return params;
  } catch {
    return null;
  }
}

/**
 * Which state a list opens with: the URL's when it names any of the list's parameters (the URL
 * wins), else the user's last search of the list, else the defaults. `restored` says the URL should
 * be rewritten to show it.
 */
export function openingParams(
  fromUrl: ListParams,
  stored: ListParams | null,
): { params: ListParams; restored: boolean } {
  if (Object.keys(fromUrl).length > 0) return { params: fromUrl, restored: false };
  if (stored && Object.keys(stored).length > 0) return { params: stored, restored: true };
  return { params: {}, restored: false };
}

/**
 * The sort part of a search's input (contract `sorting(fields)`): the query's sort when the search
 * knows the key, with its order; nothing otherwise (the search keeps its own order).
 */
export function sortInput<S extends string>(
  query: { sort?: string | undefined; order: SortOrder },
  keys: readonly S[],
): { sort?: S; order?: SortOrder } {
  const sort = keys.find((key) => key === query.sort);
  return sort ? { sort, order: query.order } : {};
}
