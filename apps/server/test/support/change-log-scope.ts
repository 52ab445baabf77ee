import type { Db } from '../../src/platform/db';
import { buildUser } from './identity';

/** One record a SALES user of SALES1 (demo.sales) may read, and one of another department (or `reader`'s own and another's). */
export interface ScopeRecords {
  mine: bigint;
  elsewhere: bigint;
  /** Who reads them, where a SALES user has no read permission (daily reports: their inspector). */
  reader?: 'SALES' | 'INSPECTOR';
}

/**
 * An area's cases of `test/change-log-scope.test.ts`, exported from its factory as `changeLogScope`:
 * for each scoped change-log entity it declares, how to build the two records. The test reads every
 * area's factory, so a new area is covered without editing it.
 */
export type ChangeLogScopeCases = Readonly<Record<string, (db: Db) => Promise<ScopeRecords>>>;

/** Whose records: `{}` for demo.sales (SALES1), `{ sales }` for a sales user of SALES2. */
export interface SalesOwner {
  sales?: string;
}

/**
 * The usual case: `build` makes a record for a new client or order of `owner`, once for demo.sales
 * and once for a sales user of another department.
 */
export const byDepartment =
  (build: (db: Db, owner: SalesOwner) => Promise<bigint>) =>
  async (db: Db): Promise<ScopeRecords> => {
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    return { mine: await build(db, {}), elsewhere: await build(db, { sales: other.username }) };
  };
