import { roleDef, type ScopeKind } from '@qcdesk/contract';
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clients } from '../db/schema/client';
import { departments, roles } from '../db/schema/identity';
import type { Principal } from './auth';
import type { Db } from './db';
import { AppError } from './errors';

// Record-level rules of DOMAIN.md §5.4, in one place for every service:
//   const scope = await scopeOf(db, user);
//   db.select().from(orders).where(and(filters, scopeWhere(scope, { department: orders.departmentId,
//     client: orders.clientId, inspector: (uid) => sql`exists (… task of ${uid} …)` })));
//   if (!mayWrite(scope, { departmentId, salesId })) throw new AppError('E_SCOPE');

export type Scope =
  | { kind: 'all' }
  /** The user's department and its descendants; SALES writes only records of its own clients. */
  | { kind: 'department'; userId: bigint; departmentIds: readonly bigint[]; ownClientsOnly: boolean }
  /** Records of the inspector's own tasks (lead or assistant of a dispatched plan). */
  | { kind: 'inspector'; userId: bigint }
  /** An external client's own records (null: a client user not yet linked sees nothing). */
  | { kind: 'client'; clientId: bigint | null };

/** The department and all departments below it. */
export async function departmentSubtree(db: Db, rootId: bigint): Promise<bigint[]> {
  const result = await db.execute<{ id: string | number | bigint }>(sql`
    with recursive tree(id) as (
      select ${departments.id} from ${departments} where ${departments.id} = ${rootId}
      union
      select d.id from ${departments} d join tree on d.parent_id = tree.id where d.valid = 1
    )
    select id from tree`);
  return result.rows.map((r) => BigInt(r.id));
}

/**
 * Scopes by principal: the authenticator hands out one principal object per session for a few
 * seconds (PrincipalCache), so a burst of calls computes the scope once, and a role or department
 * change is seen as soon as the principal is.
 */
const computed = new WeakMap<Principal, Promise<Scope>>();

/** The scope of a signed-in user, from the scope of the user's role. */
export function scopeOf(db: Db, user: Principal): Promise<Scope> {
  let scope = computed.get(user);
  if (!scope) {
    scope = computeScope(db, user);
    computed.set(user, scope);
    scope.catch(() => computed.delete(user));
  }
  return scope;
}

async function computeScope(db: Db, user: Principal): Promise<Scope> {
  const kind = await roleScope(db, user.roleCode);
  switch (kind) {
    case 'all':
      return { kind: 'all' };
    case 'inspector':
      return { kind: 'inspector', userId: user.userId };
    case 'client':
      return { kind: 'client', clientId: user.clientId ?? null };
    default: {
      const ids = user.departmentId === undefined ? [] : await departmentSubtree(db, user.departmentId);
      // DOMAIN.md §5.1: SALES reads its department, writes its own clients; SALES_MGR writes the scope.
      return {
        kind: 'department',
        userId: user.userId,
        departmentIds: ids,
        ownClientsOnly: user.roleCode === 'SALES',
      };
    }
  }
}

async function roleScope(db: Db, code: string | undefined): Promise<ScopeKind> {
  if (code === undefined) return 'all';
  const [row] = await db
    .select({ scope: roles.scope })
    .from(roles)
    .where(and(eq(roles.code, code), eq(roles.valid, 1)));
  return row?.scope ?? roleDef(code)?.scope ?? 'department';
}

export interface ScopeColumns {
  /** The record's department (directly or through its order). */
  department?: SQLWrapper;
  /** The record's client. */
  client?: SQLWrapper;
  /** A condition true for records of the inspector's own tasks. */
  inspector?: (userId: bigint) => SQL;
}

/**
 * The WHERE condition of a scope over an entity's columns; undefined = no restriction. An entity
 * with no column for the user's kind of scope shows that user nothing.
 */
export function scopeWhere(scope: Scope, columns: ScopeColumns): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'department':
      if (!columns.department || scope.departmentIds.length === 0) return sql`false`;
      return inArray(columns.department, scope.departmentIds);
    case 'inspector':
      return columns.inspector ? columns.inspector(scope.userId) : sql`false`;
    case 'client':
      if (!columns.client || scope.clientId === null) return sql`false`;
      return eq(columns.client, scope.clientId);
  }
}

