import type { areas, ParsedInputOf, Reason } from '@qcdesk/contract';
import { enumerations } from '@qcdesk/contract/enumerations';
import { fileExtension } from '@qcdesk/contract/files';
import { ORDER_FEED_COLUMNS, type OrderFeedColumn, orderFeedRow } from '@qcdesk/contract/order';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/identity';
import { orderImports, orders as ordersTable } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobContext } from '../../platform/jobs/job-worker';
import { seedPrincipal } from '../../platform/seed-principal';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { getSystemParam } from '../../platform/system-params';
import { findFile, ownFiles, signedFileUrl, storeGeneratedFile } from '../files/files.service';
import { addDays, ORDER_SOURCE } from './order.rules';
import type { FeedLine, FeedProblem } from './order-feed.rules';
import { checkFeed } from './order-feed.service';
import { applyFeed, feedErrors } from './order-sync.service';
import { OrderFileError, orderFileTemplate, readOrderFile } from './order-xlsx';

// Import of an order file (issue 14, the `orderfile` screen): the upload is checked and queued as
// a job; the job streams the XLSX, checks every row before anything is written (row errors with
// row, column, value and both languages), and writes the whole file in one transaction or nothing.

export const IMPORT_JOB = 'order.import';
/** Errors an import keeps to show (the count says how many there were). */
const ERRORS_KEPT = 1000;
/** How often (in rows) reading reports its progress. */
const PROGRESS_EVERY = 500;
/** Written orders an import keeps to link to (the counts say how many there were). */
const ORDERS_KEPT = 100;

export interface ImportDeps {
  files: () => Promise<FilesRuntime>;
}

type ImportRow = typeof orderImports.$inferSelect;

const answer = (row: ImportRow) => row;

/** order/import: the caller's own XLSX upload, ≤ upload.maxDocMB, queued as a job. */
export async function startImport(
  db: Db,
  input: ParsedInputOf<typeof areas.order.importOrders>,
  user: Principal,
) {
  const [file] = await ownFiles(db, [input.fileId], user.userId);
  if (!file) throw new AppError('E_REF_NOT_FOUND', { field: 'fileId' }, { field: 'fileId' });
  if (fileExtension(file.name) !== 'xlsx') throw new AppError('E_FILE_CONTENT', {}, { field: 'fileId' });
  const maxMb = await getSystemParam(db, 'upload.maxDocMB');
  if (file.size > maxMb * 1024 * 1024)
    throw new AppError('E_FILE_TOO_BIG', { n: maxMb }, { field: 'fileId' });
  const [row] = await db
    .insert(orderImports)
    .values({
      fileId: file.id,
      fileName: file.name,
      replace: input.replace,
      createdBy: user.userId,
      updatedBy: user.userId,
    })
    .returning();
  await enqueueJob(db, IMPORT_JOB, { importId: String(row!.id) }, { maxAttempts: 2 });
  return answer(row!);
}

/** order/import/status: one of the caller's imports. */
export async function importStatus(db: Db, id: bigint, user: Principal) {
  const [row] = await db
    .select()
    .from(orderImports)
    .where(and(eq(orderImports.id, id), eq(orderImports.createdBy, user.userId)));
  if (!row) throw new AppError('E_NOT_FOUND');
  return answer(row);
}

/** order/import/template: the XLSX template, stored as the caller's file; answers a signed URL. */
export async function importTemplate(db: Db, deps: ImportDeps, user: Principal) {
  const content = await orderFileTemplate({
    orderNo: 'PO-2025-0001',
    clientPo: '4500123456',
    client: 'PACTOYS',
    description: '春季订单 Spring order',
    productNo: 'PO-2025-0001-01',
    sku: 'PT-RC-22',
    itemNo: 'RC-CAR-1:24',
    name: '遥控赛车 RC racing car',
    factory: 'F-HX-DG',
    quantity: 3000,
    quantityUnit: 1,
    deliveryDate: addDays(businessDate(), 60),
    productType: 1,
  });
  const runtime = await deps.files();
  const name = '订单导入模板 Order file template.xlsx';
  const file = await storeGeneratedFile(
    db,
    runtime.store,
    { name, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content },
    { userId: user.userId },
  );
  return {
    name,
    url: signedFileUrl(runtime.signer, file.id, runtime.tokenSeconds, { basePath: runtime.basePath }),
  };
}

