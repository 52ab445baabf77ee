import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERMISSIONS } from '@qcdesk/contract/permissions';
import { fillChartData } from '@qcdesk/server/src/modules/dashboard/dashboard.factory.ts';
import { dashboardQueue } from '@qcdesk/server/src/modules/dashboard/dashboard.service.ts';
import { dashboardCharts } from '@qcdesk/server/src/modules/dashboard/dashboard-charts.service.ts';
import type { Principal } from '@qcdesk/server/src/platform/auth.ts';
import { generate } from './generate.ts';
import { printTable } from './table.ts';

// The dashboard on Home (issue 30): the CPU time and wall time of one dashboard load — the work
// queue and the charts of the last 6 months, as an administrator (scope all, every chart) — on the
// embedded PGlite (in this process, so the CPU time includes the database's), over
// BENCH_DASHBOARD_REPORTS reports, tasks and applications spread over a year.
//
//   npm run bench -- dashboard          BENCH_DASHBOARD_REPORTS=20000 BENCH_DASHBOARD_LOADS=30

const REPORTS = Number(process.env.BENCH_DASHBOARD_REPORTS ?? 20_000);
const LOADS = Number(process.env.BENCH_DASHBOARD_LOADS ?? 30);

const admin: Principal = {
  userId: 1n,
  username: 'admin',
  displayName: 'admin',
  permissions: new Set(PERMISSIONS),
  roleCode: 'ADMIN',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function dashboardBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qcdesk-dashboard-bench-'));
  // The seeded demo data and a few generated orders (the reports' applications name their products).
  const sizes = { clients: 100, materials: 100, samples: 10, standards: 10, tests: 10, orders: 1_000 };
  const database = await generate({ dataDir, sizes });
  try {
    const db = database.db;
    await fillChartData(db, REPORTS, 365);
    const load = () => Promise.all([dashboardQueue(db, admin), dashboardCharts(db, { months: 6 }, admin)]);
    await load(); // warm-up
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const cpuStart = process.cpuUsage();
      const start = process.hrtime.bigint();
      await load();
      wall.push(Number(process.hrtime.bigint() - start) / 1e6);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    printTable(`Dashboard load (queue + charts, ${REPORTS} reports over a year, PGlite in-process)`, [
      {
        loads: LOADS,
        'CPU ms p50': median(cpu),
        'wall ms p50': median(wall),
        'wall ms max': Math.max(...wall),
      },
    ]);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
