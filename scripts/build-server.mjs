#!/usr/bin/env node
// Builds the server to one JavaScript file (apps/server/dist/main.js, with its source map) when it
// is missing or older than its sources, so `npm start` runs compiled JavaScript instead of loading
// every TypeScript module through a loader at each start (issue 33). Run by `npm install`
// (scripts/postinstall.mjs) and `npm start`; about a second. The packages under node_modules stay
// outside the bundle (native addons, WASM and their own files load as they are); only the server's
// sources and the contract (a workspace package of TypeScript sources) go in.
// Development keeps the loader: `npm run start -w apps/server`, the tests and the CLI run the sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = join(root, 'apps/server/dist/main.js');

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

/** Whether the built server is missing or older than its sources, the contract, the lockfile or this script. */
export function serverBuildStale() {
  if (!existsSync(SERVER_ENTRY)) return true;
  const sources = [
    join(root, 'apps/server/src'),
    join(root, 'packages/contract/src'),
    join(root, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ];
  return Math.max(...sources.map(newest)) > statSync(SERVER_ENTRY).mtimeMs;
}

/** esbuild as tsx (a dependency of the server) installed it: no dependency of its own. */
async function loadEsbuild() {
  const fromTsx = createRequire(fileURLToPath(import.meta.resolve('tsx')));
  return import(pathToFileURL(fromTsx.resolve('esbuild')).href);
}

/**
 * Bundles a TypeScript entry of the server to one ES module for Node: every installed package stays
 * external (native addons, WASM and their own files load as they are); the workspace's own
 * (@qcdesk/…, TypeScript sources) go in. Also used by tests that start processes of their own.
 */
export async function bundleForNode({ entry, outfile, sourcemap = false }) {
  const esbuild = await loadEsbuild();
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@qcdesk/') || args.path.startsWith('node:')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

export async function buildServerIfStale({ quiet = false } = {}) {
  if (!serverBuildStale()) {
    if (!quiet) console.info('The server is up to date (apps/server/dist).');
    return 0;
  }
  const started = Date.now();
  try {
    await bundleForNode({
      entry: join(root, 'apps/server/src/main.ts'),
      outfile: SERVER_ENTRY,
      sourcemap: 'linked',
    });
  } catch (error) {
    console.error(`Building the server failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  if (!quiet) console.info(`Built the server in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await buildServerIfStale());
}
