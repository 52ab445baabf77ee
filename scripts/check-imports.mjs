#!/usr/bin/env node
// The import boundaries of docs/architecture.md, checked on every relative and workspace import
// (`npm run lint` runs this after Biome, whose noImportCycles catches cycles):
//   server: domain/ is pure (no database, no framework): it imports only domain/ and the contract;
//           a module's rules (`*.rules.ts`) import no service;
//           platform/ never imports modules/; a module reaches another module only through its
//           exported service functions (`<area>.service.ts`, ARCHITECTURE.md "Modules"), never its
//           queries, tables, bindings or internals (its tests and test factories may set up through them);
//           modules/modules.ts lists them all.
//   web:    components/, api/ and lib/ never import features/ or app/; a feature never imports app/
//           or another feature.
//   the web never imports the server; the contract imports neither.
// Exits 1 and lists every breach.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** `apps/server/src/modules/client/x.ts` → segments under the repo root, with `/`. */
const rel = (path) => relative(root, path).split(sep).join('/');

/** What an import points at, as a repo-relative path, or null for a package outside the repo. */
function target(from, spec) {
  if (spec.startsWith('.')) return rel(resolve(dirname(from), spec));
  if (spec.startsWith('@qcdesk/contract')) return 'packages/contract/src';
  if (spec.startsWith('@qcdesk/server')) return 'apps/server/src';
  return null;
}

const area = (path, prefix) => (path.startsWith(prefix) ? path.slice(prefix.length).split('/')[0] : null);

const SERVER_MODULES = 'apps/server/src/modules/';
const DOMAIN = 'apps/server/src/domain/';
const WEB = 'apps/web/src/';
const FEATURES = `${WEB}features/`;

/** The reason `from` may not import `to`, or null. */
function breach(from, to) {
  if (from.startsWith('apps/web/') && to.startsWith('apps/server/'))
    return 'the web never imports the server';
  if (from.startsWith('packages/contract/') && to.startsWith('apps/')) return 'the contract imports no app';
  if (from.startsWith(DOMAIN) && !to.startsWith(DOMAIN) && !to.startsWith('packages/contract/')) {
    return 'domain/ is pure: it imports only domain/ and the contract';
  }
  if (/\.rules\.ts$/.test(from) && /\.service(\.ts)?$/.test(to)) return 'rules import no service';
  if (from.startsWith('apps/server/src/platform/') && to.startsWith(SERVER_MODULES)) {
    return 'platform/ never imports modules/';
  }
  const fromModule = area(from, SERVER_MODULES);
  const toModule = area(to, SERVER_MODULES);
  const test = /\.(test|factory)\.tsx?$/.test(from);
  if (fromModule && toModule && fromModule !== toModule && !fromModule.endsWith('.ts') && !test) {
    if (!/\.service(\.ts)?$/.test(to)) {
      return `module ${fromModule} reaches into module ${toModule}: call its service, or move what they share to platform/`;
    }
  }
  const shared = ['components/', 'api/', 'lib/', 'i18n/'].some((d) => from.startsWith(`${WEB}${d}`));
  if (shared && (to.startsWith(FEATURES) || to.startsWith(`${WEB}app/`))) {
    return 'components/, api/, lib/ and i18n/ never import features/ or app/';
  }
  const fromFeature = area(from, FEATURES);
  if (fromFeature) {
    if (to.startsWith(`${WEB}app/`)) return 'features never import app/';
    const toFeature = area(to, FEATURES);
    if (toFeature && toFeature !== fromFeature) return `feature ${fromFeature} imports feature ${toFeature}`;
  }
  return null;
}

const breaches = [];
for (const dir of ['apps/server/src', 'apps/web/src', 'packages/contract/src']) {
  for (const file of files(join(root, dir))) {
    const from = rel(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      const to = target(file, spec);
      if (!to) continue;
      const reason = breach(from, to);
      if (reason) breaches.push(`${from}: '${spec}' — ${reason}`);
    }
  }
}

if (breaches.length > 0) {
  console.error(`${breaches.length} forbidden import(s):\n${breaches.map((b) => `  ${b}`).join('\n')}`);
  process.exit(1);
}
console.info('imports: 0 forbidden');
