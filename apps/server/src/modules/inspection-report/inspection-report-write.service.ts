import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { defects, inspectionTests, parts } from '../../db/schema/config';
import {
  inspectionReportDefects,
  inspectionReportProducts,
  inspectionReportSafetyTests,
  inspectionReports,
} from '../../db/schema/inspection-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockRow, lockVersion, updateRecord } from '../../platform/records';
import { photoFiles } from '../files/photo-files.service';
import { userLabels } from './inspection-report.queries';
import {
  assertHolder,
  INSPECTION_REPORT_ENTITY,
  type InspectionReportRecord,
  isEditable,
  isTeam,
  liveHolder,
} from './inspection-report.rules';
import { checkoutUntil } from './inspection-report-create.service';
import { reportDetail } from './inspection-report-detail.service';
import { reportProducts } from './inspection-report-parts.service';
import { assertPhotos } from './inspection-report-photos.service';

// The checkout holder's writes of an inspection report (DOMAIN.md §4.4, §6.10): take and give back
// the lock, and save parts of the report under it. Every save checks the version read and the
// caller's live checkout, renews the checkout, and keeps the defect counts equal to their lines.

type Ops = typeof areas.inspectionReport;
type Values = Partial<typeof inspectionReports.$inferInsert>;

/**
 * A save: the report at the version read (E_VERSION), editable and checked out by the caller
 * (E_STATUS, E_NOT_CHECKED_OUT); `write` saves child rows and answers the report's own changes; the
 * version bump, the renewed checkout and the change log follow in one update.
 */
export async function holderSave(
  db: Db,
  input: { id: bigint; version: number },
  user: Principal,
  write: (report: InspectionReportRecord) => Promise<Values>,
  action = 'update',
) {
  const now = new Date();
  const report = await lockVersion(db, inspectionReports, input.id, input.version);
  if (report.valid !== 1) throw new AppError('E_NOT_FOUND');
  assertHolder(report, user, now);
  const values = await write(report);
  await updateRecord(db, {
    table: inspectionReports,
    id: report.id,
    version: report.version,
    entity: INSPECTION_REPORT_ENTITY,
    actor: actorOf(user),
    action,
    values: { ...values, checkoutExpiresAt: await checkoutUntil(db, now) },
  });
  return reportDetail(db, report.id, user, now);
}

/** inspection/report/checkout: the lock for the team (lead or assistants) of an editable report. */
export async function checkoutReport(
  db: Db,
  input: ParsedInputOf<Ops['checkoutInspectionReport']>,
  user: Principal,
) {
  const now = new Date();
  const report = await lockRow(db, inspectionReports, input.id);
  if (report.valid !== 1) throw new AppError('E_NOT_FOUND');
  if (!isEditable(report.status)) throw new AppError('E_STATUS');
  if (!isTeam(report, user.userId)) throw new AppError('E_SCOPE');
  const holder = liveHolder(report, now);
  if (holder !== null && holder !== user.userId) {
    const name = (await userLabels(db, [holder])).get(holder)?.name ?? '';
    throw new AppError('E_CHECKED_OUT', { user: name });
  }
  await updateRecord(db, {
    table: inspectionReports,
    id: report.id,
    version: report.version,
    entity: INSPECTION_REPORT_ENTITY,
    actor: actorOf(user),
    action: 'checkout',
    values: { checkedOutBy: user.userId, checkedOutAt: now, checkoutExpiresAt: await checkoutUntil(db, now) },
  });
  return reportDetail(db, report.id, user, now);
}

/** inspection/report/release: the holder gives the lock back; insp.report.admin may force it. */
export async function releaseReport(
  db: Db,
  input: ParsedInputOf<Ops['releaseInspectionReport']>,
  user: Principal,
) {
  const now = new Date();
  const report = await lockRow(db, inspectionReports, input.id);
  if (report.valid !== 1) throw new AppError('E_NOT_FOUND');
  const holder = liveHolder(report, now);
  if (holder === null) throw new AppError('E_NOT_CHECKED_OUT');
  const forced = holder !== user.userId;
  if (forced && !(input.force && user.permissions.has('insp.report.admin')))
    throw new AppError('E_PERMISSION');
  await updateRecord(db, {
    table: inspectionReports,
    id: report.id,
    version: report.version,
    entity: INSPECTION_REPORT_ENTITY,
    actor: actorOf(user),
    action: forced ? 'forceRelease' : 'release',
    values: { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null },
  });
  return reportDetail(db, report.id, user, now);
}

async function assertRefs(
  db: Db,
  table: typeof defects | typeof parts | typeof inspectionTests,
  ids: bigint[],
  field: string,
) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, wanted), eq(table.valid, 1)));
  if (found.length !== wanted.length) throw new AppError('E_REF_NOT_FOUND', { field }, { field });
}

type UpdateInput = ParsedInputOf<Ops['updateInspectionReport']>;
type Line = (typeof inspectionReportProducts)['$inferSelect'];

