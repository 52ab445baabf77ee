#!/usr/bin/env node
// The e2e server on PostgreSQL (E2E_DATABASE_URL, playwright.config.ts): a database of its own for
// this run on that server, then `npm start` with E2E_PROCESSES (2) processes behind the one port
// (Node's cluster, ADR 0029) and no sandbox (on PostgreSQL it needs a database of its own). Issue
// 32: the browser tests against two processes on PostgreSQL. Playwright ends the server with SIGKILL,
// so each run first drops the e2e databases earlier runs left that nothing is connected to (a
// running suite's database has connections: a drop without FORCE refuses it).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const base = process.env.E2E_DATABASE_URL;
if (!base) throw new Error('E2E_DATABASE_URL is not set');
const name = `qcdesk_e2e_${Date.now()}`;
const withName = (url, database) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

async function admin(work) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

await admin(async (client) => {
  const { rows } = await client.query(
    `select datname from pg_database where datname like 'qcdesk\\_e2e\\_%'`,
  );
  for (const { datname } of rows) {
    await client.query(`drop database if exists "${datname}"`).catch(() => {});
  }
  await client.query(`create database "${name}"`);
});

const server = spawn(process.execPath, [fileURLToPath(new URL('../scripts/start.mjs', import.meta.url))], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: withName(base, name),
    PROCESSES: process.env.E2E_PROCESSES ?? '2',
    SANDBOX: 'off',
  },
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
server.on('exit', async (code, signal) => {
  // Stopped by a signal it could catch: the run's database goes with it.
  await admin((client) => client.query(`drop database if exists "${name}" with (force)`)).catch(() => {});
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
