#!/usr/bin/env node
// `npm start`: build the web app and the server if either is missing or older than its sources
// (`npm install` built both already, so normally these are quick checks), then run the built server
// (apps/server/dist/main.js; issue 33: no TypeScript loader at each start). Should the server build
// fail, the sources run through the loader (tsx) as before, with a warning.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, SERVER_ENTRY } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const built = buildWebIfStale({ quiet: true });
if (built !== 0) process.exit(built);
const compiled = (await buildServerIfStale({ quiet: true })) === 0;
if (!compiled) console.warn('Running the server from its TypeScript sources instead (slower to start).');

// V8's old space is capped (QCDESK_HEAP_MB, 256 MB by default): left at Node's default (about a quarter
// of the machine's memory) V8 collects late and an order import peaks at ~450 MB whatever the file's
// size; capped, the 50 MB import peaks at ~290 MB RSS (docs/adr/0013-streamed-import.md).
const heapMb = Number(process.env.QCDESK_HEAP_MB ?? 256);
const server = spawn(
  process.execPath,
  [
    ...(heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : []),
    ...(compiled
      ? [SERVER_ENTRY]
      : ['--import', import.meta.resolve('tsx'), join(root, 'apps/server/src/main.ts')]),
  ],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
