import { BUSINESS_TIME_ZONE } from '@qcdesk/contract';
import type { PhotoFlag } from '@qcdesk/contract/files';
import { and, eq, inArray } from 'drizzle-orm';
import { expresses, factories, parts } from '../../db/schema/config';
import { files } from '../../db/schema/files';
import { inspectionReports } from '../../db/schema/inspection-report';
import { testOrders } from '../../db/schema/test-order';
import { photoFlags } from '../../domain/photo-integrity';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label } from '../../platform/labels';
import { scopeOf } from '../../platform/scope';
import { findNearDuplicates, photoEvidenceOf } from '../files/photo-evidence.service';
import { reportRow, reportScope, userLabels } from './inspection-report.queries';
import { type InspectionReportRecord, reportActions } from './inspection-report.rules';
import {
  reportDefects,
  reportProducts,
  reportSafetyTests,
  requiredSafetyTests,
  triggersOf,
  verdictOf,
} from './inspection-report-parts.service';
import { pdfStateOf } from './inspection-report-pdf-state';
import { reportSendsOf } from './inspection-report-share.service';

// One inspection report as its screens read it (inspection/report/details), and the facts of its
// verdict (DOMAIN.md §6.3) that the detail, the result writes, submit and approve all ask.

/** A photo as the detail answers it; its URLs are signed by `withPhotoUrls` (they need the files runtime). */
export interface ReportPhoto {
  fileId: bigint;
  name: string;
  contentType: string;
  url: string | null;
  thumbnailUrl: string | null;
  flags: string[];
  flagDetails: PhotoFlag[];
}

/** A photo as the detail answers it; its URLs are signed by `withPhotoUrls` (they need the files runtime). */
export interface ReportPhoto {
  fileId: bigint;
  name: string;
  contentType: string;
  url: string | null;
  thumbnailUrl: string | null;
  flags: string[];
  flagDetails: PhotoFlag[];
}

/** The photos by id with their integrity flags (issue 27): duplicates outside the report, EXIF facts. */
async function photosOf(db: Db, r: InspectionReportRecord, ids: readonly string[]) {
  const photos = new Map<string, ReportPhoto>();
  if (ids.length === 0) return photos;
  const fileIds = ids.map((id) => BigInt(id));
  const rows = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType })
    .from(files)
    .where(inArray(files.id, fileIds));
  const evidence = await photoEvidenceOf(db, fileIds);
  const [factory] = await db
    .select({ lat: factories.latitude, lng: factories.longitude })
    .from(factories)
    .where(eq(factories.id, r.factoryId));
  const location =
    factory?.lat != null && factory.lng != null
      ? { lat: Number(factory.lat), lng: Number(factory.lng) }
      : null;
  for (const f of rows) {
    const facts = evidence.get(f.id);
    const details = facts
      ? photoFlags(facts, {
          inspectionDate: r.inspectionDate,
          timeZone: BUSINESS_TIME_ZONE,
          factoryLocation: location,
          duplicates: await findNearDuplicates(db, f.id, { excludeFileIds: fileIds }),
        })
      : [];
    photos.set(String(f.id), {
      fileId: f.id,
      name: f.name,
      contentType: f.contentType,
      url: null,
      thumbnailUrl: null,
      flags: details.map((d) => d.code),
      flagDetails: details,
    });
  }
  return photos;
}

async function signOffOf(db: Db, r: InspectionReportRecord) {
  if (!r.signOff) return null;
  const [file] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType })
    .from(files)
    .where(eq(files.id, BigInt(r.signOff.fileId)));
  if (!file) return null;
  return {
    name: r.signOff.name,
    signature: {
      fileId: file.id,
      name: file.name,
      contentType: file.contentType,
      url: null as string | null,
    },
    at: new Date(r.signOff.at),
  };
}

async function labSamplesOf(
  db: Db,
  r: InspectionReportRecord,
  products: Awaited<ReturnType<typeof reportProducts>>,
) {
  const lab = r.labSamples;
  if (!lab) return null;
  const productNo = new Map(products.map((p) => [String(p.product.id), p.product.productNo]));
  const [order] = lab.testOrderId
    ? await db
        .select()
        .from(testOrders)
        .where(eq(testOrders.id, BigInt(lab.testOrderId)))
    : [];
  const [express] = lab.expressId
    ? await db
        .select()
        .from(expresses)
        .where(eq(expresses.id, BigInt(lab.expressId)))
    : [];
  return {
    samples: lab.samples.map((s) => ({
      orderProductId: BigInt(s.orderProductId),
      productNo: productNo.get(s.orderProductId) ?? '',
      quantity: s.quantity,
      sealNo: s.sealNo,
    })),
    testOrder: order ? { id: order.id, testOrderNo: order.testOrderNo, status: order.status } : null,
    express: express ? label(express.id, express.code, express.nameZh, express.nameEn) : null,
    trackingNo: lab.trackingNo,
    sentAt: lab.sentAt ? new Date(lab.sentAt) : null,
  };
}