/**
 * `scopeWhere`, narrowed to `statuses` when the area's rule gives some: the records of its status
 * column CLIENT users see (judged first samples, published reports; DOMAIN.md §5.4).
 */
export function scopeWithStatuses(
  scope: Scope,
  columns: ScopeColumns & { status: SQLWrapper },
  statuses: readonly number[] | undefined,
): SQL | undefined {
  return and(scopeWhere(scope, columns), statuses ? inArray(columns.status, [...statuses]) : undefined);
}

export interface ScopedRecord {
  departmentId?: bigint | null;
  clientId?: bigint | null;
  /** Users who are lead or assistant on the record's dispatched task. */
  inspectorIds?: readonly bigint[];
  /** The sales owner of the record's client. */
  salesId?: bigint | null;
}

/** Whether a loaded record is in the user's read scope. */
export function inScope(scope: Scope, record: ScopedRecord): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'department':
      return record.departmentId != null && scope.departmentIds.includes(record.departmentId);
    case 'inspector':
      return record.inspectorIds?.includes(scope.userId) ?? false;
    case 'client':
      return scope.clientId !== null && record.clientId === scope.clientId;
  }
}

/** Whether the user may change the record: the read scope, narrowed for SALES to its own clients. */
export function mayWrite(scope: Scope, record: ScopedRecord): boolean {
  if (!inScope(scope, record)) return false;
  if (scope.kind === 'department' && scope.ownClientsOnly) return record.salesId === scope.userId;
  return true;
}

/** Department filters accept only departments in the caller's scope (DOMAIN.md §5.4, E_SCOPE). */
export function assertDepartmentFilter(scope: Scope, departmentId: bigint | undefined): void {
  if (departmentId === undefined || scope.kind !== 'department') return;
  if (!scope.departmentIds.includes(departmentId)) throw new AppError('E_SCOPE', {}, { field: 'department' });
}

/** The "partial department" enumeration: departments in the caller's scope (DOMAIN.md §3). */
export async function partialDepartments(db: Db, scope: Scope) {
  const base = db
    .select({
      id: departments.id,
      code: departments.code,
      nameZh: departments.nameZh,
      nameEn: departments.nameEn,
    })
    .from(departments);
  const visible = and(eq(departments.valid, 1), eq(departments.active, 1));
  if (scope.kind === 'department') {
    if (scope.departmentIds.length === 0) return [];
    return base
      .where(and(visible, inArray(departments.id, scope.departmentIds as bigint[])))
      .orderBy(departments.sort);
  }
  if (scope.kind === 'all') return base.where(visible).orderBy(departments.sort);
  return [];
}

/**
 * A change-log `readable` rule from an area's scope condition: the record is readable when it matches
 * `where(scope)` (no condition: every record). The same condition the area's search applies.
 */
export function readableIn(table: PgTable & { id: PgColumn }, where: (scope: Scope) => SQL | undefined) {
  return async (db: Db, id: bigint, _user: Principal, scope: Scope): Promise<boolean> => {
    const condition = where(scope);
    if (!condition) return true;
    const [hit] = await db
      .select({ one: sql`1` })
      .from(table as PgTable)
      .where(and(eq(table.id, id), condition));
    return Boolean(hit);
  };
}

/**
 * The scope condition of clients: department (SALES, SALES_MGR), own client (CLIENT users). Areas
 * whose records belong to a client (samples, orders) scope through it.
 */
export const clientScope = (scope: Scope) =>
  scopeWhere(scope, { department: clients.departmentId, client: clients.id });

/** A client's department and sales owner: what `mayWrite` checks a write of the client's records by. */
export async function clientOwner(db: Db, clientId: bigint) {
  const [client] = await db
    .select({ id: clients.id, departmentId: clients.departmentId, salesId: clients.salesId })
    .from(clients)
    .where(eq(clients.id, clientId));
  return client;
}

/** Whether the caller writes a record of this client (its department; SALES only its own clients'). */
export const mayWriteForClient = (
  scope: Scope,
  client: { id: bigint; departmentId: bigint; salesId: bigint | null },
): boolean =>
  mayWrite(scope, { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId });

/** `mayWriteForClient` of the client `clientId` (false when there is none). */
export async function mayWriteClientRecords(db: Db, scope: Scope, clientId: bigint): Promise<boolean> {
  const client = await clientOwner(db, clientId);
  return client !== undefined && mayWriteForClient(scope, client);
}
