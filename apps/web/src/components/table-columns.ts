/**
 * One column array drives both a list's table and its search bar (STYLE.md, after Ant Design Pro's
 * ProTable): `valueType` says how a value shows in the table and which input filters it, `valueEnum` or
 * `options` name the choices, `hideInSearch` / `hideInTable` leave a column out of either.
 *
 * A `dateRange` column filters by `startTime` / `endTime` unless it says otherwise (every dated list of
 * spec §3 does, DOMAIN.md §2.11).
 */
import type { ReactNode } from 'react';
import { formatDate, formatDecimal, formatInteger } from '../lib/format';
import { trimText } from '../lib/text';
import type { Label } from './widgets-i18n';

export type ValueType = 'text' | 'number' | 'date' | 'dateRange' | 'select' | 'bool';

export type OptionValue = string | number | boolean;

export interface ColumnOption {
  value: OptionValue;
  label: Label;
}

/** ProTable's valueEnum: code → label (or `{ text }`). */
export type ValueEnum = Record<string, Label | { text: Label }>;

export type Filters = Record<string, unknown>;

export interface SearchInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

export interface TableColumn<T> {
  /** Unique among the columns; defaults to `dataIndex`. A column without `dataIndex` that filters needs `searchKey`. */
  key?: string;
  title: Label;
  dataIndex?: keyof T & string;
  valueType?: ValueType;
  valueEnum?: ValueEnum;
  options?: readonly ColumnOption[];
  /** Places shown for a `number` column (default: integers as they are, fractions to one place). */
  precision?: number;
  hideInSearch?: boolean;
  hideInTable?: boolean;
  /** The filter's name when it differs from `dataIndex`. */
  searchKey?: string;
  /** Turns the input's value into filters, e.g. a range into `{ startTime, endTime }`. */
  searchTransform?: (value: unknown) => Filters;
  /** The filter's value when the bar opens and after a reset. */
  initialValue?: unknown;
  /** A search input of the column's own, e.g. a client auto-complete. */
  renderFormItem?: (props: SearchInputProps) => ReactNode;
  render?: (value: unknown, row: T, index: number) => ReactNode;
  width?: number | string;
  /** The narrowest the column's values get when the table shares out its width (tags, many-word values). */
  minWidth?: number;
  /**
   * Long values (names, scopes) wrap at this width instead of widening the table: the table is as
   * wide as its cells, so one long name would push the last columns out of view.
   */
  wrapWidth?: number;
  align?: 'left' | 'right' | 'center';
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  /**
   * The search's sort key for this column (contract `sorting(fields)`): its presence makes the header
   * sortable, server-side; the key and direction are kept in the URL (`?sort=name&order=desc`).
   */
  sort?: string;
  /**
   * The narrowest screen that shows the column until the person picks columns themselves (antd's
   * breakpoints: `lg` hides it below 992 px): a low-priority column gives way on a tablet.
   */
  showFrom?: 'md' | 'lg' | 'xl' | 'xxl';
}

export const EMPTY_CELL = '-';

export function columnKey<T>(column: TableColumn<T>, index: number): string {
  return column.key ?? column.dataIndex ?? `column-${index}`;
}

/** The name of a column's search input, and of its filter unless a transform renames it. */
export function searchName<T>(column: TableColumn<T>): string | undefined {
  return column.searchKey ?? column.dataIndex;
}

/** The columns that give the search bar an input: not hidden, and with a filter name. */
export function searchColumns<T>(columns: readonly TableColumn<T>[]): TableColumn<T>[] {
  return columns.filter((column) => !column.hideInSearch && searchName(column) !== undefined);
}

export function tableColumns<T>(columns: readonly TableColumn<T>[]): TableColumn<T>[] {
  return columns.filter((column) => !column.hideInTable);
}

/** The sort keys of a column array, in column order. */
export function sortKeys<T>(columns: readonly TableColumn<T>[]): string[] {
  return columns.flatMap((column) => (column.sort && !column.hideInTable ? [column.sort] : []));
}

/** The choices of a select column: `options` first, else `valueEnum`. */
export function columnOptions<T>(column: TableColumn<T>): ColumnOption[] {
  if (column.options) return [...column.options];
  return Object.entries(column.valueEnum ?? {}).map(([value, label]) => ({
    value,
    label: typeof label === 'object' && 'text' in label ? label.text : label,
  }));
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The initial values of the search bar's inputs, by input name. */
export function initialSearchValues<T>(columns: readonly TableColumn<T>[]): Filters {
  const values: Filters = {};
  for (const column of searchColumns(columns)) {
    if (column.initialValue !== undefined) values[searchName(column)!] = column.initialValue;
  }
  return values;
}

/** The filters a search sends: empty inputs left out, text trimmed, ranges split, transforms applied. */
export function toFilters<T>(columns: readonly TableColumn<T>[], values: Filters): Filters {
  const filters: Filters = {};
  for (const column of searchColumns(columns)) {
    const name = searchName(column)!;
    const value = trimText(values[name]);
    if (isEmpty(value)) continue;
    if (column.searchTransform) Object.assign(filters, column.searchTransform(value));
    else if (column.valueType === 'dateRange' && Array.isArray(value)) {
      filters.startTime = value[0];
      filters.endTime = value[1];
    } else filters[name] = value;
  }
  return filters;
}

/** How a value shows in a cell when the column has no `render`. */
export function formatCell<T>(
  column: TableColumn<T>,
  value: unknown,
  text: { yes: string; no: string; label: (label: Label) => string },
): string {
  if (value === undefined || value === null || value === '') return EMPTY_CELL;
  switch (column.valueType) {
    case 'number': {
      const number = Number(value);
      if (column.precision !== undefined) return formatDecimal(number, column.precision);
      return Number.isInteger(number) ? formatInteger(number) : formatDecimal(number);
    }
    case 'date':
      return formatDate(value as string) || EMPTY_CELL;
    case 'dateRange':
      return Array.isArray(value) ? value.map((v) => formatDate(v as string)).join(' ~ ') : EMPTY_CELL;
    case 'bool':
      return value ? text.yes : text.no;
    case 'select': {
      const option = columnOptions(column).find((o) => String(o.value) === String(value));
      return option ? text.label(option.label) : String(value);
    }
    default:
      return String(value);
  }
}
