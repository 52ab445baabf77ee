import { and, asc, eq, inArray } from 'drizzle-orm';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

// The applications a plan takes, read and locked in the plan's transaction before anything else;
// the moves themselves (20 → 30 on create, back to 20 with RESET on cancel) are the application
// area's `planApplies` / `unplanApplies` (DOMAIN.md §4.1 system rows).

/**
 * The applications of `ids`, locked in id order (two planners taking overlapping applications
 * queue here: the second then finds them in 30 and gets E_STATUS); E_NOT_FOUND for an unknown or
 * deleted one.
 */
export async function lockApplies(db: Db, ids: readonly bigint[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(inspectionApplies)
    .where(and(inArray(inspectionApplies.id, unique), eq(inspectionApplies.valid, 1)))
    .orderBy(asc(inspectionApplies.id))
    .for('update');
  if (rows.length !== unique.length) throw new AppError('E_NOT_FOUND', {}, { field: 'applyIds' });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}
