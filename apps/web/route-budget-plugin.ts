import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface RouteBudget {
  /** What the table calls the route. */
  name: string;
  /** Source files (relative to apps/web) of the lazy modules the route loads on top of the entry. */
  modules: string[];
  /** Gzip KB the route's JavaScript may weigh in all; the build fails above it. */
  budgetKb?: number;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
}

const gzipKb = (code: string) => gzipSync(code).length / 1024;

/**
 * Prints what each listed route downloads (the entry, its lazy modules, and every chunk they
 * import statically) and fails the build when a route is over its budget (issue 4: the sign-in
 * route's JavaScript ≤ 250 KB gzip).
 */
export function routeBudgetPlugin(routes: RouteBudget[]): Plugin {
  return {
    name: 'qcdesk:route-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is ChunkLike & (typeof bundle)[string] => c.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;

      const closure = (start: ChunkLike, into: Set<string>) => {
        if (into.has(start.fileName)) return;
        into.add(start.fileName);
        for (const file of start.imports) {
          const next = byFile.get(file);
          if (next) closure(next, into);
        }
      };

      const rows: string[] = [];
      const failures: string[] = [];
      for (const route of routes) {
        const files = new Set<string>();
        closure(entry, files);
        for (const module of route.modules) {
          const chunk = chunks.find((c) =>
            c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/apps/web/${module}`),
          );
          if (!chunk) {
            failures.push(`${route.name}: no chunk for ${module}`);
            continue;
          }
          closure(chunk, files);
        }
        const kb = [...files].reduce((sum, file) => sum + gzipKb(byFile.get(file)?.code ?? ''), 0);
        const budget = route.budgetKb === undefined ? '' : ` / ${route.budgetKb} KB budget`;
        rows.push(
          `  ${route.name.padEnd(22)} ${kb.toFixed(1).padStart(7)} KB gzip in ${files.size} files${budget}`,
        );
        // QCDESK_BUDGET_DETAIL=1 lists the files of each route, heaviest first.
        if (process.env.QCDESK_BUDGET_DETAIL) {
          const sized = [...files].map((file) => [file, gzipKb(byFile.get(file)?.code ?? '')] as const);
          for (const [file, size] of sized.sort((a, b) => b[1] - a[1])) {
            rows.push(`      ${size.toFixed(1).padStart(7)} ${file}`);
          }
        }
        if (route.budgetKb !== undefined && kb > route.budgetKb) {
          failures.push(
            `${route.name} route JavaScript is ${kb.toFixed(1)} KB gzip, over its ${route.budgetKb} KB budget`,
          );
        }
      }
      this.info(`\nJavaScript per route (entry + lazy modules + their static imports):\n${rows.join('\n')}`);
      // QCDESK_BUDGET_WARN=1 reports an overrun without failing (while looking into one).
      if (failures.length > 0) {
        if (process.env.QCDESK_BUDGET_WARN) this.warn(failures.join('\n'));
        else this.error(failures.join('\n'));
      }
    },
  };
}
