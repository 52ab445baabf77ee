import { and, asc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import { feePeriodCloses, feePeriodLines } from '../../db/schema/report-form';
import type { Db } from '../../platform/db';
import { type Scope, scopeWhere } from '../../platform/scope';
import { type FormFilters, RF_BATCH } from './report-form.queries';

// The closed months of the fee form and their frozen lines (issue 30, month close).

export type FrozenLine = typeof feePeriodLines.$inferSelect;
export type NewFrozenLine = typeof feePeriodLines.$inferInsert;

/** Every closed month (yyyy-MM), oldest first. */
export async function closedMonths(db: Db): Promise<string[]> {
  const rows = await db
    .select({ month: feePeriodCloses.month })
    .from(feePeriodCloses)
    .orderBy(asc(feePeriodCloses.month));
  return rows.map((r) => r.month);
}

/** The form's filters and the caller's scope over frozen lines. */
function linesWhere(
  f: Pick<FormFilters, 'departmentId' | 'clientId' | 'inspectorId'>,
  scope: Scope,
): SQL | undefined {
  const l = feePeriodLines;
  return and(
    f.departmentId === undefined ? undefined : eq(l.departmentId, f.departmentId),
    f.clientId === undefined ? undefined : eq(l.clientId, f.clientId),
    f.inspectorId === undefined ? undefined : eq(l.inspectorId, f.inspectorId),
    scopeWhere(scope, {
      department: l.departmentId,
      client: l.clientId,
      inspector: (id) => eq(l.inspectorId, id),
    }),
  );
}

/**
 * A batch of the frozen lines of closed months (`period`), in the order they were frozen, after
 * `after`: the form streams them like the reports (a closed year is as many lines as an open one).
 */
export function frozenLineBatch(
  db: Db,
  periods: readonly string[],
  f: FormFilters,
  scope: Scope,
  after: { period: string; id: bigint } | null,
) {
  const l = feePeriodLines;
  return db
    .select()
    .from(l)
    .where(
      and(
        inArray(l.period, [...periods]),
        linesWhere(f, scope),
        after === null
          ? undefined
          : or(gt(l.period, after.period), and(eq(l.period, after.period), gt(l.id, after.id))),
      ),
    )
    .orderBy(asc(l.period), asc(l.id))
    .limit(RF_BATCH);
}

/** Every frozen line of reports of a source month (its own and its corrections so far). */
export function frozenOfSource(
  db: Db,
  sourceMonth: string,
  f: Pick<FormFilters, 'departmentId' | 'clientId' | 'inspectorId'>,
  scope: Scope,
) {
  return db
    .select()
    .from(feePeriodLines)
    .where(and(eq(feePeriodLines.sourceMonth, sourceMonth), linesWhere(f, scope)))
    .orderBy(asc(feePeriodLines.id));
}

export const insertFrozenLines = async (db: Db, lines: NewFrozenLine[]) => {
  for (let i = 0; i < lines.length; i += 500) await db.insert(feePeriodLines).values(lines.slice(i, i + 500));
};

export const isClosed = async (db: Db, month: string) =>
  (await db.select().from(feePeriodCloses).where(eq(feePeriodCloses.month, month))).length > 0;

export const recordClose = (db: Db, month: string, userId: bigint) =>
  db.insert(feePeriodCloses).values({ month, closedBy: userId });
