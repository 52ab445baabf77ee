import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { orderProducts } from '../../db/schema/order';
import type { FieldChange } from '../../db/schema/platform';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { HookRunner } from '../../platform/module';
import { currentProducts } from './order.queries';
import { type LinePlan, type LineProblem, planLines } from './order.rules';
import { writableOrder } from './order.service';
import { productsChanged } from './order-hooks.service';
import { lineProblems, refuseFirst, writeLines } from './order-lines.service';
import { logOnOrder } from './order-products.service';
import { orderDetail } from './order-read.service';

// Issue 25: the lines of an existing order one at a time — added (order/item/create) after its
// lines, moved (order/item/sort); removed is order/item/update with valid 0 (E_IN_USE while a
// sample, application or test order holds the product). Each is logged on the order under the
// product's no and bumps the order's version.

type Ops = typeof areas.order;

/** A new line may not take a product no the order's own lines hold (the plan would update it). */
function ownDuplicates(plan: LinePlan): LineProblem[] {
  return plan.lines
    .filter((l) => l.existing)
    .map((l) => ({ index: l.index, field: 'productNo', reason: 'E_DUPLICATE' as const, value: l.productNo }));
}

/** order/item/create: new lines after the order's lines, checked as the create form's lines are. */
export async function addOrderItems(
  db: Db,
  input: ParsedInputOf<Ops['addOrderItems']>,
  user: Principal,
  hooks: HookRunner,
) {
  const { current } = await writableOrder(db, input.id, input.version, user);
  const { valid, lastLine } = await currentProducts(db, current.id);
  const plan = planLines(current.orderNo, valid, lastLine, input.products);
  const problems = [
    ...ownDuplicates(plan),
    ...(await lineProblems(db, plan, { manual: true, orderId: current.id })),
  ];
  refuseFirst(problems.sort((a, b) => a.index - b.index));
  const actor = actorOf(user);
  const changes = await writeLines(db, current, plan, [], actor);
  await logOnOrder(db, current, changes, actor);
  const detail = await orderDetail(db, current.id, user);
  await productsChanged(hooks, db, user, [input.id]);
  return detail;
}

/**
 * order/item/sort: `productIds` is every valid product of the order once, in its new order; the
 * products whose place changed are logged as `products[productNo].sort` (1-based places).
 */
export async function sortOrderItems(db: Db, input: ParsedInputOf<Ops['sortOrderItems']>, user: Principal) {
  const { current } = await writableOrder(db, input.id, input.version, user);
  const { valid } = await currentProducts(db, current.id);
  const wanted = input.productIds;
  const byId = new Map(valid.map((p) => [p.id, p]));
  if (
    new Set(wanted).size !== wanted.length ||
    wanted.length !== valid.length ||
    wanted.some((id) => !byId.has(id))
  ) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'productIds' }, { field: 'productIds' });
  }
  const changes: FieldChange[] = [];
  for (const [index, id] of wanted.entries()) {
    const product = byId.get(id)!;
    const was = valid.indexOf(product) + 1;
    if (was !== index + 1)
      changes.push({ field: `products[${product.productNo}].sort`, from: was, to: index + 1 });
  }
  if (changes.length === 0) return orderDetail(db, current.id, user);
  const actor = actorOf(user);
  const stamp = {
    updatedBy: actor.userId,
    updatedAt: new Date(),
    version: sql`${orderProducts.version} + 1`,
  };
  for (const [index, id] of wanted.entries()) {
    if (byId.get(id)!.sort === index + 1) continue;
    await db
      .update(orderProducts)
      .set({ sort: index + 1, ...stamp })
      .where(eq(orderProducts.id, id));
  }
  await logOnOrder(db, current, changes, actor);
  return orderDetail(db, current.id, user);
}
