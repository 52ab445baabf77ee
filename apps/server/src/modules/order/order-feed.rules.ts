import type { MessageParams } from '@qcdesk/contract';
import type { OrderFeedRow } from '@qcdesk/contract/order';
import type { LineProblem } from './order.rules';

// The rules of an order feed (order file import, upstream sync) that need no database: rows group
// into orders by order no (case-insensitive, in the order they first appear), and the order's own
// columns (client, PO, description) must agree on every row of that order.

/** The columns of the order itself (and its shipment), the same on each of its rows. */
const HEADER_COLUMNS = [
  'client',
  'clientPo',
  'description',
  'vehicle',
  'etd',
  'eta',
  'containerNo',
  'shippingStatus',
] as const;

type HeaderColumn = (typeof HEADER_COLUMNS)[number];

/** One parsed row of a feed, with the row number the user sees (the file's, or the JSON index + 1). */
export interface FeedLine {
  rowNumber: number;
  row: OrderFeedRow;
}

export interface FeedGroup {
  orderNo: string;
  /** The order's columns (its own and its shipment's), from its first row. */
  header: Pick<OrderFeedRow, HeaderColumn>;
  lines: FeedLine[];
}

/** A problem of a feed: its row, column and value, and the error key of its message (with its params). */
export interface FeedProblem {
  row: number;
  column: string;
  value: string;
  reason:
    | LineProblem['reason']
    | 'E_SCOPE'
    | 'E_FORMAT'
    | 'E_REQUIRED'
    | 'E_RANGE'
    | 'E_TOO_LONG'
    | 'E_DATE_RANGE'
    | 'E_FILE_CONTENT'
    | 'E_XLSX_LIMIT'
    | 'E_IMPORT_FAILED'
    | 'E_STATUS';
  /** The message's numbers ({max} of E_TOO_LONG) or, for E_XLSX_LIMIT, the limit it names ({field}). */
  params?: MessageParams;
}

/** A code a row names (its client, its factory), checked even when the row does not parse. */
export interface FeedRef {
  row: number;
  column: 'client' | 'factory';
  value: string;
}

/** Characters of a value an error keeps (issue 23: a refused 16 M-character name came back on every poll). */
export const PROBLEM_VALUE_CHARS = 200;

/** A value as an error shows it: at most PROBLEM_VALUE_CHARS characters, an ellipsis for the rest. */
export const clippedValue = (value: string): string =>
  value.length <= PROBLEM_VALUE_CHARS ? value : `${value.slice(0, PROBLEM_VALUE_CHARS)}…`;

/** The rows of a feed grouped into orders. */
export function groupFeed(lines: readonly FeedLine[]): FeedGroup[] {
  const groups = new Map<string, FeedGroup>();
  for (const line of lines) {
    const key = line.row.orderNo.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      const header = Object.fromEntries(HEADER_COLUMNS.map((c) => [c, line.row[c]])) as FeedGroup['header'];
      group = { orderNo: line.row.orderNo, header, lines: [] };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}

/** Rows of an order whose own columns differ from its first row's (E_FORMAT). */
export function headerProblems(group: FeedGroup): FeedProblem[] {
  return group.lines.slice(1).flatMap((line) =>
    HEADER_COLUMNS.filter((c) => (line.row[c] ?? '') !== (group.header[c] ?? '')).map((column) => ({
      row: line.rowNumber,
      column,
      value: String(line.row[column] ?? ''),
      reason: 'E_FORMAT' as const,
    })),
  );
}

/**
 * The shipment columns of an order: a vehicle needs an ETD (E_REQUIRED), the ETA is not before it
 * (E_DATE_RANGE), and a status needs a shipment, given here or already the order's (E_STATUS).
 */
export function shipmentProblems(group: FeedGroup, hasShipment: boolean): FeedProblem[] {
  const { vehicle, etd, eta, shippingStatus } = group.header;
  const row = group.lines[0]!.rowNumber;
  const problems: FeedProblem[] = [];
  if (vehicle && !etd) problems.push({ row, column: 'etd', value: '', reason: 'E_REQUIRED' });
  if (etd && eta && eta < etd) problems.push({ row, column: 'eta', value: eta, reason: 'E_DATE_RANGE' });
  if (shippingStatus !== undefined && !hasShipment && !vehicle) {
    problems.push({ row, column: 'shippingStatus', value: String(shippingStatus), reason: 'E_STATUS' });
  }
  return problems;
}
