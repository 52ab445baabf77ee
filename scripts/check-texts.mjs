#!/usr/bin/env node
// Each area registers its own texts (issue 24 point 1, docs/adding-an-area.md "Texts and mails"):
//   - the shared messages (packages/contract/src/messages.ts, messages-core.ts) hold only the keys
//     listed in SHARED below: the transport's, the platform's (sign-in, files, exports, imports) and
//     the generic ones every area raises. A key only one area raises goes to that area's contract
//     file: `export const texts = defineTexts({ errors: { E_…: { zh, en } } })`;
//   - `defineTexts` is called only in an area's contract file, never in the shared messages;
//   - a mail template (`defineMail`) is declared only in an area's `modules/<area>/<area>.mails.ts`
//     (tests aside): platform/mail renders mails and holds none of its own.
// Adding a key to SHARED is a decision about the platform, not a step of adding an area.
// Exits 1 and lists every breach.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const SHARED = new Set([
  // The transport and the sign-in route (messages-core.ts).
  'SUCCESS',
  'E_PASSWORD_MISMATCH',
  'E_PERMISSION',
  'E_BAD_REQUEST',
  'UNAUTHORIZED',
  'UNAUTHENTICATED',
  'INVALID_ENCRYPTED',
  'INTERNAL',
  'NETWORK',
  'REFRESH_EXPIRED',
  // Input validation and records, raised by every area and the platform.
  'E_REQUIRED',
  'E_USERNAME_EMPTY',
  'E_PASSWORD_EMPTY',
  'E_PASSWORD_RULE',
  'E_PAGE',
  'E_TOO_SHORT',
  'E_TOO_LONG',
  'E_FORMAT',
  'E_RANGE',
  'E_NO_CHINESE',
  'E_DATE_RANGE',
  'E_DUPLICATE',
  'E_REF_NOT_FOUND',
  'E_REF_INACTIVE',
  'E_NOT_FOUND',
  'E_IN_USE',
  'E_VERSION',
  'E_STATUS',
  'E_CHECKED_OUT',
  'E_NOT_CHECKED_OUT',
  'E_REASON_REQUIRED',
  'E_SCOPE',
  'E_TOO_DEEP',
  'E_STALE',
  'E_NO_OPERATION',
  // Audits: the auditor is never who did the work (first samples, inspection reports).
  'E_SELF_AUDIT',
  // Carts (lib/carts.ts), shared by the order, test-order and test-report screens.
  'E_CART_ORDER',
  'E_CART_CLIENT_DEPT',
  // Spec §8 keys of the inspection areas still to come: each moves into its area when it is built.
  'E_QTY_EXCEEDS',
  'E_ADVANCE_DAYS',
  // Files, uploads and shared links (the files platform).
  'E_FILE_TOO_BIG',
  'E_FILE_TYPE',
  'E_IMAGE_ONLY',
  'E_UPLOAD_TOO_BIG',
  'E_UPLOAD_DENIED',
  'E_UPLOAD_FAILED',
  'E_LINK_INVALID',
  'E_SHARE_PASSWORD',
  'E_SHARE_EXPIRED',
  'E_SHARE_EXHAUSTED',
  // List exports and XLSX imports (platform/list-export.ts, platform/xlsx-reader.ts).
  'MAIL_SENT',
  'E_EXPORT_TOO_MANY',
  'E_EXPORT_EMPTY',
  'E_IMPORT_ROWS',
  'E_FILE_CONTENT',
  'E_XLSX_LIMIT',
  'E_IMPORT_FAILED',
  // Sign-in and sessions (spec §5), read by the web's session handling.
  'TOKEN_EXPIRED',
  'CODE_SENT',
  'E_LOGIN_FAILED',
  'E_LOCKED_OUT',
  'E_SLOW_DOWN',
  'E_TOO_MANY_REQUESTS',
  'E_CODE_INVALID',
  'E_OLD_PASSWORD',
  'E_MUST_CHANGE_PASSWORD',
  'E_MUST_VERIFY',
  'E_ACCOUNT_LOCKED',
  'E_SESSION_ENDED',
  'E_IMPERSONATE_ADMIN',
  'E_IMPERSONATING',
]);

const SHARED_FILES = ['packages/contract/src/messages.ts', 'packages/contract/src/messages-core.ts'];
const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.tsx?$|\/test\//;

function* files(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path.split(sep).join('/');
  }
}

/** The code without its comments (a comment may name `defineMail(…)`). */
const code = (file) =>
  readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

const breaches = [];

// The keys of the shared message tables: `  KEY: {` at the top level of an object literal.
for (const file of SHARED_FILES) {
  const text = code(file);
  for (const [, key] of text.matchAll(/^ {2}([A-Z][A-Z0-9_]*): \{/gm))
    if (!SHARED.has(key))
      breaches.push(
        `${file}: ${key} is not a shared key; declare it in its area's contract file (defineTexts) or, if the platform raises it, add it to SHARED in scripts/check-texts.mjs`,
      );
  if (/defineTexts\(/.test(text))
    breaches.push(`${file}: area texts are declared in the area's contract file`);
}

for (const file of files('apps/server/src')) {
  if (TEST.test(file)) continue;
  const text = code(file);
  if (!/\bdefineMail\(/.test(text) || file === 'apps/server/src/platform/mail/mail-templates.ts') continue;
  const own = /^apps\/server\/src\/modules\/([a-z-]+)\/\1\.mails\.ts$/.test(file);
  if (!own) breaches.push(`${file}: a mail template belongs in its area's modules/<area>/<area>.mails.ts`);
}

for (const file of files('packages/contract/src')) {
  if (TEST.test(file) || file === 'packages/contract/src/texts.ts') continue;
  const text = code(file);
  if (/\bdefineTexts\(/.test(text) && !/^export const texts = defineTexts\(/m.test(text))
    breaches.push(
      `${file}: an area's texts are its \`export const texts = defineTexts({...})\` (collected by area-texts.ts)`,
    );
}

if (breaches.length > 0) {
  console.error(`check-texts: ${breaches.length} breach(es)\n${breaches.map((b) => `  ${b}`).join('\n')}`);
  process.exit(1);
}
console.log('check-texts: shared texts hold only shared keys; mails and area texts are in their areas');
