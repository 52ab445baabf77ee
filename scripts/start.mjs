#!/usr/bin/env node
// `npm start`: build the web app if it is missing or older than its sources (`npm install` built it
// already, so normally this is a quick check), then run the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const built = buildWebIfStale({ quiet: true });
if (built !== 0) process.exit(built);

const server = spawn(
  process.execPath,
  ['--import', import.meta.resolve('tsx'), join(root, 'apps/server/src/main.ts')],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
