#!/usr/bin/env node
// Builds the web app (apps/web/dist) when it is missing or older than what it is built from; says
// so and does nothing otherwise. Run by `npm install` (scripts/postinstall.mjs, so the first
// `npm start` serves at once), `npm start`, `npm run test:e2e` and `npm run bench`.
// QCDESK_SKIP_WEB_BUILD=1 skips it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = join(root, 'apps/web/dist/index.html');

/** The newest modification time under a file or folder, skipping installed and built files. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

/** Whether the built app is missing or older than its sources, the contract or the lockfile. */
export function webBuildStale() {
  if (!existsSync(webIndex)) return true;
  const sources = [
    join(root, 'apps/web'),
    join(root, 'packages/contract/src'),
    join(root, 'package-lock.json'),
  ];
  return Math.max(...sources.map(newest)) > statSync(webIndex).mtimeMs;
}

export function buildWebIfStale({ quiet = false } = {}) {
  if (process.env.QCDESK_SKIP_WEB_BUILD) return 0;
  if (!webBuildStale()) {
    if (!quiet) console.info('The web app is up to date (apps/web/dist).');
    return 0;
  }
  console.info('Building the web app…');
  const started = Date.now();
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) return built.status ?? 1;
  console.info(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(buildWebIfStale());
}
