import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { FieldChange } from '../../db/schema/platform';
import {
  superviseReportCheckpoints,
  superviseReportProducts,
  superviseReports,
} from '../../db/schema/supervise-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { changedFields, lockVersion, updateRecord } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import { photoFiles } from '../files/photo-files.service';
import { superviseCheckpointRows, superviseProducts } from './supervise-report.queries';
import {
  assertHolder,
  assertSubmittable,
  SUPERVISE_REPORT_ENTITY,
  storedContainerNo,
  superviseReportMachine,
} from './supervise-report.rules';
import { assertReadable, superviseDetail } from './supervise-report.service';
import { checkoutUntil } from './supervise-report-checkout.service';
import { moveReportTask } from './supervise-report-task.service';
import { assertNoLiveTwin } from './supervise-report-write.service';

// The inspector's side of a supervise report (DOMAIN.md §4.5, §6.10): the saves under the checkout
// (supervise-report-checkout.service.ts) and the submit with its completeness checks (§7.3), which
// reports the CLC task (§4.3).

type Ops = typeof areas.superviseReport;
const noCheckout = { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null };

type UpdateInput = ParsedInputOf<Ops['updateSuperviseReport']>;
const time = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

/** The given product lines' cartons and quantities; answers their changes. */
async function saveProducts(db: Db, reportId: bigint, given: UpdateInput['products'], user: Principal) {
  if (!given || given.length === 0) return [];
  const lines = new Map((await superviseProducts(db, reportId)).map((l) => [l.id, l]));
  const changes: FieldChange[] = [];
  for (const p of given) {
    const line = lines.get(p.id);
    if (!line) throw new AppError('E_NOT_FOUND', {}, { field: 'products' });
    const values = changedFields(line, {
      plannedCartons: p.plannedCartons,
      loadedCartons: p.loadedCartons,
      loadedQuantity: p.loadedQuantity,
    });
    if (Object.keys(values).length === 0) continue;
    for (const [field, to] of Object.entries(values))
      changes.push({
        field: `products[${line.productNo}].${field}`,
        from: line[field as keyof typeof line],
        to,
      });
    await db
      .update(superviseReportProducts)
      .set({ ...values, updatedAt: new Date(), updatedBy: user.userId })
      .where(eq(superviseReportProducts.id, p.id));
  }
  return changes;
}

/** The given checkpoints' result, remark and photos; answers their changes. */
async function saveCheckpoints(db: Db, reportId: bigint, given: UpdateInput['checkpoints'], user: Principal) {
  if (!given || given.length === 0) return [];
  const lines = new Map((await superviseCheckpointRows(db, reportId)).map((l) => [l.id, l]));
  const changes: FieldChange[] = [];
  for (const c of given) {
    const line = lines.get(c.id);
    if (!line) throw new AppError('E_NOT_FOUND', {}, { field: 'checkpoints' });
    const values = changedFields(line, {
      result: c.result,
      remark: c.remark === undefined ? undefined : c.remark || null,
      photoIds: c.photoIds?.map(String),
    });
    if (Object.keys(values).length === 0) continue;
    for (const [field, to] of Object.entries(values))
      changes.push({
        field: `checkpoints[${line.checkpoint.code}].${field}`,
        from: line[field as keyof typeof line],
        to,
      });
    await db
      .update(superviseReportCheckpoints)
      .set({ ...values, updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(superviseReportCheckpoints.id, c.id), eq(superviseReportCheckpoints.reportId, reportId)));
  }
  return changes;
}

/**
 * The checkpoints' photos after a save reuse the inspection-report pipeline's checks: each a stored
 * image under the image limit (E_REF_NOT_FOUND, E_IMAGE_ONLY, E_FILE_TOO_BIG), and the same photo
 * twice in one report — the same file or the same bytes — E_DUPLICATE.
 */
async function assertCheckpointPhotos(db: Db, reportId: bigint, given: UpdateInput['checkpoints']) {
  if (!given?.some((c) => c.photoIds !== undefined)) return;
  const byLine = new Map(given.map((c) => [c.id, c.photoIds]));
  const lines = await superviseCheckpointRows(db, reportId);
  const ids = lines.flatMap((l) => byLine.get(l.id) ?? l.photoIds.map((id) => BigInt(id)));
  const duplicate = () => new AppError('E_DUPLICATE', { field: 'photoIds' }, { field: 'photoIds' });
  if (new Set(ids).size !== ids.length) throw duplicate();
  if (ids.length === 0) return;
  const rows = await photoFiles(db, ids, await getSystemParam(db, 'upload.maxImageMB'), 'photoIds');
  if (new Set(rows.map((f) => f.sha256)).size !== rows.length) throw duplicate();
}

/** supervisereport/update: the holder's save in 20; renews the checkout. */
export async function updateSuperviseReport(db: Db, input: UpdateInput, user: Principal) {
  const now = new Date();
  await assertReadable(db, input.id, user);
  const row = await lockVersion(db, superviseReports, input.id, input.version);
  assertHolder(row, user, now);
  const containerNo = storedContainerNo(input.containerNo);
  if (containerNo !== undefined && containerNo !== row.containerNo)
    await assertNoLiveTwin(db, row.shippingId, containerNo, row.id);
  const values = changedFields(row, {
    containerType: input.containerType,
    containerNo,
    sealNo: input.sealNo === undefined ? undefined : input.sealNo || null,
    arrivalTime: time(input.arrivalTime),
    startTime: time(input.startTime),
    finishTime: time(input.finishTime),
    remark: input.remark === undefined ? undefined : input.remark || null,
  });
  await assertCheckpointPhotos(db, row.id, input.checkpoints);
  const childChanges = [
    ...(await saveProducts(db, row.id, input.products, user)),
    ...(await saveCheckpoints(db, row.id, input.checkpoints, user)),
  ];
  await updateRecord(db, {
    table: superviseReports,
    id: row.id,
    version: row.version,
    entity: SUPERVISE_REPORT_ENTITY,
    actor: actorOf(user),
    values: { ...values, checkoutExpiresAt: await checkoutUntil(db, now) },
    childChanges,
  });
  return superviseDetail(db, row.id, user, now);
}

/** supervisereport/submit (20 → 30) by the holder: §7.3's checks, then the checkout ends. */
export async function submitSuperviseReport(
  db: Db,
  input: ParsedInputOf<Ops['submitSuperviseReport']>,
  user: Principal,
) {
  const now = new Date();
  await assertReadable(db, input.id, user);
  const row = await lockVersion(db, superviseReports, input.id, input.version);
  assertHolder(row, user, now);
  const products = await superviseProducts(db, row.id);
  const checkpoints = await superviseCheckpointRows(db, row.id);
  assertSubmittable({
    containerNo: row.containerNo,
    sealNo: row.sealNo,
    products,
    checkpoints: checkpoints.map((c) => ({ ...c, name: c.checkpoint.code ?? String(c.id) })),
  });
  await transition(db, {
    machine: superviseReportMachine,
    table: superviseReports,
    id: row.id,
    version: row.version,
    action: 'submit',
    user,
    set: { ...noCheckout, submittedAt: now, finishTime: row.finishTime ?? now },
  });
  await moveReportTask(db, row.planId, 'submitted', user);
  return superviseDetail(db, row.id, user, now);
}
