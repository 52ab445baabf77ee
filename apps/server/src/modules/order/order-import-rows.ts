import type { Readable } from 'node:stream';
import type { Reason } from '@qcdesk/contract';
import { enumerations } from '@qcdesk/contract/enumerations';
import { ORDER_FEED_COLUMNS, type OrderFeedColumn, orderFeedRow } from '@qcdesk/contract/order';
import type { z } from 'zod';
import { productKey } from './order.rules';
import { clippedValue, type FeedLine, type FeedProblem, type FeedRef } from './order-feed.rules';
import { enumChoice, readOrderFile } from './order-xlsx';

// The rows of an order file read more than once from the stored file (issue 14: a 50 MB file in
// < 400 MB): the first read parses and checks every row and keeps only counts per order, a later
// read hands over whole orders a chunk at a time, whatever the order of the rows.

/** A cell of an enumeration column: its code, its zh or en label (个, pcs), or both as the template's drop-down gives them (个 / pcs). */
function enumCell(name: 'QuantityUnit' | 'ProductType', text: string | undefined) {
  if (text === undefined) return undefined;
  const wanted = text.toLowerCase().replace(/\s*\/\s*/, ' / ');
  const item = enumerations[name].find((e) =>
    [String(e.code), e.zh, e.en.toLowerCase(), enumChoice(e).toLowerCase()].includes(wanted),
  );
  return item ? item.code : text;
}

/** A zod issue of a row as a feed problem (the reasons of DOMAIN.md §7.4). */
function problemOf(
  rowNumber: number,
  cells: Record<string, string | undefined>,
  issue: z.core.$ZodIssue,
): FeedProblem {
  const column = String(issue.path[0] ?? '');
  const value = clippedValue(cells[column] ?? '');
  const params = (issue as { params?: { reason?: Reason } }).params;
  if (params?.reason)
    return { row: rowNumber, column, value, reason: params.reason as FeedProblem['reason'] };
  if (value === '') return { row: rowNumber, column, value, reason: 'E_REQUIRED' };
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { row: rowNumber, column, value, reason: 'E_TOO_LONG', params: { max: Number(issue.maximum) } };
  const range = issue.code === 'too_small' || issue.code === 'too_big';
  return { row: rowNumber, column, value, reason: range ? 'E_RANGE' : 'E_FORMAT' };
}

/** A file row parsed into a feed line, or its problems. */
export function parseFileRow(rowNumber: number, cells: Partial<Record<OrderFeedColumn, string>>) {
  const quantity = cells.quantity === undefined ? undefined : Number(cells.quantity.replace(/,/g, ''));
  const parsed = orderFeedRow.safeParse({
    ...cells,
    quantity: Number.isNaN(quantity) ? cells.quantity : quantity,
    quantityUnit: enumCell('QuantityUnit', cells.quantityUnit),
    productType: enumCell('ProductType', cells.productType),
  });
  if (parsed.success) return { line: { rowNumber, row: parsed.data } as FeedLine, problems: [] };
  const columns = new Set<string>();
  const problems = parsed.error.issues
    .map((issue) => problemOf(rowNumber, cells, issue))
    .filter(
      (p) =>
        ORDER_FEED_COLUMNS.includes(p.column as OrderFeedColumn) &&
        !columns.has(p.column) &&
        columns.add(p.column),
    );
  return { line: undefined, problems };
}

/**
 * Row problems, top to bottom, keeping the first `kept` by row (and counting all of them) while
 * they arrive in any order; the same problem twice counts once.
 */
export class ProblemList {
  private items: FeedProblem[] = [];
  private seen = new Set<string>();
  count = 0;

  constructor(private readonly kept: number) {}

