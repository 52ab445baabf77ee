import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { APPLY_TYPE } from '@qcdesk/contract/inspection-apply';
import type { Warning } from '@qcdesk/contract/warnings';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nextNumber } from '../../platform/numbering';
import { createRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { saved, warnOrProceed } from '../../platform/warnings';
import { appliedByProduct, lockProducts } from './inspection-apply.queries';
import {
  byFactory,
  checkQuantity,
  countsTowardQuantity,
  INSPECTION_APPLY_ENTITY,
  type InspectionApplyRecord,
  openQuantity,
} from './inspection-apply.rules';
import { applyDetail, cartProductsOf } from './inspection-apply.service';
import { submitChecks } from './inspection-apply-submit.service';
import { submitApply } from './inspection-apply-transitions.service';

// inspection/apply/create (DOMAIN.md §4.1, §6.1): the cart (one order) split by factory into one
// application each, quantities within what is open per product and inspection type — the products
// locked first, so two concurrent creates cannot both take the last pieces — submitted at once
// with `submit` after the advance-days check and the warnings.

type CreateInput = ParsedInputOf<(typeof areas.inspectionApply)['createInspectionApply']>;
export type ItemIn = { orderProductId: bigint; applyQuantity: number };

/** E_DUPLICATE for a product twice in one list of items. */
export function assertDistinct(items: readonly ItemIn[]): void {
  const ids = items.map((i) => i.orderProductId);
  if (new Set(ids).size < ids.length)
    throw new AppError('E_DUPLICATE', { field: 'items' }, { field: 'items' });
}

/**
 * Locks the products and checks each quantity against what the other open applications of the
 * inspection type leave (E_QTY_EXCEEDS {n}). Re-inspections are not counted and not bounded by
 * the others, only by the product quantity.
 */
export async function assertQuantities(
  db: Db,
  args: {
    items: readonly ItemIn[];
    quantities: ReadonlyMap<bigint, number>;
    inspectionTypeId: bigint;
    applyType: number;
    exceptApplyId?: bigint;
  },
) {
  const ids = args.items.map((i) => i.orderProductId);
  await lockProducts(db, ids);
  const applied = countsTowardQuantity(args.applyType)
    ? await appliedByProduct(db, ids, args.inspectionTypeId, args.exceptApplyId)
    : new Map<bigint, number>();
  args.items.forEach((item, n) => {
    const open = openQuantity(
      args.quantities.get(item.orderProductId) ?? 0,
      applied.get(item.orderProductId) ?? 0,
    );
    checkQuantity(item.applyQuantity, open, `items.${n}.applyQuantity`);
  });
}

/** A new application with its items (a create, or the draft a split makes). */
export async function insertApply(
  db: Db,
  values: typeof inspectionApplies.$inferInsert,
  items: readonly ItemIn[],
  productNos: ReadonlyMap<bigint, string>,
  actor: Actor,
): Promise<InspectionApplyRecord> {
  return createRecord(db, {
    table: inspectionApplies,
    values: { ...values, applyNo: await nextNumber(db, 'IA') },
    actor,
    entity: INSPECTION_APPLY_ENTITY,
    children: async (created) =>
      (
        await syncChildRows(
          db,
          {
            table: inspectionApplyItems,
            parentKey: 'applyId',
            parentId: created.id,
            field: 'items',
            keys: ['orderProductId'],
            values: ['applyQuantity'],
            label: (row) => productNos.get(row.orderProductId as bigint) ?? String(row.orderProductId),
            actor,
          },
          items,
          'add',
        )
      ).changes,
  });
}

export async function createInspectionApply(db: Db, input: CreateInput, user: Principal) {
  assertDistinct(input.items);
  const products = await cartProductsOf(
    db,
    input.items.map((i) => i.orderProductId),
    user,
  );
  await assertReference(
    db,
    { table: inspectionTypes, active: inspectionTypes.active },
    input.inspectionTypeId,
    'inspectionTypeId',
  );
  const byId = new Map(products.map((p) => [p.product.id, p.product]));
  const quantities = new Map(products.map((p) => [p.product.id, p.product.quantity]));
  await assertQuantities(db, { ...input, quantities });
  const first = products[0]!.product;
  const groups = byFactory(
    input.items.map((i) => ({ ...i, factoryId: byId.get(i.orderProductId)!.factoryId })),
  );

  const warnings: Warning[] = [];
  if (input.submit) {
    for (const group of groups) {
      const ids = group.map((i) => i.orderProductId);
      warnings.push(
        ...(await submitChecks(db, { ...input, clientId: first.clientId, orderProductIds: ids })),
      );
    }
  }
  const stop = warnOrProceed<{ list: Awaited<ReturnType<typeof applyDetail>>[] }>(warnings, input.confirm);
  if (stop) return stop;

  const productNos = new Map(products.map((p) => [p.product.id, p.product.productNo]));
  const list = [];
  for (const group of groups) {
    const created = await insertApply(
      db,
      {
        applyNo: '',
        applyType: input.applyType,
        inspectionTypeId: input.inspectionTypeId,
        orderId: first.orderId,
        factoryId: group[0]!.factoryId,
        clientId: first.clientId,
        departmentId: first.departmentId,
        expectedDate: input.expectedDate,
        previousReportId:
          input.applyType === APPLY_TYPE.reinspection ? (input.previousReportId ?? null) : null,
        remark: input.remark ?? null,
      },
      group.map(({ orderProductId, applyQuantity }) => ({ orderProductId, applyQuantity })),
      productNos,
      actorOf(user),
    );
    if (input.submit) await submitApply(db, created, user);
    list.push(await applyDetail(db, created.id, user));
  }
  return saved(warnings, { list });
}
