import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ReportFormKind } from '@qcdesk/contract/report-form';
import { loadHolidays } from '@qcdesk/server/src/modules/config/holiday.service.ts';
import { FORM_TITLES } from '@qcdesk/server/src/modules/report-form/report-form.rules.ts';
import { FORMS } from '@qcdesk/server/src/modules/report-form/report-form.sheets.ts';
import { isClosed } from '@qcdesk/server/src/modules/report-form/report-form-close.queries.ts';
import { closeFeeMonth } from '@qcdesk/server/src/modules/report-form/report-form-close.service.ts';
import { type Database, openDatabase } from '@qcdesk/server/src/platform/db.ts';
import { writeExportWorkbook } from '@qcdesk/server/src/platform/list-export-xlsx.ts';
import { seedPrincipal } from '@qcdesk/server/src/platform/seed-principal.ts';
import { getSystemParam } from '@qcdesk/server/src/platform/system-params.ts';
import { REPORT_YEAR } from './generate-reports.ts';
import { samplePeakRss, vmHwmMb } from './process-memory';
import { printTable } from './table.ts';

// The report forms over a year (issue 30): the fee form (and the inspection and overtime forms)
// of a year of generated reports on top of the 1M orders (generate-reports.ts), written to an XLSX
// the way the report-form job writes it (report-form-job.service.ts: the form's batches into
// exceljs's streaming WorkbookWriter; storing the file and the mail left out), scope "all", in
// Chinese. Each form runs in a child process of its own, so its peak RSS (VmHWM) is that export's
// (and, on PGlite, the embedded database's: it runs in the same process, its CPU time too). On
// PostgreSQL the CPU time is Node's only.
//
//   npm run bench -- report-form                                   PGlite, tmp/bench-report-form
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/qcdesk_rf npm run bench -- report-form
//   npx tsx bench/src/report-form.bench.ts --orders 20000 --reports 5000 --forms fee
//
// Sizes: BENCH_RF_ORDERS (1M) and BENCH_RF_REPORTS (100k) or --orders/--reports (--supervise,
// --inspectors as generate.ts); BENCH_RF_FORMS or --forms (fee,inspection,overtime). The data is
// generated once and topped up (DATA_DIR for PGlite, tmp/bench-report-form by default).
// BENCH_RF_CLOSED or --closed N first closes the year's first N months through the month close
// (reportform/close-month's service; for good: a closed month stays closed), so the fee form reads
// their frozen lines instead (0 by default).

const MB = 1024 * 1024;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface CaseInput {
  url?: string | undefined;
  dataDir: string;
  form: ReportFormKind;
  path: string;
}

interface CaseResult {
  rows: number;
  wallMs: number;
  cpuMs: number;
  rssBeforeMb: number;
  peakDuringMb: number;
  hwmMb: number;
}

/** The child: writes one form of the year to `path` and answers its figures. */
async function runCase(input: CaseInput): Promise<CaseResult> {
  const database = await openDatabase({ url: input.url, dataDir: input.dataDir });
  const { db } = database;
  const filters = { startTime: `${REPORT_YEAR}-01-01`, endTime: `${REPORT_YEAR}-12-31` };
  const form = FORMS[input.form];
  const rssBeforeMb = process.memoryUsage.rss() / MB;
  const sampler = samplePeakRss();
  const cpu = process.cpuUsage();
  const start = performance.now();
  // What the job reads before writing (runForm), then the workbook.
  const calendar = await loadHolidays(db, filters.startTime, filters.endTime);
  const standardHours = await getSystemParam(db, 'work.standardHours');
  const rows = await writeExportWorkbook({
    path: input.path,
    title: FORM_TITLES[input.form].zh,
    lang: 'zh',
    columns: form.columns,
    batches: form.rows({ db, filters, scope: { kind: 'all' }, lang: 'zh', calendar, standardHours }),
  });
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const peakDuringMb = sampler.stop();
  await database.close();
  return {
    rows,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    rssBeforeMb,
    peakDuringMb,
    hwmMb: vmHwmMb(),
  };
}

/**
 * The product's heap cap: `npm start` runs the server with --max-old-space-size=QCDESK_HEAP_MB (256 MB
 * unless set, scripts/start.mjs), so a form is measured under the same cap; QCDESK_HEAP_MB=0 lifts it.
 */
const HEAP_MB = Number(process.env.QCDESK_HEAP_MB ?? 256);