  add(problems: readonly FeedProblem[]) {
    for (const p of problems) {
      const key = `${p.row}\u0000${p.column}\u0000${p.reason}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.count++;
      this.items.push(p);
    }
    if (this.items.length > 2 * this.kept) this.items = this.sorted();
  }

  sorted(): FeedProblem[] {
    return this.items.sort((a, b) => a.row - b.row).slice(0, this.kept);
  }
}

/** What the first read keeps of a file: its valid lines per order, and the first order nos. */
export interface FileScan {
  /** Valid lines (rows that parsed). */
  lines: number;
  /** Valid lines per order (by lower-cased order no). */
  counts: Map<string, number>;
  /** The first order nos in the file's order (as written), for the result's links. */
  firstOrders: string[];
  /**
   * Every problem found in one pass (issue 25): the rows' own (format, required…), the orders'
   * (checkFeed's, a product no shared by two orders), and the codes of rows that did not parse.
   */
  problems: ProblemList;
  /** Orders whose lines are apart in the file: checked again once whole (`only` of orderChunks). */
  split: Set<string>;
}

interface ScanOptions {
  errorsKept: number;
  firstKept: number;
  every: number;
  chunkLines: number;
  progress: (rows: number) => Promise<void>;
  /** Checks whole orders (checkFeed), writing nothing. */
  check: (lines: FeedLine[]) => Promise<FeedProblem[]>;
  /** Checks the codes of rows that did not parse (referenceProblems). */
  checkRefs: (refs: FeedRef[]) => Promise<FeedProblem[]>;
}

/**
 * The first read: parses every row and checks the orders a chunk at a time as their lines end (an
 * order ends where the next order no starts), whatever problems the rows before had: one pass
 * reports them all (issue 25). It keeps, besides the problems, only a count per order, the first
 * `firstKept` order nos and the order of each product no the file gives (so two orders sharing one
 * are found across chunks). An order no met again after it ended is split: its checks so far are
 * dropped, and orderChunks checks it again whole. An order with a row that did not parse is checked
 * on the lines that did, without what its missing lines would cause (E_IN_USE of a line "removed"),
 * and the codes of the rows that did not parse are checked apart.
 */
export async function scanFile(input: Readable, options: ScanOptions): Promise<FileScan> {
  const scan: FileScan = {
    lines: 0,
    counts: new Map(),
    firstOrders: [],
    problems: new ProblemList(options.errorsKept),
    split: new Set(),
  };
  const productOrders = new Map<string, string>();
  const found: { key: string; problem: FeedProblem }[] = [];
  /** Orders with a row that did not parse (by lower-cased order no as written). */
  const broken = new Set<string>();
  let refs: FeedRef[] = [];
  let chunk: FeedLine[] = [];
  let current: string | undefined;
  const flush = async () => {
    const lines = chunk;
    const codes = refs;
    chunk = [];
    refs = [];
    if (codes.length > 0) scan.problems.add(await options.checkRefs(codes));
    if (lines.length === 0) return;
    const keys = new Map(lines.map((l) => [l.rowNumber, l.row.orderNo.toLowerCase()]));
    for (const problem of await options.check(lines)) found.push({ key: keys.get(problem.row)!, problem });
  };
  let rows = 0;
  for await (const row of readOrderFile(input)) {
    const { line, problems } = parseFileRow(row.rowNumber, row.cells);
    scan.problems.add(problems);
    if (++rows % options.every === 0) await options.progress(row.rowNumber);
    if (!line) {
      broken.add((row.cells.orderNo ?? '').toLowerCase());
      for (const column of ['client', 'factory'] as const) {
        const value = row.cells[column];
        if (value) refs.push({ row: row.rowNumber, column, value: clippedValue(value) });
      }
      if (refs.length >= options.chunkLines) await flush();
      continue;
    }
    scan.lines++;
    const key = line.row.orderNo.toLowerCase();
    const count = scan.counts.get(key);
    if (count === undefined && scan.firstOrders.length < options.firstKept) {
      scan.firstOrders.push(line.row.orderNo);
    }
    if (key !== current) {
      if (count !== undefined) scan.split.add(key);
      if (chunk.length >= options.chunkLines) await flush();
      current = key;
    }
    scan.counts.set(key, (count ?? 0) + 1);
    chunk.push(line);
    const product = line.row.productNo;
    if (product) {
      const owner = productOrders.get(productKey(product));
      if (owner === undefined) productOrders.set(productKey(product), key);
      else if (owner !== key) {
        scan.problems.add([
          { row: line.rowNumber, column: 'productNo', value: product, reason: 'E_DUPLICATE' },
        ]);
      }
    }
  }
  await flush();
  for (const key of broken) scan.split.delete(key);
  const kept = (f: (typeof found)[number]) =>
    !scan.split.has(f.key) && !(broken.has(f.key) && f.problem.reason === 'E_IN_USE');
  scan.problems.add(found.filter(kept).map((f) => f.problem));
  return scan;
}

/** The valid lines of an order file, parsed (a later pass: the first one found the problems). */
async function* fileLines(input: Readable): AsyncGenerator<FeedLine> {
  for await (const row of readOrderFile(input)) {
    const { line } = parseFileRow(row.rowNumber, row.cells);
    if (line) yield line;
  }
}

/**
 * The file's lines (those of the orders `only` names, if given) as chunks of whole orders, about `size` lines each: an order joins a chunk once
 * its last line (by the first pass's `counts`) is read, its lines in the file's order. Memory holds
 * the chunk and the orders still incomplete: one for a file whose orders are contiguous.
 */
export async function* orderChunks(
  input: Readable,
  counts: ReadonlyMap<string, number>,
  size: number,
  only?: ReadonlySet<string>,
): AsyncGenerator<FeedLine[]> {
  const open = new Map<string, FeedLine[]>();
  let chunk: FeedLine[] = [];
  for await (const line of fileLines(input)) {
    const key = line.row.orderNo.toLowerCase();
    if (only && !only.has(key)) continue;
    let order = open.get(key);
    if (!order) {
      order = [];
      open.set(key, order);
    }
    order.push(line);
    if (order.length < (counts.get(key) ?? 0)) continue;
    open.delete(key);
    for (const l of order) chunk.push(l);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (open.size > 0) throw new Error('order file changed between its reads');
  if (chunk.length > 0) yield chunk;
}
