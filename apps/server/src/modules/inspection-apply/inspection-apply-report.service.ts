import { INSPECTION_APPLY_STATUS, INSPECTION_RESULT, REASON_CODE } from '@qcdesk/contract/inspection-apply';
import { and, eq } from 'drizzle-orm';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { updateRecord } from '../../platform/records';
import { transition } from '../../platform/transition';
import { actingForSystem } from '../inspection-task/inspection-task.service';
import { INSPECTION_APPLY_ENTITY, inspectionApplyMachine } from './inspection-apply.rules';

// The moves of an application its task's final report causes (DOMAIN.md §4.1 system rows), in the
// report's transaction, taken for the user whose report action caused them: the first report
// created (30 → 40); the report approved with result 1–4 or 6 (40 → 50, the result and the
// inspected quantities copied) or 5, no report (40 → 20, reason ABORTED: it must be re-planned). A
// reopened report's re-approval updates the result of an application already in 50.

const { planned, inspecting, completed } = INSPECTION_APPLY_STATUS;

async function locked(db: Db, applyId: bigint) {
  const [row] = await db
    .select()
    .from(inspectionApplies)
    .where(eq(inspectionApplies.id, applyId))
    .for('update');
  return row;
}

function rowFor(action: string) {
  return inspectionApplyMachine.rules.find((r) => r.action === action)!;
}

/** The first report of its task: 30 → 40 (an application already inspecting stays). */
export async function applyInspecting(db: Db, applyId: bigint, user: Principal) {
  const apply = await locked(db, applyId);
  if (!apply || apply.status !== planned) return;
  await transition(db, {
    machine: inspectionApplyMachine,
    table: inspectionApplies,
    id: apply.id,
    version: apply.version,
    action: 'inspect',
    user: actingForSystem(user, rowFor('inspect').permission),
  });
}

/** The inspected quantity per order product (the report's presented quantities). */
export type InspectedQuantities = ReadonlyMap<bigint, number>;

async function writeInspected(db: Db, applyId: bigint, inspected: InspectedQuantities, user: Principal) {
  for (const [orderProductId, quantity] of inspected)
    await db
      .update(inspectionApplyItems)
      .set({ inspectedQuantity: quantity, updatedAt: new Date(), updatedBy: user.userId })
      .where(
        and(
          eq(inspectionApplyItems.applyId, applyId),
          eq(inspectionApplyItems.orderProductId, orderProductId),
          eq(inspectionApplyItems.valid, 1),
        ),
      );
}

/** The final report approved with `result`: 50 with the result, or back to 20 for a 5 (ABORTED). */
export async function applyReported(
  db: Db,
  applyId: bigint,
  result: number,
  inspected: InspectedQuantities,
  user: Principal,
) {
  const apply = await locked(db, applyId);
  if (!apply) return;
  if (apply.status === completed) {
    // A reopened report approved again: the result follows it.
    if (result !== INSPECTION_RESULT.noReport && apply.result !== result)
      await updateRecord(db, {
        table: inspectionApplies,
        id: apply.id,
        version: apply.version,
        entity: INSPECTION_APPLY_ENTITY,
        actor: actorOf(user),
        action: 'result',
        values: { result },
      });
    await writeInspected(db, applyId, inspected, user);
    return;
  }
  if (apply.status !== inspecting) return;
  const aborted = result === INSPECTION_RESULT.noReport;
  const action = aborted ? 'abort' : 'complete';
  await transition(db, {
    machine: inspectionApplyMachine,
    table: inspectionApplies,
    id: apply.id,
    version: apply.version,
    action,
    user: actingForSystem(user, rowFor(action).permission),
    set: aborted ? { reasonCode: REASON_CODE.aborted, reasonText: null } : { result },
  });
  if (!aborted) await writeInspected(db, applyId, inspected, user);
}
