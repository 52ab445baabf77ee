import { byDepartment, type ChangeLogScopeCases } from '../../../test/support/change-log-scope';
import { contracts } from '../../db/schema/contract';
import type { Db } from '../../platform/db';
import { buildOrder } from '../order/order.factory';

// Test data of contracts (STYLE.md rule 9).

/** The contract of an order, numbered as the order, inserted directly. */
export async function buildContract(db: Db, order: { id: bigint; orderNo: string }) {
  const [row] = await db
    .insert(contracts)
    .values({ orderId: order.id, contractNo: order.orderNo })
    .returning();
  return row!;
}

/** test/change-log-scope.test.ts: contracts are scoped through their order. */
export const changeLogScope: ChangeLogScopeCases = {
  contracts: byDepartment(
    async (db, owner) => (await buildContract(db, (await buildOrder(db, owner)).order)).id,
  ),
};