/** The defect lines replaced; answers the report's class totals (each product's follow its lines). */
async function writeDefects(
  db: Db,
  report: InspectionReportRecord,
  lines: Line[],
  input: NonNullable<UpdateInput['defects']>,
  user: Principal,
) {
  await assertRefs(
    db,
    defects,
    input.map((d) => d.defectId),
    'defects',
  );
  const products = new Set(lines.map((l) => l.orderProductId));
  const single = lines.length === 1 ? lines[0]!.orderProductId : undefined;
  const rows = input.map((d, i) => {
    const orderProductId = d.orderProductId ?? single;
    if (orderProductId === undefined)
      throw new AppError('E_REQUIRED', { field: 'orderProductId' }, { field: 'orderProductId' });
    if (!products.has(orderProductId))
      throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'orderProductId' });
    return { ...d, orderProductId, line: i + 1 };
  });
  const stamp = { updatedAt: new Date(), updatedBy: user.userId };
  await db
    .update(inspectionReportDefects)
    .set({ valid: 0, ...stamp })
    .where(and(eq(inspectionReportDefects.reportId, report.id), eq(inspectionReportDefects.valid, 1)));
  if (rows.length > 0)
    await db.insert(inspectionReportDefects).values(
      rows.map((d) => ({
        reportId: report.id,
        line: d.line,
        defectId: d.defectId,
        defectClass: d.defectClass,
        qty: d.qty,
        orderProductId: d.orderProductId,
        photoIds: d.photoIds.map(String),
        remark: d.remark ?? null,
        createdBy: user.userId,
        ...stamp,
      })),
    );
  const totals = { critical: 0, major: 0, minor: 0 };
  for (const line of lines) {
    const mine = rows.filter((d) => d.orderProductId === line.orderProductId);
    const sum = (cls: number) => mine.filter((d) => d.defectClass === cls).reduce((n, d) => n + d.qty, 0);
    const counts = { critical: sum(1), major: sum(2), minor: sum(3) };
    totals.critical += counts.critical;
    totals.major += counts.major;
    totals.minor += counts.minor;
    await db
      .update(inspectionReportProducts)
      .set({ ...counts, ...stamp })
      .where(eq(inspectionReportProducts.id, line.id));
  }
  return totals;
}

async function writeSafetyTests(
  db: Db,
  report: InspectionReportRecord,
  input: NonNullable<UpdateInput['safetyTests']>,
  user: Principal,
) {
  const ids = input.map((t) => t.inspectionTestId);
  if (new Set(ids).size !== ids.length)
    throw new AppError('E_DUPLICATE', { field: 'safetyTests' }, { field: 'safetyTests' });
  await assertRefs(db, inspectionTests, ids, 'safetyTests');
  const stamp = { updatedAt: new Date(), updatedBy: user.userId };
  await db
    .update(inspectionReportSafetyTests)
    .set({ valid: 0, ...stamp })
    .where(
      and(eq(inspectionReportSafetyTests.reportId, report.id), eq(inspectionReportSafetyTests.valid, 1)),
    );
  if (input.length > 0)
    await db.insert(inspectionReportSafetyTests).values(
      input.map((t) => ({
        reportId: report.id,
        inspectionTestId: t.inspectionTestId,
        sampleQty: t.sampleQty ?? null,
        value: t.value ?? null,
        result: t.result,
        remark: t.remark ?? null,
        createdBy: user.userId,
        ...stamp,
      })),
    );
}

/** inspection/report/update: the given parts replace the stored ones. */
export async function updateInspectionReport(db: Db, input: UpdateInput, user: Principal) {
  return holderSave(db, input, user, async (report) => {
    const values: Values = {};
    const lines = (await reportProducts(db, report.id)).map((p) => p.line);
    const defectPhotos = input.defects?.flatMap((d) => d.photoIds);
    await assertPhotos(db, report, { general: input.photoIds, defects: defectPhotos });
    if (input.inspectionDate !== undefined) values.inspectionDate = input.inspectionDate;
    if (input.defects !== undefined)
      Object.assign(values, await writeDefects(db, report, lines, input.defects, user));
    if (input.safetyTests !== undefined) await writeSafetyTests(db, report, input.safetyTests, user);
    if (input.cartonData !== undefined) values.cartonData = input.cartonData;
    if (input.cartonSize !== undefined) values.cartonSize = input.cartonSize;
    if (input.weights !== undefined) values.weights = input.weights;
    if (input.pullTests !== undefined) {
      await assertRefs(
        db,
        parts,
        input.pullTests.flatMap((t) => (t.partId ? [t.partId] : [])),
        'pullTests',
      );
      values.pullTests = input.pullTests.map((t) => ({
        partId: t.partId === undefined ? null : String(t.partId),
        tensionType: t.tensionType,
        force: t.force,
        forceUnit: t.forceUnit,
        holdSeconds: t.holdSeconds,
        sampleQty: t.sampleQty ?? null,
        result: t.result,
      }));
    }
    if (input.sections !== undefined) {
      const types = input.sections.map((s) => s.sectionType);
      if (new Set(types).size !== types.length)
        throw new AppError('E_DUPLICATE', { field: 'sections' }, { field: 'sections' });
      values.sections = input.sections.map((s) => ({
        sectionType: s.sectionType,
        result: s.result,
        remarkIds: s.remarkIds.map(String),
        remark: s.remark ?? null,
      }));
    }
    if (input.photoIds !== undefined) values.photoIds = input.photoIds.map(String);
    if (input.signOff === null) values.signOff = null;
    else if (input.signOff !== undefined) {
      const [signature] = await photoFiles(db, [input.signOff.signatureFileId], 2, 'signOff');
      values.signOff = {
        name: input.signOff.name,
        fileId: String(signature!.id),
        at: new Date().toISOString(),
      };
    }
    return values;
  });
}
