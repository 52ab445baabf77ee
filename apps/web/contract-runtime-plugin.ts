import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const CONTRACT_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/contract/src') + sep;
const INERT_ZOD = '\0qcdesk:inert-zod';

/**
 * zod for the contract's modules in the browser: every schema call answers another inert schema,
 * so the modules run (operations keep their path, method and permission; constants and helpers work)
 * without zod itself. Validating with one fails loudly rather than passing everything.
 */
const INERT_ZOD_SOURCE = `
const VALIDATORS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode',
  'safeDecode', 'safeEncode', 'decodeAsync', 'encodeAsync', 'safeDecodeAsync', 'safeEncodeAsync']);
const refuse = (name) => () => {
  throw new Error('Contract schemas are not validated in the web build (' + name + '); see apps/web/contract-runtime-plugin.ts');
};
const inert = new Proxy(function schema() {}, {
  get(_target, property) {
    if (property === 'then' || typeof property === 'symbol') return undefined;
    if (VALIDATORS.has(property)) return refuse(property);
    return inert;
  },
  apply: () => inert,
  construct: () => inert,
});
export const z = inert;
export default inert;
`;

/**
 * The web never validates with the contract's zod schemas: it needs an operation's path and method
 * at run time and its schemas only as types. Importing an operation would still pull zod and every
 * schema of the area into the bundle (~22 KB gzip of zod alone, a tenth of the sign-in route's
 * budget), so in the production build the contract's `import { z } from 'zod'` gets an inert stand-in
 * (web code importing zod itself still gets the real one), and schema building is marked pure so
 * the schemas no operation in use needs are dropped.
 */
export function contractRuntimePlugin(): Plugin {
  return {
    name: 'qcdesk:contract-runtime',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      build: { rolldownOptions: { treeshake: { manualPureFunctions: ['z', 'defineOperation'] } } },
    }),
    resolveId(source, importer) {
      if (source !== 'zod' || !importer) return null;
      const from = importer.split('?')[0] ?? importer;
      return from.startsWith(CONTRACT_SRC) ? INERT_ZOD : null;
    },
    load(id) {
      return id === INERT_ZOD ? INERT_ZOD_SOURCE : null;
    },
  };
}