function inChild(input: CaseInput): Promise<CaseResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx', ...(HEAP_MB > 0 ? [`--max-old-space-size=${HEAP_MB}`] : [])],
      env: { ...process.env, RFBENCH_CASE: JSON.stringify(input) },
    });
    let result: CaseResult | undefined;
    child.on('message', (m) => {
      result = m as CaseResult;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && result ? resolve(result) : reject(new Error(`report-form case exited ${code}`)),
    );
  });
}

/** Closes the year's first `months` months (those not closed yet); answers how many are closed. */
async function closeMonths(db: Database['db'], months: number): Promise<number> {
  const admin = await seedPrincipal(db, 'admin');
  if (!admin) throw new Error('no admin user');
  let closed = 0;
  for (let m = 1; m <= months; m++) {
    const month = `${REPORT_YEAR}-${String(m).padStart(2, '0')}`;
    if (!(await isClosed(db, month))) {
      const t0 = performance.now();
      const { lines, corrections } = await closeFeeMonth(db, { month }, admin);
      process.stdout.write(
        `  closed ${month}: ${lines} lines, ${corrections} corrections (${Math.round(performance.now() - t0)} ms)\n`,
      );
    }
    closed += 1;
  }
  return closed;
}

export async function reportFormBench(argv: string[] = []): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      orders: { type: 'string' },
      reports: { type: 'string' },
      supervise: { type: 'string' },
      inspectors: { type: 'string' },
      forms: { type: 'string' },
      closed: { type: 'string' },
    },
  });
  const num = (flag: string | undefined, env: string, fallback: number) =>
    Number(flag ?? process.env[env] ?? fallback);
  const orders = num(values.orders, 'BENCH_RF_ORDERS', 1_000_000);
  const reports = num(values.reports, 'BENCH_RF_REPORTS', 100_000);
  const closing = num(values.closed, 'BENCH_RF_CLOSED', 0);
  const forms = (values.forms ?? process.env.BENCH_RF_FORMS ?? 'fee,inspection,overtime').split(
    ',',
  ) as ReportFormKind[];
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = url
    ? join(tmpdir(), 'qcdesk-rf-unused')
    : (process.env.DATA_DIR ?? join(ROOT, 'tmp/bench-report-form'));
  const where = url ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(`\nReport forms: generating into ${url ?? dataDir}\n`);
  const t0 = performance.now();
  // Imported here: generate.ts loads every module (the seeds), which the children need not.
  const { generate } = await import('./generate.ts');
  const database = await generate({
    url,
    dataDir,
    sizes: {
      // Orders need clients; the forms read none of the search data.
      clients: Math.min(100_000, Math.max(1_000, orders / 10)),
      materials: 0,
      samples: 0,
      standards: 0,
      tests: 0,
      orders,
      reports,
      ...(values.supervise ? { supervise: Number(values.supervise) } : {}),
      ...(values.inspectors ? { inspectors: Number(values.inspectors) } : {}),
    },
  });
  const closed = await closeMonths(database.db, closing);
  await database.close();
  process.stdout.write(`  data ready in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-rf-bench-'));
  const out: Array<Record<string, string | number>> = [];
  try {
    for (const form of forms) {
      const path = join(dir, `${form}.xlsx`);
      const load = loadavg()[0]!;
      const r = await inChild({ url, dataDir, form, path });
      out.push({
        db: where,
        form,
        'closed months': form === 'fee' ? closed : '',
        rows: r.rows,
        'wall ms': r.wallMs,
        'CPU ms': r.cpuMs,
        'rows/s': (r.rows / r.wallMs) * 1000,
        'RSS before MB': r.rssBeforeMb,
        'peak RSS MB (export)': r.peakDuringMb,
        'VmHWM MB': r.hwmMb,
        'XLSX MB': statSync(path).size / MB,
        'load 1m': load,
      });
      process.stdout.write(`  ${form}: ${r.rows} rows in ${(r.wallMs / 1000).toFixed(1)} s\n`);
      rmSync(path, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    `Report forms of ${REPORT_YEAR} (${reports.toLocaleString('en-US')} reports, ${orders.toLocaleString('en-US')} orders; ` +
      'a child per form; peak RSS sampled every 50 ms, VmHWM the child’s whole life)',
    out,
  );
}

if (process.env.RFBENCH_CASE) {
  const result = await runCase(JSON.parse(process.env.RFBENCH_CASE) as CaseInput);
  if (process.send) process.send(result, () => process.exit(0));
  else process.exit(0);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await reportFormBench(process.argv.slice(2));
  process.exit(0);
}
