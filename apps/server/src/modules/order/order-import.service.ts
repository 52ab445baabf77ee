import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { enumerations } from '@qcdesk/contract/enumerations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { orderImports, orders as ordersTable } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobContext } from '../../platform/jobs/job-worker';
import { seedPrincipal } from '../../platform/seed-principal';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { XlsxLimitError, XlsxUnreadable } from '../../platform/xlsx-reader';
import { findFile, ownSpreadsheet, signedFileUrl, storeGeneratedFile } from '../files/files.service';
import { templateFactories } from './order.queries';
import { addDays, ORDER_SOURCE } from './order.rules';
import type { FeedProblem } from './order-feed.rules';
import { checkFeed, referenceProblems } from './order-feed.service';
import { type Annotate, storeAnnotated } from './order-import-errors.service';
import { type FileScan, orderChunks, type ProblemList, scanFile } from './order-import-rows';
import { failedImport, IMPORT_JOB } from './order-import-status.service';
import { applyFeed, feedErrors } from './order-sync.service';
import { enumChoice, OrderFileError, orderFileTemplate } from './order-xlsx';

// Import of an order file (issue 14, the `orderfile` screen): the upload is checked and queued as
// a job; the job streams the XLSX, checks every row before anything is written (row errors with
// row, column, value and both languages), and writes the whole file in one transaction or nothing.

/** Errors an import keeps to show (the count says how many there were). */
const ERRORS_KEPT = 1000;
/** How often (in rows) reading reports its progress. */
const PROGRESS_EVERY = 500;
/** Written orders an import keeps to link to (the counts say how many there were). */
const ORDERS_KEPT = 100;
/** Lines of whole orders checked and written at a time. */
const CHUNK_LINES = 500;

export interface ImportDeps {
  files: () => Promise<FilesRuntime>;
  /** Runs in the import's transaction after each chunk of orders is written (ORDER_PRODUCTS_CHANGED). */
  afterWrite?: (db: Db, orderNos: string[], user: Principal) => Promise<void>;
}

type ImportRow = typeof orderImports.$inferSelect;

const answer = (row: ImportRow) => ({ ...row, errorFile: null });

