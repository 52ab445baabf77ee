import type { Reason } from '@qcdesk/contract';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from './auth';
import { actorOf } from './auth';
import { diff, writeChangeLog } from './change-log';
import type { Db } from './db';
import { AppError } from './errors';
import { type AuditedTable, lockVersion } from './records';

type Row = Record<string, unknown>;

/** One row of an entity's transition table (DOMAIN.md §4): from → action → to, who, when. */
export interface TransitionRule<S extends number = number> {
  from: readonly S[];
  action: string;
  to: S;
  permission: string;
  /** DOMAIN.md §4 (b): the action needs a written reason. */
  reasonRequired?: boolean;
  /** A business condition beyond status; answers the refusal, or null when the action may go on. */
  guard?: (record: Row, ctx: { db: Db; user: Principal }) => Promise<Reason | null> | Reason | null;
}

export interface StateMachine<S extends number = number> {
  entity: string;
  rules: readonly TransitionRule<S>[];
}

export function defineStateMachine<S extends number>(
  entity: string,
  rules: readonly TransitionRule<S>[],
): StateMachine<S> {
  const seen = new Set<string>();
  for (const rule of rules) {
    for (const from of rule.from) {
      const key = `${from}:${rule.action}`;
      if (seen.has(key)) throw new Error(`${entity}: two rules for ${rule.action} from ${from}`);
      seen.add(key);
    }
  }
  return { entity, rules };
}

/** Actions the user may take on a record in `status` (for `modify` flags and buttons). */
export function availableActions<S extends number>(
  machine: StateMachine<S>,
  status: S,
  user: Principal,
): string[] {
  return machine.rules
    .filter((r) => r.from.includes(status) && user.permissions.has(r.permission))
    .map((r) => r.action);
}

export type StatusTable = AuditedTable & { status: PgColumn };

export interface TransitionArgs<T extends StatusTable> {
  machine: StateMachine;
  table: T;
  id: bigint;
  version: number;
  action: string;
  user: Principal;
  reason?: string | undefined;
  /** Other columns the action sets together with the status. */
  set?: Partial<T['$inferInsert']>;
}

/**
 * The only way a status changes: checks the rule for (status, action), the permission, the
 * reason and the guard, then writes the status, bumps `version` and logs from → to.
 */
export async function transition<T extends StatusTable>(
  db: Db,
  args: TransitionArgs<T>,
): Promise<T['$inferSelect']> {
  const record: Row = await lockVersion(db, args.table, args.id, args.version);
  const from = record.status as number;
  const rule = args.machine.rules.find((r) => r.action === args.action && r.from.includes(from));
  if (!rule) throw new AppError('E_STATUS');
  if (!args.user.permissions.has(rule.permission)) throw new AppError('E_PERMISSION');
  const reason = args.reason?.trim();
  if (rule.reasonRequired && !reason) throw new AppError('E_REASON_REQUIRED', {}, { field: 'reason' });
  const refused = rule.guard ? await rule.guard(record, { db, user: args.user }) : null;
  if (refused) throw new AppError(refused);

  const [updated] = await db
    .update(args.table as PgTable)
    .set({
      ...args.set,
      status: rule.to,
      version: sql`${args.table.version} + 1`,
      updatedAt: new Date(),
      updatedBy: args.user.userId,
    } as Row)
    .where(eq(args.table.id, args.id))
    .returning();
  await writeChangeLog(db, actorOf(args.user), {
    entity: args.machine.entity || getTableName(args.table),
    entityId: args.id,
    action: args.action,
    // The columns the action sets with the status are logged with it (a push's recipients).
    changes: [{ field: 'status', from, to: rule.to }, ...diff(record, (args.set ?? {}) as Row)],
    reason,
  });
  return updated as T['$inferSelect'];
}

/** What a status action of a record is sent: the record, the version read, the reason if any. */
export interface TransitionInput {
  id: bigint;
  version: number;
  reason?: string | undefined;
}

/**
 * `transition` bound to one table's machine, for the status actions of an area's services:
 * `const sampleTransition = transitionOf(firstSampleMachine, firstSamples);` then
 * `sampleTransition(db, input, user, 'cancel')` or, with the columns the action sets,
 * `sampleTransition(db, input, user, 'check', { checkedBy: user.userId })`.
 */
export function transitionOf<T extends StatusTable>(machine: StateMachine, table: T) {
  return (
    db: Db,
    input: TransitionInput,
    user: Principal,
    action: string,
    set?: Partial<T['$inferInsert']>,
  ): Promise<T['$inferSelect']> =>
    transition(db, {
      machine,
      table,
      id: input.id,
      version: input.version,
      action,
      user,
      reason: input.reason,
      set,
    });
}
