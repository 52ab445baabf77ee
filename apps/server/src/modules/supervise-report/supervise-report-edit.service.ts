import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import type { FieldChange } from '../../db/schema/platform';
import {
  superviseReportCheckpoints,
  superviseReportProducts,
  superviseReports,
} from '../../db/schema/supervise-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { changedFields, lockRow, lockVersion, updateRecord } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import { photoFiles } from '../files/photo-files.service';
import { superviseCheckpointRows, superviseProducts } from './supervise-report.queries';
import {
  ADMIN,
  assertHolder,
  assertSubmittable,
  EDIT,
  isOpen,
  isTeam,
  liveHolder,
  SUPERVISE_REPORT_ENTITY,
  storedContainerNo,
  superviseReportMachine,
} from './supervise-report.rules';
import { assertReadable, superviseDetail } from './supervise-report.service';
import { assertNoLiveTwin } from './supervise-report-write.service';

// The inspector's side of a supervise report (DOMAIN.md §4.5, §6.10): checkout (10 → 20 with the
// arrival time; 20, 80 → 20), release (a force by insp.report.admin), the saves under the checkout
// and the submit with its completeness checks (§7.3).

type Ops = typeof areas.superviseReport;
const { preSupervise, rejected } = SUPERVISE_REPORT_STATUS;
const noCheckout = { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null };

async function checkoutUntil(db: Db, now: Date): Promise<Date> {
  return new Date(now.getTime() + (await getSystemParam(db, 'checkout.ttlHours')) * 3_600_000);
}

async function holderName(db: Db, id: bigint) {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return u?.name ?? '';
}

/** supervisereport/checkout: the team's exclusive lock; 10 and 80 move to 20. */
export async function checkoutSuperviseReport(
  db: Db,
  input: ParsedInputOf<Ops['checkoutSuperviseReport']>,
  user: Principal,
) {
  const now = new Date();
  await assertReadable(db, input.id, user);
  const row = await lockRow(db, superviseReports, input.id);
  if (row.valid !== 1) throw new AppError('E_NOT_FOUND');
  if (!isOpen(row.status)) throw new AppError('E_STATUS');
  if (!isTeam(row, user.userId)) throw new AppError('E_SR_INSPECTOR');
  const holder = liveHolder(row, now);
  if (holder !== null && holder !== user.userId)
    throw new AppError('E_CHECKED_OUT', { user: await holderName(db, holder) });
  const lock = {
    checkedOutBy: user.userId,
    checkedOutAt: now,
    checkoutExpiresAt: await checkoutUntil(db, now),
  };
  if (row.status === preSupervise || row.status === rejected)
    await transition(db, {
      machine: superviseReportMachine,
      table: superviseReports,
      id: row.id,
      version: row.version,
      action: 'checkout',
      user,
      set: { ...lock, ...(row.status === preSupervise && !row.arrivalTime ? { arrivalTime: now } : {}) },
    });
  else
    await updateRecord(db, {
      table: superviseReports,
      id: row.id,
      version: row.version,
      entity: SUPERVISE_REPORT_ENTITY,
      actor: actorOf(user),
      action: 'checkout',
      values: lock,
    });
  return superviseDetail(db, row.id, user, now);
}

/** supervisereport/release: the holder gives the lock back; insp.report.admin forces another's. */
export async function releaseSuperviseReport(
  db: Db,
  input: ParsedInputOf<Ops['releaseSuperviseReport']>,
  user: Principal,
) {
  const now = new Date();
  await assertReadable(db, input.id, user);
  const row = await lockRow(db, superviseReports, input.id);
  const holder = liveHolder(row, now);
  if (holder === null) throw new AppError('E_NOT_CHECKED_OUT');
  const forced = holder !== user.userId;
  if (forced && !(input.force && user.permissions.has(ADMIN)))
    throw new AppError('E_CHECKED_OUT', { user: await holderName(db, holder) });
  if (!forced && !user.permissions.has(EDIT)) throw new AppError('E_PERMISSION');
  await updateRecord(db, {
    table: superviseReports,
    id: row.id,
    version: row.version,
    entity: SUPERVISE_REPORT_ENTITY,
    actor: actorOf(user),
    action: forced ? 'forceRelease' : 'release',
    values: noCheckout,
  });
  return superviseDetail(db, row.id, user, now);
}

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
  return superviseDetail(db, row.id, user, now);
}
