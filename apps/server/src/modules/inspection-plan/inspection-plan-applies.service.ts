import { INSPECTION_APPLY_STATUS, REASON_CODE } from '@qcdesk/contract/inspection-apply';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { transition } from '../../platform/transition';
import { applyPlanningMachine } from './inspection-plan.rules';

// The rows of DOMAIN.md §4.1 a plan causes on its applications, in the plan's transaction: planned
// (20 → 30) by its create, back to 20 (reason RESET) by its cancel. Kept in the plan area until the
// application area exposes them as its own service functions.

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

/** §4.1 "plan (plan create) 20 → 30". */
export async function markAppliesPlanned(
  db: Db,
  applies: readonly { id: bigint; version: number }[],
  user: Principal,
) {
  for (const apply of applies) {
    await transition(db, {
      machine: applyPlanningMachine,
      table: inspectionApplies,
      id: apply.id,
      version: apply.version,
      action: 'plan',
      user,
    });
  }
}

/** §4.1 "plan cancelled 30 → 20", reason RESET (an application already moved on is left as it is). */
export async function resetPlannedApplies(db: Db, applyIds: readonly bigint[], user: Principal) {
  if (applyIds.length === 0) return;
  for (const apply of await lockApplies(db, applyIds)) {
    if (apply.status !== INSPECTION_APPLY_STATUS.planned) continue;
    await transition(db, {
      machine: applyPlanningMachine,
      table: inspectionApplies,
      id: apply.id,
      version: apply.version,
      action: 'reset',
      user,
      reason: REASON_CODE.reset,
      set: { reasonCode: REASON_CODE.reset },
    });
  }
}
