import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SEARCH_TOTAL_CAP } from '@qcdesk/contract';
import { CONTRACT_FILE_RETENTION_DAYS } from '@qcdesk/contract/contract';
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../db/columns';
import { clients } from '../../db/schema/client';
import { contractFiles, contracts } from '../../db/schema/contract';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/identity';
import { orders } from '../../db/schema/order';
import type { Db } from '../../platform/db';
import { onePage } from '../../platform/paging';
import { type Scope, scopeWhere } from '../../platform/scope';

// The SQL of contracts: the scope (through the contract's order, DOMAIN.md §5.4), the search, the
// contract of an order and its files.

export type ContractSearch = ParsedInputOf<typeof areas.contract.searchContracts>;

/** Contracts whose order is in the caller's scope (the order's department, or own client). */
export function contractScope(scope: Scope): SQL | undefined {
  const ofOrders = scopeWhere(scope, { department: orders.departmentId, client: orders.clientId });
  if (ofOrders === undefined) return undefined;
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${qualified(contracts.orderId)} and ${ofOrders})`;
}

/** The WHERE of contract/search: valid contracts of valid orders, by order no (equal) and client. */
export function contractSearchWhere(input: ContractSearch, scope: Scope): SQL | undefined {
  return and(
    eq(contracts.valid, 1),
    eq(orders.valid, 1),
    contractScope(scope),
    input.orderNo ? sql`lower(${orders.orderNo}) = ${input.orderNo.toLowerCase()}` : undefined,
    input.client === undefined ? undefined : eq(orders.clientId, input.client),
  );
}

const liveFiles =
  sql<number>`(select count(*) from ${contractFiles} where ${contractFiles.contractId} = ${qualified(contracts.id)} and ${contractFiles.valid} = 1)`.mapWith(
    Number,
  );

/** One page of contracts with their order, client and valid file count, newest first. */
export async function contractPage(db: Db, input: ContractSearch, where: SQL | undefined) {
  const rows = await onePage(
    db
      .select({
        contract: contracts,
        order: { id: orders.id, orderNo: orders.orderNo, clientPo: orders.clientPo },
        client: { id: clients.id, code: clients.code, name: clients.name },
        fileCount: liveFiles,
      })
      .from(contracts)
      .innerJoin(orders, eq(orders.id, contracts.orderId))
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .where(where)
      .orderBy(desc(contracts.id)),
    input,
  );
  return rows.map((r) => ({
    order: { ...r.order, client: r.client },
    contractNo: r.contract.contractNo,
    fileCount: r.fileCount,
    updatedAt: r.contract.updatedAt,
  }));
}

/** The total of a contract search, exact up to SEARCH_TOTAL_CAP (as platform/paging.ts counts). */
export async function contractCount(db: Db, where: SQL | undefined) {
  const limited = db
    .select({ one: sql`1` })
    .from(contracts)
    .innerJoin(orders, eq(orders.id, contracts.orderId))
    .where(where)
    .limit(SEARCH_TOTAL_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(limited);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, SEARCH_TOTAL_CAP), totalCapped: n > SEARCH_TOTAL_CAP };
}

/** The client label of a contract's order. */
export async function clientLabel(db: Db, id: bigint) {
  const [client] = await db
    .select({ id: clients.id, code: clients.code, name: clients.name })
    .from(clients)
    .where(eq(clients.id, id));
  return client ?? { id, code: '', name: '' };
}

/** The valid contract of an order, if any. */
export async function contractOf(db: Db, orderId: bigint) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.orderId, orderId), eq(contracts.valid, 1)));
  return row;
}

/**
 * The files of a contract: the valid ones, and with `withDeleted` the deleted or replaced ones
 * still undeletable (object kept, within the 90 days of DOMAIN.md §4.14); oldest first.
 */
export function filesOfContract(db: Db, contractId: bigint, withDeleted: boolean) {
  const undeletable = and(
    isNull(files.objectDeletedAt),
    sql`${contractFiles.updatedAt} > now() - make_interval(days => ${CONTRACT_FILE_RETENTION_DAYS})`,
  );
  return db
    .select({
      link: contractFiles,
      file: files,
      uploader: { id: users.id, name: users.name, englishName: users.englishName },
    })
    .from(contractFiles)
    .innerJoin(files, eq(files.id, contractFiles.fileId))
    .leftJoin(users, eq(users.id, contractFiles.createdBy))
    .where(
      and(
        eq(contractFiles.contractId, contractId),
        withDeleted ? or(eq(contractFiles.valid, 1), undeletable) : eq(contractFiles.valid, 1),
      ),
    )
    .orderBy(desc(contractFiles.valid), contractFiles.id);
}

/** Whether any of `fileIds` is attached to a contract already. */
export async function attachedAlready(db: Db, fileIds: readonly bigint[]) {
  const rows = await db
    .select({ fileId: contractFiles.fileId })
    .from(contractFiles)
    .where(inArray(contractFiles.fileId, [...fileIds]))
    .limit(1);
  return rows.length > 0;
}
