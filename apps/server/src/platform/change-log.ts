import { and, desc, eq } from 'drizzle-orm';
import { changeLog, type FieldChange } from '../db/schema/platform';
import type { Actor } from './auth';
import type { Db } from './db';

export interface ChangeEntry {
  entity: string;
  entityId: bigint;
  action: string;
  changes: FieldChange[];
  reason?: string | undefined;
}

/**
 * Audit columns are bookkeeping, not changes a reader of the log cares about; nor is a checkout's
 * expiry, which every save under the checkout moves on (who holds the checkout is logged).
 */
const IGNORED = new Set(['version', 'updatedAt', 'updatedBy', 'createdAt', 'createdBy', 'checkoutExpiresAt']);

/** A value as the log stores it: dates and big integers as text. */
const comparable = (v: unknown): unknown => {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(comparable);
  return v;
};

/** JSON with every object's keys in one order: `{a, b}` and `{b, a}` are the same value. */
const sameValue = (a: unknown, b: unknown): boolean => {
  const sorted = (_key: string, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
};

/** Field-by-field difference of two versions of a record (only the fields `after` mentions). */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (IGNORED.has(field)) continue;
    const from = comparable(before?.[field] ?? null);
    const to = comparable(value ?? null);
    if (!sameValue(from, to)) changes.push({ field, from, to });
  }
  return changes;
}

export async function writeChangeLog(db: Db, actor: Actor, entry: ChangeEntry): Promise<void> {
  await db.insert(changeLog).values({
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes,
    reason: entry.reason ?? null,
    actorId: actor.userId,
    impersonatorId: actor.impersonatorId ?? null,
  });
}

/** Many change-log rows in few statements (a bulk import creating a thousand orders). */
export async function writeChangeLogs(db: Db, actor: Actor, entries: readonly ChangeEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) {
    await db.insert(changeLog).values(
      entries.slice(i, i + 500).map((entry) => ({
        entity: entry.entity,
        entityId: entry.entityId,
        action: entry.action,
        changes: entry.changes,
        reason: entry.reason ?? null,
        actorId: actor.userId,
        impersonatorId: actor.impersonatorId ?? null,
      })),
    );
  }
}

export async function readChangeLog(db: Db, entity: string, entityId: bigint, limit = 200) {
  return db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, entity), eq(changeLog.entityId, entityId)))
    .orderBy(desc(changeLog.at), desc(changeLog.id))
    .limit(limit);
}
