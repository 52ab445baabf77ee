import type { Language, OperationDef, ParsedInputOf } from '@qcdesk/contract';
import { type EnumName, enumLabel } from '@qcdesk/contract/enumerations';
import { and, asc, count, gt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from './auth';
import { businessDateTime } from './business-time';
import type { Db } from './db';
import type { Label } from './labels';
import type { Scope } from './scope';
import { sheetCell } from './spreadsheet-text';

// The list export of issue 12, as an area declares it in `defineModule({ exports: [...] })`: which
// rows (the area's own search WHERE in the caller's scope), how a batch of them is read with its
// labels, and the columns of the workbook with their headers in both languages. The list-export
// module binds each declaration's operation, queues the job and mails the file; this file holds
// what every export shares: the declaration, the capped count and the keyset walk over the rows.

export interface ExportNames {
  zh: string;
  en: string;
}

/** What one cell of an export holds; a Date is written as business time (YYYY-MM-DD HH:mm). */
export type ExportCell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Row> {
  /** The column's stable name (the row field it shows, usually). */
  key: string;
  /** The header, in the requester's language. */
  label: ExportNames;
  value(row: Row, lang: Language): ExportCell;
  /** Width in characters (default 16). */
  width?: number;
  /**
   * CLIENT users (DOMAIN.md §5.4: prices, discounts, fees, scores, internal remarks are stripped)
   * get only the columns marked true; unmarked columns are internal.
   */
  client?: boolean;
}

/** What the area's WHERE is given: the caller and their record scope (DOMAIN.md §5.4). */
export interface ExportContext {
  db: Db;
  user: Principal;
  scope: Scope;
}

export interface ListExportDef<Op extends OperationDef = OperationDef, Row = unknown> {
  /** The contract's export operation (`defineListExport(search, …)`). */
  operation: Op;
  /** The list's search: its read permission is needed too when the export has its own permission. */
  search: OperationDef;
  /** The list's entity (its table name, as the change log names it), recorded with the export. */
  entity: string;
  /** The list's name: the file name, the sheet and the mail say it. */
  title: ExportNames;
  /** The table the search counts, and its unique bigint key (the id), walked in order. */
  table: PgTable;
  key: PgColumn;
  /**
   * The search's WHERE over `table` in the caller's scope: the function the search itself runs
   * (asynchronous where the search reads a parameter first, e.g. the order list's "work" window).
   */
  where(filters: ParsedInputOf<Op>, context: ExportContext): SQL | undefined | Promise<SQL | undefined>;
  /** The rows of a batch of keys with their labels, in any order. */
  rows(db: Db, keys: readonly bigint[]): Promise<readonly Row[]>;
  /** A row's key, to put a batch back in key order. */
  keyOf(row: Row): bigint;
  columns: readonly ExportColumn<NoInfer<Row>>[];
}

/**
 * Types one declaration (the row type is inferred from `rows`, the filters from the operation) and
 * hands it to `defineModule`'s `exports`.
 */
export function listExport<Op extends OperationDef, Row>(
  def: Omit<ListExportDef<Op, Row>, 'columns'> & { columns: ColumnList<NoInfer<Row>> },
): ListExportDef {
  const { columns } = def;
  return { ...def, columns: typeof columns === 'function' ? columns(column) : columns } as ListExportDef<
    Op,
    Row
  >;
}

/**
 * The columns of a declaration: a list, or a function of `column` typed for the declaration's rows
 * (`columns: (column) => [column('orderNo', { zh: '订单号', en: 'Order no' }, (r) => r.orderNo), …]`).
 */
type ColumnList<Row> =
  | readonly ExportColumn<Row>[]
  | ((column: ColumnOf<Row>) => readonly ExportColumn<Row>[]);

type ColumnOf<Row> = (
  key: string,
  label: ExportNames,
  value: ExportColumn<Row>['value'],
  flags?: Flags,
) => ExportColumn<Row>;

/** The columns the user may read: CLIENT users only those marked `client`. */
export function columnsFor<Row>(
  columns: readonly ExportColumn<Row>[],
  scope: Scope,
): readonly ExportColumn<Row>[] {
  return scope.kind === 'client' ? columns.filter((c) => c.client === true) : columns;
}

/** The number of rows, exact up to `cap` and `cap + 1` beyond (the count stops there). */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(limited);
  return Number(row?.n ?? 0);
}

/**
 * The keys of the matching rows in order, `size` at a time, at most `limit` in all. Each batch
 * starts after the last key of the one before (keyset, not OFFSET): every batch costs the same
 * however deep the walk is, and rows added meanwhile do not shift the ones still to come.
 */
export async function* keyBatches(
  db: Db,
  def: Pick<ListExportDef, 'table' | 'key'>,
  where: SQL | undefined,
  { size, limit }: { size: number; limit: number },
): AsyncGenerator<bigint[]> {
  let after: bigint | undefined;
  let read = 0;
  while (read < limit) {
    const rows = await db
      .select({ key: def.key })
      .from(def.table)
      .where(and(where, after === undefined ? undefined : gt(def.key, after)))
      .orderBy(asc(def.key))
      .limit(Math.min(size, limit - read));
    const keys = rows.map((r) => BigInt(r.key as bigint | string));
    if (keys.length === 0) return;
    yield keys;
    read += keys.length;
    if (keys.length < size) return;
    after = keys.at(-1);
  }
}

