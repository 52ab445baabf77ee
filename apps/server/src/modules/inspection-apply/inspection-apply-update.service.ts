import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { APPLY_TYPE, INSPECTION_APPLY_STATUS, REASON_CODE } from '@qcdesk/contract/inspection-apply';
import type { Warning } from '@qcdesk/contract/warnings';
import { inspectionTypes } from '../../db/schema/config';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { actorOf, type Principal } from '../../platform/auth';
import { syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { changedFields, updateRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { saved, warnOrProceed } from '../../platform/warnings';
import { applyItems } from './inspection-apply.queries';
import {
  INSPECTION_APPLY_ENTITY,
  type InspectionApplyRecord,
  mayModifyQuantity,
  splitRest,
} from './inspection-apply.rules';
import { applyDetail, writableApply } from './inspection-apply.service';
import {
  assertDistinct,
  assertQuantities,
  type ItemIn,
  insertApply,
} from './inspection-apply-create.service';
import { submitChecks } from './inspection-apply-submit.service';
import { submitApply } from './inspection-apply-transitions.service';

// inspection/apply/update (fields and quantities of a draft or returned application, and its
// submit) and inspection/apply/updateqnty (quantities in 10/20/30, a lowered one split into a new
// draft with reason SPLIT). Every quantity is checked with the products locked (§4.1 invariant).

type Ops = typeof areas.inspectionApply;
type Items = Awaited<ReturnType<typeof applyItems>>;
const { draft, submitted, planned, returned } = INSPECTION_APPLY_STATUS;

/** The items given must be products of the application (E_FORMAT on items otherwise). */
function quantitiesOf(current: Items, given: readonly ItemIn[]): Map<bigint, number> {
  assertDistinct(given);
  const known = new Set(current.map((i) => i.orderProductId));
  if (given.some((i) => !known.has(i.orderProductId)))
    throw new AppError('E_FORMAT', { field: 'items' }, { field: 'items' });
  return new Map(given.map((i) => [i.orderProductId, i.applyQuantity]));
}

/** The items with their new quantities (unmentioned ones keep theirs). */
const withQuantities = (current: Items, next: ReadonlyMap<bigint, number>): ItemIn[] =>
  current.map((i) => ({
    orderProductId: i.orderProductId,
    applyQuantity: next.get(i.orderProductId) ?? i.applyQuantity,
  }));

/** Writes the item set and the application's fields in one optimistic-locked update. */
async function writeApply(
  db: Db,
  current: InspectionApplyRecord,
  items: Items,
  next: readonly ItemIn[],
  values: Partial<typeof inspectionApplies.$inferInsert>,
  user: Principal,
  action = 'update',
) {
  const actor = actorOf(user);
  const productNos = new Map(items.map((i) => [i.orderProductId, i.productNo]));
  const sync = await syncChildRows(
    db,
    {
      table: inspectionApplyItems,
      parentKey: 'applyId',
      parentId: current.id,
      field: 'items',
      keys: ['orderProductId'],
      values: ['applyQuantity'],
      label: (row) => productNos.get(row.orderProductId as bigint) ?? String(row.orderProductId),
      actor,
    },
    next,
    'replace',
  );
  if (Object.keys(values).length === 0 && sync.changes.length === 0) return current;
  return updateRecord(db, {
    table: inspectionApplies,
    id: current.id,
    version: current.version,
    values,
    actor,
    action,
    entity: INSPECTION_APPLY_ENTITY,
    childChanges: sync.changes,
  });
}

export async function updateInspectionApply(
  db: Db,
  input: ParsedInputOf<Ops['updateInspectionApply']>,
  user: Principal,
) {
  const current = await writableApply(db, input.id, input.version, user);
  if (current.status !== draft && current.status !== returned) throw new AppError('E_STATUS');
  const items = await applyItems(db, current.id);
  const next = input.items
    ? withQuantities(items, quantitiesOf(items, input.items))
    : withQuantities(items, new Map());
  const fields = {
    applyType: input.applyType ?? current.applyType,
    inspectionTypeId: input.inspectionTypeId ?? current.inspectionTypeId,
    expectedDate: input.expectedDate ?? current.expectedDate,
    previousReportId:
      input.previousReportId === undefined ? current.previousReportId : input.previousReportId,
  };
  if (fields.applyType === APPLY_TYPE.reinspection && fields.previousReportId === null)
    throw new AppError('E_REQUIRED', { field: 'previousReportId' }, { field: 'previousReportId' });
  if (fields.inspectionTypeId !== current.inspectionTypeId)
    await assertReference(
      db,
      { table: inspectionTypes, active: inspectionTypes.active },
      fields.inspectionTypeId,
      'inspectionTypeId',
    );
  const quantities = new Map(items.map((i) => [i.orderProductId, i.quantity]));
  await assertQuantities(db, { ...fields, items: next, quantities, exceptApplyId: current.id });

  const warnings: Warning[] = input.submit
    ? await submitChecks(db, {
        ...fields,
        clientId: current.clientId,
        orderProductIds: next.map((i) => i.orderProductId),
      })
    : [];
  const stop = warnOrProceed<Awaited<ReturnType<typeof applyDetail>>>(warnings, input.confirm);
  if (stop) return stop;

  const values = changedFields(current, { ...fields, remark: input.remark });
  const updated = await writeApply(db, current, items, next, values, user);
  if (input.submit) await submitApply(db, updated, user);
  return saved(warnings, await applyDetail(db, current.id, user));
}

/** inspection/apply/updateqnty: quantities in 10/20 (inspapply.edit) or 30 (inspplan.create); `split` keeps the rest. */
export async function updateInspectionApplyQuantity(
  db: Db,
  input: ParsedInputOf<Ops['updateInspectionApplyQuantity']>,
  user: Principal,
) {
  const current = await writableApply(db, input.id, input.version, user);
  if (!([draft, submitted, planned] as number[]).includes(current.status)) throw new AppError('E_STATUS');
  if (!mayModifyQuantity(current.status, user)) throw new AppError('E_PERMISSION');
  const items = await applyItems(db, current.id);
  const wanted = quantitiesOf(items, input.items);
  const next = withQuantities(items, wanted);
  const quantities = new Map(items.map((i) => [i.orderProductId, i.quantity]));
  await assertQuantities(db, { ...current, items: next, quantities, exceptApplyId: current.id });

  const rest = input.split ? splitRest(items, wanted) : [];
  const updated = await writeApply(db, current, items, next, {}, user, rest.length > 0 ? 'split' : 'update');
  let split = null;
  if (rest.length > 0) {
    const created = await insertApply(
      db,
      {
        applyNo: '',
        applyType: current.applyType,
        inspectionTypeId: current.inspectionTypeId,
        orderId: current.orderId,
        factoryId: current.factoryId,
        clientId: current.clientId,
        departmentId: current.departmentId,
        expectedDate: current.expectedDate,
        previousReportId: current.previousReportId,
        splitFromId: current.id,
        reasonCode: REASON_CODE.split,
        remark: current.remark,
      },
      rest,
      new Map(items.map((i) => [i.orderProductId, i.productNo])),
      actorOf(user),
    );
    split = await applyDetail(db, created.id, user);
  }
  return { record: await applyDetail(db, updated.id, user), split };
}
