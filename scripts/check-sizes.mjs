#!/usr/bin/env node
// Size limits of the files that grow with every business area (issue 11, area anatomy): a service,
// a detail page or a form past its limit is split by concern instead of growing. `npm run lint`
// runs this; it fails on a file over its limit that the allow-list does not name, and prints the
// largest files of each kind.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const RULES = [
  { what: 'server services', dir: 'apps/server/src/modules', suffix: '.service.ts', limit: 300 },
  // Plain HTTP routes outside the envelope (the files area's, by concern: upload, download, object, share).
  { what: 'server raw routes', dir: 'apps/server/src/modules', suffix: '.routes.ts', limit: 300 },
  { what: 'web detail pages', dir: 'apps/web/src/features', suffix: '-detail-page.tsx', limit: 200 },
  { what: 'web forms', dir: 'apps/web/src/features', suffix: '-form.tsx', limit: 250 },
];

/** Config is the platform's own area (the 35 lists' generic service and XLSX), split after the business areas. */
const PLATFORM_AREA = 'config is split after the business areas (issue 11 closing note)';

/** Files allowed past their limit for now, each with its reason. Remove an entry once the file fits. */
const ALLOWED = {
  'apps/server/src/modules/config/config.service.ts': PLATFORM_AREA,
  'apps/server/src/modules/config/config-xlsx.service.ts': PLATFORM_AREA,
  'apps/web/src/features/users/role-form.tsx':
    'the role form with its permission checklist (users feature): split next with the list kit (issue 12)',
};

const TOP = 5;

function linesOf(path) {
  const text = readFileSync(path, 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function filesOf(dir, suffix) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)).replaceAll('\\', '/'));
}

const failures = [];
const seen = new Set();
for (const rule of RULES) {
  const sized = filesOf(rule.dir, rule.suffix)
    .map((path) => ({ path, lines: linesOf(join(root, path)) }))
    .sort((a, b) => b.lines - a.lines);
  console.info(`${rule.what} (*${rule.suffix}, limit ${rule.limit} lines), largest:`);
  for (const { path, lines } of sized.slice(0, TOP)) {
    const mark = lines <= rule.limit ? '  ' : ALLOWED[path] ? '~ ' : '✗ ';
    console.info(
      `  ${mark}${String(lines).padStart(4)}  ${path}${lines > rule.limit && ALLOWED[path] ? ` (allowed: ${ALLOWED[path]})` : ''}`,
    );
  }
  for (const { path, lines } of sized) {
    seen.add(path);
    if (lines > rule.limit && !ALLOWED[path]) failures.push(`${path}: ${lines} lines, over ${rule.limit}`);
    if (lines <= rule.limit && ALLOWED[path]) {
      console.info(`  note: ${path} fits now (${lines} lines): remove it from the allow-list`);
    }
  }
}
for (const path of Object.keys(ALLOWED)) {
  if (!seen.has(path)) console.info(`note: ${path} is gone: remove it from the allow-list`);
}

if (failures.length > 0) {
  console.error(`\nFiles over their size limit (split them by concern):`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.info('sizes: ok');
