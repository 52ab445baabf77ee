import { eq, inArray, sql } from 'drizzle-orm';
import { factories } from '../../db/schema/config';
import { orderProducts } from '../../db/schema/order';
import type { FieldChange } from '../../db/schema/platform';
import type { Actor } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordsInUse } from '../../platform/in-use';
import { findReferences } from '../../platform/references';
import { productNosTaken } from './order.queries';
import {
  changedLineFields,
  LINE_FIELDS,
  type LinePlan,
  type LineProblem,
  type LineValues,
  lateDeliveryProblems,
  type OrderRow,
  orderCopies,
  type PlannedLine,
  type ProductRow,
} from './order.rules';

// The product lines of one order as a write brings them (create, replace, import, sync): checked
// as a set first (each problem names its line), then written as a set, logged on the order as
// `products[productNo]` (a line added or removed) and `products[productNo].field` (DOMAIN.md §6.11).

export interface LineCheck {
  /** Manual entry: delivery dates no earlier than today − 30 days (imports and sync are exempt). */
  manual: boolean;
  /** The order the lines belong to (undefined while it is created). */
  orderId?: bigint | undefined;
  /**
   * Looked up once for a whole feed instead of per order: factories by id, and the (lower-cased)
   * product nos valid products already hold.
   */
  known?: { factories: Map<bigint, Record<string, unknown>>; taken: Set<string> };
}

/**
 * Every problem of a planned write: duplicate product nos (in the write, or held by another
 * order), missing or frozen factories on new and changed lines, late manual delivery dates, and
 * products the write would remove while something references them.
 */
export async function lineProblems(db: Db, plan: LinePlan, check: LineCheck): Promise<LineProblem[]> {
  const problems = [...plan.problems];
  const changedRefs = plan.lines.filter((l) => l.existing?.factoryId !== l.values.factoryId);
  const found =
    check.known?.factories ??
    (await findReferences(
      db,
      { table: factories },
      changedRefs.map((l) => l.values.factoryId),
    ));
  for (const l of changedRefs) {
    const factory = found.get(l.values.factoryId);
    if (!factory) problems.push({ index: l.index, field: 'factoryId', reason: 'E_REF_NOT_FOUND', value: '' });
    else if (factory.active !== 1) {
      problems.push({ index: l.index, field: 'factoryId', reason: 'E_REF_INACTIVE', value: factory.code });
    }
  }
  const added = plan.lines.filter((l) => !l.existing);
  const taken =
    check.known?.taken ??
    (await productNosTaken(
      db,
      added.map((l) => l.productNo),
      check.orderId,
    ));
  for (const l of added) {
    if (taken.has(l.productNo.toLowerCase())) {
      problems.push({ index: l.index, field: 'productNo', reason: 'E_DUPLICATE', value: l.productNo });
    }
  }
  if (check.manual) problems.push(...lateDeliveryProblems(plan.lines));
  const used =
    plan.missing.length === 0
      ? new Set<bigint>()
      : await recordsInUse(
          db,
          orderProducts,
          plan.missing.map((p) => p.id),
        );
  for (const p of plan.missing.filter((m) => used.has(m.id))) {
    problems.push({ index: -1, field: 'productNo', reason: 'E_IN_USE', value: p.productNo });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** The refusal of the first problem, naming the line's field (`products.3.factoryId`). */
export function refuseFirst(problems: readonly LineProblem[]): void {
  const [first] = problems;
  if (!first) return;
  const field = first.index < 0 ? 'products' : `products.${first.index}.${first.field}`;
  throw new AppError(first.reason, { field: first.field }, { field });
}

/** A value as the change log (jsonb) keeps it: ids as strings. */
const logged = (value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : (value ?? null));

export const loggedLine = (values: Partial<LineValues>) =>
  Object.fromEntries(LINE_FIELDS.map((f) => [f, logged(values[f])]));

/** Rows inserted per statement (a 10,000-line import is twenty statements, not ten thousand). */
const INSERT_CHUNK = 500;

/**
 * Writes a checked plan onto `order` (already written, so the copies are its columns): inserts the
 * new lines, updates the changed ones, and removes `remove` (valid 0). Answers the changes to log.
 */
export async function writeLines(
  db: Db,
  order: OrderRow,
  plan: LinePlan,
  remove: readonly ProductRow[],
  actor: Actor,
): Promise<FieldChange[]> {
  const changes: FieldChange[] = [];
  const stamp = { updatedBy: actor.userId, updatedAt: new Date() };
  const added = plan.lines.filter((l) => !l.existing);
  const copies = { orderId: order.id, ...orderCopies(order), createdBy: actor.userId, ...stamp };
  for (let i = 0; i < added.length; i += INSERT_CHUNK) {
    const chunk = added.slice(i, i + INSERT_CHUNK);
    await db.insert(orderProducts).values(
      // A line added to an existing order goes after its lines, wherever they were moved (its
      // line number is above every line the order ever had; sorts are 0 or 1..n).
      chunk.map((l) => ({ ...l.values, productNo: l.productNo, line: l.line, sort: l.line, ...copies })),
    );
  }
  for (const l of added)
    changes.push({ field: `products[${l.productNo}]`, from: null, to: loggedLine(l.values) });
  for (const l of plan.lines.filter(
    (line): line is PlannedLine & { existing: ProductRow } => !!line.existing,
  )) {
    const fields = changedLineFields(l);
    if (fields.length === 0) continue;
    const values = Object.fromEntries(fields.map((f) => [f, l.values[f]]));
    await db
      .update(orderProducts)
      .set({ ...values, ...stamp, version: sql`${orderProducts.version} + 1` })
      .where(eq(orderProducts.id, l.existing.id));
    for (const f of fields) {
      changes.push({
        field: `products[${l.productNo}].${f}`,
        from: logged(l.existing[f]),
        to: logged(l.values[f]),
      });
    }
  }
  if (remove.length > 0) {
    await db
      .update(orderProducts)
      .set({ valid: 0, ...stamp, version: sql`${orderProducts.version} + 1` })
      .where(
        inArray(
          orderProducts.id,
          remove.map((p) => p.id),
        ),
      );
    for (const p of remove)
      changes.push({ field: `products[${p.productNo}]`, from: loggedLine(p), to: null });
  }
  return changes;
}
