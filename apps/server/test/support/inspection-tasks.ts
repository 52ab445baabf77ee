import {
  buildDispatchedTask,
  type TaskOverrides,
} from '../../src/modules/inspection-report/inspection-report.factory';
import { buildOrder } from '../../src/modules/order/order.factory';
import { signIn } from './identity';
import type { TestApp } from './test-app';

// A dispatched inspection task with its team signed in, for the tests of the areas that work on
// tasks (inspection reports now; bookings and loading reports later).

export interface SignedInTaskOverrides extends TaskOverrides {
  clientId?: bigint;
}

/** A dispatched task of a new order (one product per quantity, factory F-HM-SZ), its team signed in. */
export async function signedInTask(t: TestApp, o: SignedInTaskOverrides = {}) {
  const quantities = o.quantities ?? [500];
  const db = t.database.db;
  const order = await buildOrder(db, {
    lines: quantities.map(() => ({ factory: 'F-HM-SZ' })),
    ...(o.clientId ? { clientId: o.clientId } : {}),
  });
  const built = await buildDispatchedTask(db, order, { ...o, quantities });
  return {
    order,
    ...built,
    lead: await signIn(t, built.lead.username),
    assistant: await signIn(t, built.assistant.username),
  };
}
