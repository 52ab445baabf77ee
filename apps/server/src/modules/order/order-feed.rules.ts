import type { OrderFeedRow } from '@qcdesk/contract/order';
import type { LineProblem } from './order.rules';

// The rules of an order feed (order file import, upstream sync) that need no database: rows group
// into orders by order no (case-insensitive, in the order they first appear), and the order's own
// columns (client, PO, description) must agree on every row of that order.

/** One parsed row of a feed, with the row number the user sees (the file's, or the JSON index + 1). */
export interface FeedLine {
  rowNumber: number;
  row: OrderFeedRow;
}

export interface FeedGroup {
  orderNo: string;
  /** The order's columns, from its first row. */
  header: Pick<OrderFeedRow, 'client' | 'clientPo' | 'description'>;
  lines: FeedLine[];
}

/** A problem of a feed: its row, column and value, and the error key of its message. */
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
    | 'E_FILE_CONTENT';
}

/** The rows of a feed grouped into orders. */
export function groupFeed(lines: readonly FeedLine[]): FeedGroup[] {
  const groups = new Map<string, FeedGroup>();
  for (const line of lines) {
    const key = line.row.orderNo.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      const { client, clientPo, description } = line.row;
      group = { orderNo: line.row.orderNo, header: { client, clientPo, description }, lines: [] };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}

const HEADER_COLUMNS = ['client', 'clientPo', 'description'] as const;

/** Rows of an order whose client, PO or description differ from its first row's (E_FORMAT). */
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
