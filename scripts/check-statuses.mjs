#!/usr/bin/env node
// Statuses and results are read through the contract's named codes (issue 24 point 3):
// `row.status === TEST_REPORT_STATUS.pending`, never `row.status === 10`. Fails on a number
// compared with a name that is a status or result (`status`, `result`, `fooStatus`, `fooResult`,
// after `.`, `?.` or `!.`):
//   x.status === 20, 20 !== x.result, x.status >= 20        (===, !==, ==, !=, <, >, <=, >=)
//   switch (x.status) { case 20: … }
//   eq(t.status, 20), inArray(t.result, [2, 3])            (drizzle)
//   [30, 40].includes(x.status)
//   sql`… ${t.status} = 40 … ${t.result} in (2, 3)`         (SQL in a template)
// Not flagged: HTTP status codes (100–599, no business code is that high: DOMAIN.md §3), the
// status of an error or a response (`error.status === 0`, `res.status`), `statusCode`,
// `httpStatus`, and a line carrying `// status-literal-ok` (say why next to it).
// Tests are checked too. Exits 1 and lists every finding.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DIRS = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/contract/src', 'e2e', 'bench'];
const SOURCE = /\.(ts|tsx|mts)$/;
const ESCAPE = 'status-literal-ok';

function* files(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (['node_modules', 'dist', 'test-results', 'playwright-report'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/**
 * The code with comments and the insides of '…' and "…" strings blanked; template literals are kept
 * (SQL lives in them). Line breaks stay, so offsets and line numbers do.
 */
function codeOf(text) {
  let out = '';
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (quote) {
      const kept = (ch) => (quote === '`' || ch === '\n' ? ch : ' ');
      if (c === quote || (c === '\n' && quote !== '`')) {
        out += c;
        quote = null;
      } else if (c === '\\') {
        out += kept(c) + kept(next ?? '');
        i++;
      } else out += kept(c);
      continue;
    }
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
      out += text[i] ?? '';
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop - 1;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    out += c;
  }
  return out;
}

/** A status or result, possibly read off something: `status`, `row.result`, `sample?.checkResult!`. */
const NAME = String.raw`((?:[A-Za-z_$][\w$]*(?:\[[^\]\n]*\])?!?(?:\?\.|\.))*)(status|result|[a-z][A-Za-z0-9]*(?:Status|Result))\b!?`;
const NUMBER = String.raw`(-?\d+)`;
const OP = '(===|!==|==|!=|<=|>=|<|>)';
const NUMBERS = String.raw`(-?\d+(?:\s*,\s*-?\d+)*)`;

const PATTERNS = [
  // name op number
  {
    re: new RegExp(String.raw`(?<![\w$.])${NAME}\s*(?<!=)${OP}(?!=|>)\s*${NUMBER}(?![\w.])`, 'g'),
    name: 1,
    field: 2,
    numbers: 4,
  },
  // number op name
  {
    re: new RegExp(String.raw`(?<![\w$.])${NUMBER}\s*${OP}(?!=)\s*${NAME}`, 'g'),
    name: 3,
    field: 4,
    numbers: 1,
  },
  // drizzle: eq(t.status, 20), inArray(t.result, [2, 3])
  {
    re: new RegExp(String.raw`\b(?:eq|ne|gt|gte|lt|lte)\(\s*${NAME}\s*,\s*${NUMBER}\s*\)`, 'g'),
    name: 1,
    field: 2,
    numbers: 3,
  },
  {
    re: new RegExp(String.raw`\b(?:inArray|notInArray)\(\s*${NAME}\s*,\s*\[\s*${NUMBERS}\s*\]`, 'g'),
    name: 1,
    field: 2,
    numbers: 3,
  },
  // [30, 40].includes(x.status)
  {
    re: new RegExp(String.raw`\[\s*${NUMBERS}\s*\]\.includes\(\s*${NAME}\s*\)`, 'g'),
    name: 2,
    field: 3,
    numbers: 1,
  },
  // SQL: ${t.status} = 40, ${t.result} in (2, 3)
  {
    re: new RegExp(String.raw`\$\{\s*${NAME}\s*\}\s*(?:=|<>|!=|<=|>=|<|>)\s*${NUMBER}(?![\w.])`, 'g'),
    name: 1,
    field: 2,
    numbers: 3,
  },
  {
    re: new RegExp(String.raw`\$\{\s*${NAME}\s*\}\s+(?:not\s+)?in\s*\(\s*${NUMBERS}\s*\)`, 'gi'),
    name: 1,
    field: 2,
    numbers: 3,
  },
];

const SWITCH = new RegExp(String.raw`\bswitch\s*\(\s*${NAME}\s*\)\s*\{`, 'g');

/** Receivers whose `status` is a transport's, not a business code. */
const TRANSPORT = /(^|\.)(error|err|e|response|res|resp|reply|http|outcome\.error|info\.error)(\?\.|!?\.)$/i;

function flagged(receiver, field, numbers) {
  if (/^(statusCode|httpStatus)$/.test(field)) return false;
  if (field === 'status' && TRANSPORT.test(receiver)) return false;
  const codes = numbers.split(',').map((n) => Number(n.trim()));
  return codes.some((n) => !(n >= 100 && n <= 599));
}

function lineOf(text, index) {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The `case N:` labels of a switch's own body (not of switches nested in it). */
function* numericCases(code, open) {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return;
    } else if (depth === 1 && code.startsWith('case', i) && !/[\w$]/.test(code[i - 1] ?? '')) {
      const match = /^case\s+(-?\d+)\s*:/.exec(code.slice(i, i + 40));
      if (match) yield { index: i, number: match[1] };
    }
  }
}

const findings = [];
for (const dir of DIRS) {
  for (const file of files(join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    const code = codeOf(text);
    const lines = text.split('\n');
    const path = relative(root, file).split(sep).join('/');
    const report = (index, what) => {
      const line = lineOf(code, index);
      if (lines[line - 1]?.includes(ESCAPE)) return;
      findings.push(`${path}:${line}: ${what} — ${lines[line - 1]?.trim()}`);
    };
    for (const pattern of PATTERNS) {
      for (const m of code.matchAll(pattern.re)) {
        if (flagged(m[pattern.name] ?? '', m[pattern.field], m[pattern.numbers])) {
          report(m.index, `${m[pattern.field]} against ${m[pattern.numbers]}`);
        }
      }
    }
    for (const m of code.matchAll(SWITCH)) {
      for (const c of numericCases(code, m.index + m[0].length - 1)) {
        if (flagged(m[1] ?? '', m[2], c.number)) report(c.index, `case ${c.number} of a switch on ${m[2]}`);
      }
    }
  }
}

findings.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
if (findings.length > 0) {
  console.error(
    `${findings.length} numeric status/result comparison(s); use the contract's named codes ` +
      `(e.g. TEST_REPORT_STATUS.pending), or mark a real exception with // ${ESCAPE}:\n` +
      findings.map((f) => `  ${f}`).join('\n'),
  );
  process.exit(1);
}
console.info('statuses: 0 numeric comparisons');