/** A cell of an enumeration column: its code, or its zh or en label (个, pcs). */
function enumCell(name: 'QuantityUnit' | 'ProductType', text: string | undefined) {
  if (text === undefined) return undefined;
  const item = enumerations[name].find((e) =>
    [String(e.code), e.zh, e.en.toLowerCase()].includes(text.toLowerCase()),
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
  const value = cells[column] ?? '';
  const params = (issue as { params?: { reason?: Reason } }).params;
  let reason: FeedProblem['reason'] = 'E_FORMAT';
  if (params?.reason) reason = params.reason as FeedProblem['reason'];
  else if (value === '') reason = 'E_REQUIRED';
  else if (issue.code === 'too_big' && issue.origin === 'string') reason = 'E_TOO_LONG';
  else if (issue.code === 'too_small' || issue.code === 'too_big') reason = 'E_RANGE';
  return { row: rowNumber, column, value, reason };
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

async function setImport(db: Db, id: bigint, values: Partial<typeof orderImports.$inferInsert>) {
  await db
    .update(orderImports)
    .set({ ...values, updatedAt: new Date(), version: sql`${orderImports.version} + 1` })
    .where(eq(orderImports.id, id));
}

async function refuse(db: Db, id: bigint, problems: FeedProblem[]) {
  await setImport(db, id, {
    status: 'refused',
    errors: feedErrors(problems.slice(0, ERRORS_KEPT)),
    errorCount: problems.length,
  });
}

/** The job: read and check every row, then write the file in one transaction, or refuse it. */
export async function runImport(deps: ImportDeps, payload: Record<string, unknown>, ctx: JobContext) {
  const { db } = ctx;
  const id = BigInt(String(payload.importId));
  const [job] = await db.select().from(orderImports).where(eq(orderImports.id, id));
  if (!job || ['done', 'refused', 'failed'].includes(job.status)) return;
  const [owner] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, job.createdBy!));
  const user = owner ? await seedPrincipal(db, owner.username) : undefined;
  const file = await findFile(db, job.fileId);
  const object = file ? await (await deps.files()).store.get(file.storageKey) : null;
  if (!user || !object) return setImport(db, id, { status: 'failed' });
  await setImport(db, id, { status: 'reading', rowsRead: 0 });
  const lines: FeedLine[] = [];
  const problems: FeedProblem[] = [];
  try {
    for await (const row of readOrderFile(object.body)) {
      const { line, problems: bad } = parseFileRow(row.rowNumber, row.cells);
      if (line) lines.push(line);
      problems.push(...bad);
      if ((lines.length + problems.length) % PROGRESS_EVERY === 0)
        await setImport(db, id, { rowsRead: row.rowNumber });
    }
  } catch (error) {
    if (error instanceof OrderFileError) return refuse(db, id, error.problems);
    // Not an XLSX workbook at all (a renamed file, a damaged one).
    return refuse(db, id, [{ row: 1, column: 'file', value: job.fileName, reason: 'E_FILE_CONTENT' }]);
  }
  await setImport(db, id, { rowsRead: lines.length, rowsTotal: lines.length });
  if (problems.length > 0) return refuse(db, id, problems);
  const { orders, problems: checked } = await checkFeed(db, lines, user, job.replace ? 'replace' : 'create');
  if (checked.length > 0) return refuse(db, id, checked);
  await setImport(db, id, { status: 'writing' });
  const result = await db.transaction((tx) =>
    applyFeed(tx as unknown as Db, orders, user, { source: ORDER_SOURCE.import, ref: job.fileName }),
  );
  await setImport(db, id, {
    status: 'done',
    created: result.created,
    updated: result.updated + result.unchanged,
    orders: await writtenOrders(
      db,
      orders.slice(0, ORDERS_KEPT).map((o) => o.orderNo),
    ),
  });
}

/** The valid orders of these order nos, in the file's order: what the result links to. */
async function writtenOrders(db: Db, orderNos: string[]) {
  if (orderNos.length === 0) return [];
  const rows = await db
    .select({ id: ordersTable.id, orderNo: ordersTable.orderNo })
    .from(ordersTable)
    .where(
      and(
        eq(ordersTable.valid, 1),
        inArray(
          sql`lower(${ordersTable.orderNo})`,
          orderNos.map((n) => n.toLowerCase()),
        ),
      ),
    );
  const byNo = new Map(rows.map((r) => [r.orderNo.toLowerCase(), r]));
  return orderNos.flatMap((n) => {
    const row = byNo.get(n.toLowerCase());
    return row ? [{ id: String(row.id), orderNo: row.orderNo }] : [];
  });
}
