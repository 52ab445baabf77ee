#!/usr/bin/env node
// `npm install` / `npm ci` (postinstall): prepares what the first `npm start` would otherwise spend
// its first half-minute on, both at once (one core each): the web build when it is stale
// (scripts/build-web.mjs; QCDESK_SKIP_WEB_BUILD=1 skips it), and the migrated PGlite template new
// data dirs start from (scripts/pglite-template.ts) followed by the server build (about a second,
// scripts/build-server.mjs). A failure only warns: the install succeeded,
// and `npm start` does either job itself, saying why it failed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(what, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.warn(`postinstall: ${what} did not run (${error.message})`);
      resolve();
    });
    child.on('exit', (code) => {
      if (code !== 0) console.warn(`postinstall: ${what} failed; \`npm start\` tries again and shows why.`);
      resolve();
    });
  });
}

let tsx;
try {
  tsx = import.meta.resolve('tsx');
} catch {
  tsx = undefined;
}
await Promise.all([
  run('the web build', ['scripts/build-web.mjs']),
  (async () => {
    if (tsx) await run('the PGlite template', ['--import', tsx, 'scripts/pglite-template.ts']);
    await run('the server build', ['scripts/build-server.mjs']);
  })(),
]);