/** The rows of `keys` in that order (a batch's rows come back in any order). */
export function inKeyOrder<Row>(keys: readonly bigint[], rows: readonly Row[], keyOf: (row: Row) => bigint) {
  const byKey = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.flatMap((k) => {
    const row = byKey.get(k);
    return row === undefined ? [] : [row];
  });
}

/**
 * A cell as the workbook stores it: dates as business time, nothing as an empty cell, a text that
 * a spreadsheet would take for a formula quoted (spreadsheet-text.ts, ADR 0024).
 */
export function cellValue(value: ExportCell): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return businessDateTime(value);
  return sheetCell(value);
}

// -- Helpers for the columns --------------------------------------------------------------------

/** A reference's name in the language (falling back to the other name and the code). */
export function labelIn(value: Omit<Label, 'id'> | null | undefined, lang: Language): string {
  if (!value) return '';
  const first = lang === 'en' ? value.nameEn : value.nameZh;
  const second = lang === 'en' ? value.nameZh : value.nameEn;
  return first || second || value.code || '';
}

/** A person's name in the language: the English name in English when there is one. */
export function personIn(
  value: { name: string; englishName: string | null } | null | undefined,
  lang: Language,
): string {
  if (!value) return '';
  return lang === 'en' ? (value.englishName ?? value.name) : value.name;
}

/** Yes/no in the language. */
export function yesNo(value: boolean | number | null | undefined, lang: Language): string {
  if (value === null || value === undefined) return '';
  const yes = value === true || value === 1;
  return lang === 'en' ? (yes ? 'Yes' : 'No') : yes ? '是' : '否';
}

// -- Column presets -----------------------------------------------------------------------------
// The columns many lists share, written once: `columns: [clientColumn(), departmentColumn(), …]`.

type Flags = Pick<ExportColumn<unknown>, 'client' | 'width'>;

/**
 * A value of the row as it is (a text, a number, a date): `column('orderNo', { zh: '订单号', en:
 * 'Order no' }, (r) => r.order.orderNo, { width: 18, client: true })`, as `listExport` hands it
 * to a declaration's `columns` function.
 */
function column<Row>(
  key: string,
  label: ExportNames,
  value: ExportColumn<Row>['value'],
  flags: Flags = {},
): ExportColumn<Row> {
  return { key, label, value, ...flags };
}

/** The client as "code name" (empty for none); width 28. */
export function clientColumn<Row extends { client: { code: string; name: string } | null }>(
  flags: Flags = {},
): ExportColumn<Row> {
  return {
    key: 'client',
    label: { zh: '客户', en: 'Client' },
    value: (r) => (r.client ? `${r.client.code} ${r.client.name}` : ''),
    width: 28,
    ...flags,
  };
}

/** The department's name in the language. */
export function departmentColumn<Row extends { department: Omit<Label, 'id'> | null }>(
  flags: Flags = {},
): ExportColumn<Row> {
  return {
    key: 'department',
    label: { zh: '部门', en: 'Department' },
    value: (r, l) => labelIn(r.department, l),
    ...flags,
  };
}

/** The factory's name in the language; width 28. */
export function factoryColumn<Row extends { factory: Omit<Label, 'id'> | null }>(
  flags: Flags = {},
): ExportColumn<Row> {
  return {
    key: 'factory',
    label: { zh: '工厂', en: 'Factory' },
    value: (r, l) => labelIn(r.factory, l),
    width: 28,
    ...flags,
  };
}

/** When the record was last changed (business time); width 18. */
export function updatedAtColumn<Row extends { updatedAt: Date }>(flags: Flags = {}): ExportColumn<Row> {
  return {
    key: 'updatedAt',
    label: { zh: '更新时间', en: 'Updated' },
    value: (r) => r.updatedAt,
    width: 18,
    ...flags,
  };
}

/** An enumeration's label in the language: the row's field `key` holds the code. */
export function enumColumn<K extends string, Row extends { [F in K]: number | string }>(
  key: K,
  label: ExportNames,
  enumeration: EnumName,
  flags: Flags = {},
): ExportColumn<Row> {
  return { key, label, value: (r, l) => enumLabel(enumeration, r[key], l), ...flags };
}

/** A person's name in the language (`personIn`): the row's field `key` holds the person. */
export function personColumn<
  K extends string,
  Row extends { [F in K]: { name: string; englishName: string | null } | null },
>(key: K, label: ExportNames, flags: Flags = {}): ExportColumn<Row> {
  return { key, label, value: (r, l) => personIn(r[key], l), ...flags };
}

/** A reference's name in the language (`labelIn`): the row's field `key` holds the reference. */
export function referenceColumn<K extends string, Row extends { [F in K]: Omit<Label, 'id'> | null }>(
  key: K,
  label: ExportNames,
  flags: Flags = {},
): ExportColumn<Row> {
  return { key, label, value: (r, l) => labelIn(r[key], l), ...flags };
}