/** The report locked or read, in the caller's read scope (E_NOT_FOUND, E_SCOPE). */
export async function readableReport(db: Db, id: bigint, user: Principal) {
  const [r] = await db.select().from(inspectionReports).where(eq(inspectionReports.id, id));
  if (r?.valid !== 1) throw new AppError('E_NOT_FOUND');
  const scope = await scopeOf(db, user);
  const where = reportScope(scope);
  if (where) {
    const [hit] = await db
      .select({ id: inspectionReports.id })
      .from(inspectionReports)
      .where(and(eq(inspectionReports.id, id), where));
    if (!hit) throw new AppError('E_SCOPE');
  }
  return r;
}

/** inspection/report/details. */
export async function reportDetail(db: Db, id: bigint, user: Principal, now = new Date()) {
  const r = await readableReport(db, id, user);
  const row = (await reportRow(db, id))!;
  const [products, defectLines, tests, required, verdict] = [
    await reportProducts(db, id),
    await reportDefects(db, id),
    await reportSafetyTests(db, id),
    await requiredSafetyTests(db, r.clientId),
    await verdictOf(db, r),
  ];
  const photoIds = [...r.photoIds, ...defectLines.flatMap((d) => d.line.photoIds)];
  const photos = await photosOf(db, r, photoIds);
  const partIds = r.pullTests.flatMap((t) => (t.partId ? [BigInt(t.partId)] : []));
  const partRows = partIds.length ? await db.select().from(parts).where(inArray(parts.id, partIds)) : [];
  const partLabel = new Map(partRows.map((p) => [String(p.id), label(p.id, p.code, p.nameZh, p.nameEn)]));
  const auditors = await userLabels(
    db,
    [r.auditL1By, r.auditL2By].flatMap((u) => (u === null ? [] : [u])),
  );
  const result = r.result || (r.preResult ?? 0);
  return {
    ...row,
    sampling: {
      level: r.samplingLevel,
      majorAql: r.majorAql,
      minorAql: r.minorAql,
      plan: r.plan,
      override:
        r.sampleOverrideReason === null ? null : { sampleSize: r.sampleSize, reason: r.sampleOverrideReason },
    },
    products: products.map(({ line, product }) => ({
      orderProductId: product.id,
      productNo: product.productNo,
      itemNo: product.itemNo,
      name: product.name,
      applyQuantity: line.applyQuantity,
      presentedQuantity: line.presentedQuantity,
      packedQuantity: line.packedQuantity,
      critical: line.critical,
      major: line.major,
      minor: line.minor,
      result: line.result,
      remark: line.remark,
    })),
    defects: defectLines.map(({ line, defect }) => ({
      defect: label(defect.id, defect.code, defect.nameZh, defect.nameEn),
      defectClass: line.defectClass,
      qty: line.qty,
      orderProductId: line.orderProductId,
      photos: line.photoIds.flatMap((p) => photos.get(p) ?? []),
      remark: line.remark,
    })),
    cartonData: r.cartonData,
    cartonSize: r.cartonSize,
    weights: r.weights,
    pullTests: r.pullTests.map((t) => ({ ...t, part: t.partId ? (partLabel.get(t.partId) ?? null) : null })),
    safetyTests: tests.map(({ line, test }) => ({
      inspectionTest: { ...label(test.id, test.code, test.nameZh, test.nameEn), safety: test.safety },
      sampleQty: line.sampleQty,
      value: line.value,
      result: line.result,
      remark: line.remark,
    })),
    requiredSafetyTests: required.map((t) => label(t.id, t.code, t.nameZh, t.nameEn)),
    sections: r.sections.map((x) => ({ ...x, remarkIds: x.remarkIds.map((id) => BigInt(id)) })),
    photos: r.photoIds.flatMap((p) => photos.get(p) ?? []),
    signOff: await signOffOf(db, r),
    labSamples: await labSamplesOf(db, r, products),
    computed: verdict,
    resultRemark: r.resultRemark,
    resultReason: r.resultReason,
    levelTwoTriggers: result ? triggersOf(r, result, verdict.result) : [],
    auditL1: r.auditL1By && r.auditL1At ? { by: auditors.get(r.auditL1By)!, at: r.auditL1At } : null,
    auditL2: r.auditL2By && r.auditL2At ? { by: auditors.get(r.auditL2By)!, at: r.auditL2At } : null,
    rejectReason: r.rejectReason,
    actions: reportActions(r, user, now),
    pdf: await pdfStateOf(db, r),
    sends: await reportSendsOf(db, r.sends),
    confirmedResult: r.confirmedResult,
    createdAt: r.createdAt,
  };
}
