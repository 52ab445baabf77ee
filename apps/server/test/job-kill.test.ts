import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { areas } from '@qcdesk/contract';
import { ORDER_FEED_COLUMNS } from '@qcdesk/contract/order';
import { and, eq, gte, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { files, shortLinks } from '../src/db/schema/files';
import { mailOutbox } from '../src/db/schema/mail';
import { orderImports } from '../src/db/schema/order';
import { jobs } from '../src/db/schema/platform';
import { buildClient } from '../src/modules/client/client.factory';
import { readStoredFile } from '../src/modules/files/files.service';
import { LIST_EXPORT_JOB } from '../src/modules/list-export/list-export.rules';
import { JOB_ENTITY } from '../src/modules/list-export/list-export.service';
import { buildOrder } from '../src/modules/order/order.factory';
import { addDays } from '../src/modules/order/order.rules';
import { businessDate } from '../src/platform/business-time';
import { REPO_ROOT } from '../src/platform/config';
import { type Db, rows } from '../src/platform/db';
import { unique } from './support/factories';
import { uploadFile } from './support/files-helpers';
import { signInAs } from './support/identity';
import {
  buildServer,
  holdLocks,
  killAtLock,
  resumeAfterRestart,
  type ServerProcess,
  startServerProcess,
  until,
  waitingOn,
} from './support/server-process';
import { startTestApp, type TestApp } from './support/test-app';
import { urlOf } from './support/test-database';

// Crash safety of the two long jobs (issue 32, ADR 0016): the real server (dist/main.js) runs the
// job in a process of its own and is killed with SIGKILL at a named point, then another server is
// started on the same database and files. A lock the test holds stops the job at that point (a row
// lock, an uncommitted row the job's insert conflicts with, an advisory lock behind a trigger): the
// test sees the server's connection wait on it, kills the process, cancels the statement the process
// had sent (support/server-process.ts, killAtLock) and lets go of the lock. The dead
// server's lease is moved back an hour and the backoff skipped (the test does not wait 5 minutes).
// PostgreSQL only: both processes must reach the database (PGlite has one process per data folder).

const url = process.env.DATABASE_URL;

/** Clients of the export: four batches of 500 (EXPORT_BATCH). */
const EXPORT_ROWS = 2000;
/** Lines of an import (10 an order): two chunks (500 lines, then 100), written in one transaction. */
const IMPORT_LINES = 600;

describe.runIf(url)('a server killed during a long job (PostgreSQL)', () => {
  let t: TestApp;
  let db: Db;
  let databaseUrl: string;
  let dataDir: string;
  let servers: ServerProcess[] = [];

  const startServer = async () => {
    const server = await startServerProcess(databaseUrl, dataDir);
    servers.push(server);
    return server;
  };
  const killAll = async () => {
    await Promise.all(servers.map((s) => s.kill9()));
    servers = [];
  };

  beforeAll(async () => {
    // Under the repository's tmp/ (git-ignored): both the servers and this process store files here.
    dataDir = join(REPO_ROOT, 'tmp', 'job-kill', randomBytes(6).toString('hex'));
    mkdirSync(dataDir, { recursive: true });
    await buildServer();
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    db = t.database.db;
    databaseUrl = urlOf(t.database)!;
  }, 120_000);
  afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const jobRow = async (id: bigint) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  describe('an XLSX export', () => {
    let admin: string;
    beforeAll(async () => {
      admin = await signInAs(t, 'ADMIN');
    });

    /** Queues the export of `EXPORT_ROWS` new clients named `<token> …`; answers its job's id. */
    async function queueExport(token: string): Promise<bigint> {
      const first = await buildClient(db, { name: `${token} 00000` });
      await cloneClients(db, first.id, token, EXPORT_ROWS - 1);
      const { jobId } = await t.client.ok(
        areas.client.exportClients,
        { name: token },
        { token: admin, lang: 'en' },
      );
      return BigInt(jobId);
    }

    /** After the kill: the restarted server runs the export again, to done. */
    async function resumesToDone(id: bigint) {
      const { lastError } = await resumeAfterRestart(db, id, startServer);
      expect(lastError).toBe('the worker stopped while running it (attempt 1 of 3)');
      await until('the export to finish', async () =>
        ['done', 'failed', 'dead'].includes((await jobRow(id)).status),
      );
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, progress: 100 });
    }

    /**
     * The export's result: one mail, whose link names one stored file, complete (every client of the
     * filter once), and no other file stored since the export was asked.
     */
    async function expectOneCompleteFile(id: bigint, token: string) {
      const mails = await mailsOf(db, id);
      expect(mails, 'mails queued by the export').toHaveLength(1);
      const code = /\/s\/([A-Za-z0-9]+)/.exec(mails[0]!.text)![1]!;
      const [link] = await db.select().from(shortLinks).where(eq(shortLinks.code, code));
      expect(link!.fileIds).toHaveLength(1);
      const fileId = link!.fileIds[0]!;
      const content = await readStoredFile(db, (await t.app.files.ready()).store, BigInt(fileId));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
      const names: string[] = [];
      workbook.worksheets[0]!.eachRow((row, n) => {
        if (n > 1) names.push(String(row.getCell(2).value));
      });
      expect(names).toHaveLength(EXPORT_ROWS);
      expect(new Set(names).size).toBe(EXPORT_ROWS);
      expect(names.every((name) => name.startsWith(token))).toBe(true);
      const { createdAt } = await jobRow(id);
      const stored = await db
        .select({ id: files.id })
        .from(files)
        .where(and(like(files.name, 'Clients%.xlsx'), gte(files.createdAt, createdAt)));
      expect(stored.map((f) => String(f.id))).toEqual([fileId]);
    }

    it('killed while writing its rows: runs again and stores one complete file', {
      timeout: 60_000,
    }, async () => {
      const token = unique('KILLX');
      const id = await queueExport(token);
      const spool = join(dataDir, 'objects', 'tmp');
      const spooled = () => readdirSync(spool, { withFileTypes: true }).filter((e) => e.isFile()).length;
      const spooledBefore = existsSync(spool) ? spooled() : 0;

      const server = await startServer();
      await until('the export to run', async () => (await jobRow(id)).status === 'running', server);
      // Kill point: the export's progress write after a batch of rows went to its temporary XLSX.
      const lock = await holdLocks(db, async (tx) => {
        await tx.execute(sql`select 1 from jobs where id = ${id} for update`);
      });
      await until(
        'the export to write its progress',
        async () => (await waitingOn(db, lock.pid)).some((q) => /^update "jobs" set "progress"/.test(q)),
        server,
      );
      const atKill = await jobRow(id);
      await killAtLock(db, server, lock);
      expect(atKill).toMatchObject({ status: 'running', attempts: 1 });
      expect(atKill.progress).toBeLessThan(100);
      // Killed with a partial workbook in the spool and nothing stored, linked or mailed.
      expect(spooled()).toBe(spooledBefore + 1);
      expect(await mailsOf(db, id)).toEqual([]);

      await resumesToDone(id);
      // The killed run's spool file is referenced by nothing: the hourly temp purge
      // (FilesContext.purgeTemp) removes it.
      await expectOneCompleteFile(id, token);
    });

    it('killed after storing and mailing its file, before the job is marked done: no second file or mail', {
      timeout: 60_000,
    }, async () => {
      const token = unique('KILLM');
      const id = await queueExport(token);
      // Kill point: the worker's update of the job to done, after the handler's transaction (file,
      // link, mail) committed. A trigger of this test database makes that one update wait on a lock
      // the test holds.
      await db.execute(sql`create or replace function test_hold_done() returns trigger language plpgsql
        as $$ begin perform pg_advisory_xact_lock(3232); return new; end $$`);
      await db.execute(sql`create trigger test_hold_done before update on jobs for each row
        when (old.status = 'running' and new.status = 'done' and old.kind = ${sql.raw(`'${LIST_EXPORT_JOB}'`)})
        execute function test_hold_done()`);
      try {
        const lock = await holdLocks(db, async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(3232)`);
        });
        const server = await startServer();
        await until(
          'the export to be done',
          async () => (await waitingOn(db, lock.pid)).some((q) => /^update "jobs" set "status"/.test(q)),
          server,
        );
        await killAtLock(db, server, lock);
      } finally {
        await db.execute(sql`drop trigger test_hold_done on jobs`);
        await db.execute(sql`drop function test_hold_done()`);
      }
      expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
      expect(await mailsOf(db, id)).toHaveLength(1);

      await resumesToDone(id);
      await expectOneCompleteFile(id, token);
    });
  });

  describe('an order import', () => {
    let sales: string;
    beforeAll(async () => {
      sales = await signInAs(t, 'SALES');
    });

    /** Uploads an order file of `IMPORT_LINES` lines and queues its import; answers the import's id. */
    async function queueImport(prefix: string): Promise<bigint> {
      const fileId = await uploadFile(t, sales, `${prefix}.xlsx`, await orderFile(prefix, IMPORT_LINES));
      const started = await t.client.ok(
        areas.order.importOrders,
        { fileId, replace: false },
        { token: sales },
      );
      return BigInt(started.id);
    }
    const importRow = async (id: bigint) =>
      (await db.select().from(orderImports).where(eq(orderImports.id, id)))[0]!;
    const importJob = async (id: bigint) =>
      (
        await db
          .select()
          .from(jobs)
          .where(
            sql`${jobs.kind} = 'order.import' and ${jobs.payload} @> ${JSON.stringify({ importId: String(id) })}::jsonb`,
          )
      )[0]!;

    /** The orders of the file in the database: how many, and how many distinct order nos and lines. */
    async function written(prefix: string) {
      const [o] = await rows<{ n: number; nos: number }>(
        db,
        sql`select count(*)::int as n, count(distinct lower(order_no))::int as nos from orders where order_no like ${`${prefix}-%`} and valid = 1`,
      );
      const [p] = await rows<{ n: number; items: number }>(
        db,
        sql`select count(*)::int as n, count(distinct item_no)::int as items from order_products where order_no like ${`${prefix}-%`} and valid = 1`,
      );
      return { orders: o!.n, orderNos: o!.nos, lines: p!.n, itemNos: p!.items };
    }
    const ALL = {
      orders: IMPORT_LINES / 10,
      orderNos: IMPORT_LINES / 10,
      lines: IMPORT_LINES,
      itemNos: IMPORT_LINES,
    };
    const NONE = { orders: 0, orderNos: 0, lines: 0, itemNos: 0 };

    /** After the kill: the restarted server runs the import again, to done, writing every line once. */
    async function resumesToDone(id: bigint, prefix: string) {
      const job = await importJob(id);
      const { lastError } = await resumeAfterRestart(db, job.id, startServer);
      expect(lastError).toBe('the worker stopped while running it (attempt 1 of 2)');
      await until('the import to finish', async () =>
        ['done', 'failed', 'dead'].includes((await jobRow(job.id)).status),
      );
      expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 2 });
      const row = await importRow(id);
      expect(
        row,
        `${row.status}: ${row.errorCount} errors, the first ${JSON.stringify(row.errors?.[0])}`,
      ).toMatchObject({
        status: 'done',
        created: IMPORT_LINES / 10,
        rowsRead: IMPORT_LINES,
      });
      expect(await written(prefix)).toEqual(ALL);
    }

    it('killed while reading and checking its lines: nothing is written, and the rerun writes all of it once', {
      timeout: 60_000,
    }, async () => {
      const prefix = unique('KILLR');
      const id = await queueImport(prefix);
      const server = await startServer();
      await until('the import to read', async () => (await importRow(id)).status === 'reading', server);
      // Kill point: the import's progress after its first 500 lines were read and checked.
      const lock = await holdLocks(db, async (tx) => {
        await tx.execute(sql`select 1 from order_imports where id = ${id} for update`);
      });
      await until(
        'the import to record its progress',
        async () => (await waitingOn(db, lock.pid)).some((q) => /^update "order_imports"/.test(q)),
        server,
      );
      await killAtLock(db, server, lock);
      expect((await importRow(id)).status).toBe('reading');
      expect(await written(prefix)).toEqual(NONE);
      await resumesToDone(id, prefix);
    });

    it('killed in its write transaction: none of the file is written, and the rerun writes all of it once', {
      timeout: 60_000,
    }, async () => {
      const prefix = unique('KILLW');
      const id = await queueImport(prefix);
      // Kill point: the first chunk (orders 0–49) written in the import's transaction, the second
      // waiting to insert order 55, which the test's own transaction has inserted and not committed.
      const lock = await holdLocks(db, async (tx) => {
        await buildOrder(tx, { orderNo: `${prefix}-55` });
      });
      const server = await startServer();
      await until(
        'the import to write its second chunk',
        async () =>
          (await waitingOn(db, lock.pid)).some((q) => /^insert into "(orders|order_products)"/.test(q)),
        server,
      );
      expect((await importRow(id)).status).toBe('writing');
      await killAtLock(db, server, lock);
      expect(await written(prefix)).toEqual(NONE);
      await resumesToDone(id, prefix);
    });

    it('killed when its orders are written and it is about to say done: all or none, then done once', {
      timeout: 60_000,
    }, async () => {
      const prefix = unique('KILLD');
      const id = await queueImport(prefix);
      const server = await startServer();
      await until('the import to write', async () => (await importRow(id)).status === 'writing', server);
      // Kill point: the import's own row, updated to `done` once every chunk is written.
      const lock = await holdLocks(db, async (tx) => {
        await tx.execute(sql`select 1 from order_imports where id = ${id} for update`);
      });
      await until(
        'the import to record that it is done',
        async () => (await waitingOn(db, lock.pid)).some((q) => /^update "order_imports"/.test(q)),
        server,
      );
      await killAtLock(db, server, lock);
      // All or none; none, since the import records `done` in the transaction of its orders.
      expect(await written(prefix)).toEqual(NONE);
      await resumesToDone(id, prefix);
    });
  });
});

/** `n` copies of the client `id`, named and coded `<token> 00001` …: a big list in one statement. */
async function cloneClients(db: Db, id: bigint, token: string, n: number): Promise<void> {
  const columns = (
    await rows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = 'clients' and is_generated = 'NEVER'
            and is_identity = 'NO' and column_name not in ('id', 'code', 'name')`,
    )
  ).map((c) => sql.identifier(c.name));
  const list = sql.join(columns, sql`, `);
  await db.execute(sql`insert into clients (code, name, ${list})
    select ${token} || lpad(g::text, 5, '0'), ${token} || ' ' || lpad(g::text, 5, '0'), ${list}
    from clients, generate_series(1, ${n}) g where clients.id = ${id}`);
}

/** The mails a list export's job queued (its link is in the text). */
const mailsOf = (db: Db, jobId: bigint) =>
  db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.entity, JOB_ENTITY), eq(mailOutbox.entityId, jobId)));

/** An order file of `n` lines, 10 an order (`<prefix>-0` …), for a demo client of demo.sales. */
async function orderFile(prefix: string, n: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('orders');
  const columns = [...ORDER_FEED_COLUMNS];
  sheet.addRow(columns);
  const today = businessDate();
  for (let i = 0; i < n; i++) {
    const line: Record<string, string | number> = {
      orderNo: `${prefix}-${Math.floor(i / 10)}`,
      clientPo: `PO-${prefix}-${Math.floor(i / 10)}`,
      client: 'PACTOYS',
      itemNo: `IT-${prefix}-${i}`,
      name: '毛绒小熊 Plush bear',
      factory: 'F-HM-SZ',
      quantity: 100 + i,
      quantityUnit: 'pcs',
      deliveryDate: addDays(today, 30 + (i % 60)),
    };
    sheet.addRow(columns.map((c) => line[c] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