/** order/import: the caller's own XLSX upload, ≤ upload.maxDocMB, queued as a job. */
export async function startImport(
  db: Db,
  input: ParsedInputOf<typeof areas.order.importOrders>,
  user: Principal,
) {
  const file = await ownSpreadsheet(db, input.fileId, user.userId);
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

/** order/import/template: the XLSX template, stored as the caller's file; answers a signed URL. */
export async function importTemplate(db: Db, deps: ImportDeps, user: Principal) {
  const content = await orderFileTemplate(
    {
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
      quantityUnit: enumChoice(enumerations.QuantityUnit[0]!),
      deliveryDate: addDays(businessDate(), 60),
      productType: enumChoice(enumerations.ProductType[0]!),
    },
    await templateFactories(db),
  );
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

async function setImport(db: Db, id: bigint, values: Partial<typeof orderImports.$inferInsert>) {
  await db
    .update(orderImports)
    .set({ ...values, updatedAt: new Date(), version: sql`${orderImports.version} + 1` })
    .where(eq(orderImports.id, id));
}

/**
 * Refuses the import with its row errors; `annotate` (a readable file) also stores the file's rows
 * annotated with them as the owner's file (issue 25). A failure to annotate leaves the list.
 */
async function refuse(db: Db, id: bigint, problems: ProblemList | FeedProblem[], annotate?: Annotate) {
  const list = Array.isArray(problems) ? problems : problems.sorted();
  const errors = feedErrors(list.slice(0, ERRORS_KEPT));
  const errorCount = Array.isArray(problems) ? problems.length : problems.count;
  let errorFileId: bigint | null = null;
  if (annotate) {
    try {
      errorFileId = await storeAnnotated(db, annotate, errors, errorCount);
    } catch (error) {
      annotate.log.warn({ err: error, importId: String(id) }, 'order import: annotated file not written');
    }
  }
  await setImport(db, id, { status: 'refused', errors, errorCount, errorFileId });
}

/** A check that failed (the database, not the file): the job fails, the file is not blamed. */
class CheckFailed extends Error {
  constructor(cause: unknown) {
    super('order import check failed', { cause });
  }
}

/** Problems the write found after the check passed (the database changed meanwhile): rolls back. */
class WriteRefused extends Error {
  constructor(readonly problems: FeedProblem[]) {
    super('order import refused while writing');
  }
}

/**
 * The job, reading the stored file twice so that memory holds a chunk of orders, not the file
 * (issue 14: a 50 MB file in < 400 MB). 1: parse every row and check whole orders a chunk at a
 * time (checkFeed), writing nothing; keep counts per order. Any error refuses. (Orders whose lines
 * are apart are checked again in a read of their own.) 2: in one transaction, check again and
 * write each chunk (applyFeed): all or nothing.
 */
export async function runImport(deps: ImportDeps, payload: Record<string, unknown>, ctx: JobContext) {
  const id = BigInt(String(payload.importId));
  const [job] = await ctx.db.select().from(orderImports).where(eq(orderImports.id, id));
  if (!job || ['done', 'refused', 'failed'].includes(job.status)) return;
  try {
    await importFile(deps, job, ctx);
  } catch (error) {
    // The worker gives the job up after this attempt: its owner reads that it failed, and why.
    if (ctx.attempt >= ctx.maxAttempts) await setImport(ctx.db, id, failedImport(job.fileName));
    throw error;
  }
}

async function importFile(deps: ImportDeps, job: ImportRow, ctx: JobContext) {
  const { db } = ctx;
  const { id } = job;
  const [owner] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, job.createdBy!));
  const user = owner ? await seedPrincipal(db, owner.username) : undefined;
  const file = await findFile(db, job.fileId);
  const { store } = await deps.files();
  const open = async () => {
    const object = file ? await store.get(file.storageKey) : null;
    if (!object) throw new Error('order file gone');
    return object.body;
  };
  const object = file ? await store.get(file.storageKey) : null;
  if (!user || !object) return setImport(db, id, failedImport(job.fileName));
  await setImport(db, id, { status: 'reading', rowsRead: 0 });
  const mode = job.replace ? 'replace' : 'create';
  const annotate: Annotate = { open, files: deps.files, job, log: ctx.log };
  let scan: FileScan;
  try {
    scan = await scanFile(object.body, {
      errorsKept: ERRORS_KEPT,
      firstKept: ORDERS_KEPT,
      every: PROGRESS_EVERY,
      chunkLines: CHUNK_LINES,
      progress: (rows) => setImport(db, id, { rowsRead: rows }),
      check: async (lines) => {
        try {
          return (await checkFeed(db, lines, user, mode)).problems;
        } catch (error) {
          throw new CheckFailed(error);
        }
      },
      checkRefs: async (refs) => {
        try {
          return await referenceProblems(db, refs, user);
        } catch (error) {
          throw new CheckFailed(error);
        }
      },
    });
  } catch (error) {
    if (error instanceof OrderFileError) return refuse(db, id, error.problems, annotate);
    if (error instanceof CheckFailed) throw error.cause;
    // Past a reading limit (E_XLSX_LIMIT, issue 23), or not an XLSX workbook at all (a renamed
    // file, a damaged one): refused before anything is written.
    if (error instanceof XlsxLimitError || error instanceof XlsxUnreadable) {
      const problem = { row: 1, column: 'file', value: job.fileName, params: error.params };
      return refuse(db, id, [
        { ...problem, reason: error instanceof XlsxLimitError ? 'E_XLSX_LIMIT' : 'E_FILE_CONTENT' },
      ]);
    }
    throw error;
  }
  const total = scan.lines;
  if (scan.split.size > 0) {
    // The orders whose lines are apart, checked whole: rowsRead counts the lines checked of rowsTotal.
    let checked = total;
    for (const key of scan.split) checked -= scan.counts.get(key)!;
    await setImport(db, id, { rowsRead: checked, rowsTotal: total });
    for await (const chunk of orderChunks(await open(), scan.counts, CHUNK_LINES, scan.split)) {
      scan.problems.add((await checkFeed(db, chunk, user, mode)).problems);
      checked += chunk.length;
      await setImport(db, id, { rowsRead: checked });
    }
  }
  if (scan.problems.count > 0) {
    await setImport(db, id, { rowsRead: total, rowsTotal: total });
    return refuse(db, id, scan.problems, annotate);
  }
  await setImport(db, id, { status: 'writing', rowsRead: 0, rowsTotal: total });
  const source = { source: ORDER_SOURCE.import, ref: job.fileName };
  const result = { created: 0, updated: 0 };
  try {
    await db.transaction(async (tx) => {
      for await (const chunk of orderChunks(await open(), scan.counts, CHUNK_LINES)) {
        const feed = await checkFeed(tx, chunk, user, mode);
        if (feed.problems.length > 0) throw new WriteRefused(feed.problems);
        const written = await applyFeed(tx, feed.orders, user, source);
        await deps.afterWrite?.(
          tx,
          feed.orders.map((order) => order.orderNo),
          user,
        );
        result.created += written.created;
        result.updated += written.updated + written.unchanged;
      }
      // Done in the orders' transaction: a server killed after their commit and before a separate
      // update left the file written and the import `writing`, and the rerun refused the file for
      // the orders it had written itself (test/job-kill.test.ts).
      await setImport(tx, id, {
        status: 'done',
        rowsRead: total,
        ...result,
        orders: await writtenOrders(tx, scan.firstOrders),
      });
    });
  } catch (error) {
    if (error instanceof WriteRefused) return refuse(db, id, error.problems, annotate);
    throw error;
  }
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
