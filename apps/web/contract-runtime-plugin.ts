import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const CONTRACT_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/contract/src') + sep;
const SCHEMA_RECORDER = resolve(dirname(fileURLToPath(import.meta.url)), 'src/lib/schema-recorder.ts');

/**
 * The web never validates with the contract's zod schemas: it needs an operation's path and method
 * at run time and its schemas only as types. Importing an operation would still pull zod and every
 * schema of the area into the bundle (~22 KB gzip of zod alone, a tenth of the sign-in route's
 * budget), so in the production build the contract's `import { z } from 'zod'` gets a stand-in that
 * only describes schemas, for the forms' rules (src/lib/schema-recorder.ts; web code importing zod
 * itself still gets the real one), and schema building is marked pure so the schemas no operation in
 * use needs are dropped.
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
      return from.startsWith(CONTRACT_SRC) ? SCHEMA_RECORDER : null;
    },
  };
}
