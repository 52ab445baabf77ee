import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_TEST_RESULT } from '@qcdesk/contract/inspection-report';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { clientSafetyTests } from '../../db/schema/client';
import { defects, expresses, inspectionTests, inspectionTypes, parts } from '../../db/schema/config';
import { files } from '../../db/schema/files';
import {
  inspectionReportDefects,
  inspectionReportProducts,
  inspectionReportSafetyTests,
  inspectionReports,
} from '../../db/schema/inspection-report';
import { orderProducts } from '../../db/schema/order';
import { testOrders } from '../../db/schema/test-order';
import {
  computeVerdict,
  levelTwoTriggers,
  outOfTolerance,
  type Verdict,
} from '../../domain/inspection-verdict';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label } from '../../platform/labels';
import { scopeOf } from '../../platform/scope';
import { getSystemParam } from '../../platform/system-params';
import { reportRow, reportScope, userLabels } from './inspection-report.queries';
import { type InspectionReportRecord, reportActions } from './inspection-report.rules';

// One inspection report as its screens read it (inspection/report/details), and the facts of its
// verdict (DOMAIN.md §6.3) that the detail, the result writes, submit and approve all ask.

export async function reportProducts(db: Db, reportId: bigint) {
  return db
    .select({ line: inspectionReportProducts, product: orderProducts })
    .from(inspectionReportProducts)
    .innerJoin(orderProducts, eq(orderProducts.id, inspectionReportProducts.orderProductId))
    .where(and(eq(inspectionReportProducts.reportId, reportId), eq(inspectionReportProducts.valid, 1)))
    .orderBy(asc(orderProducts.productNo), asc(inspectionReportProducts.id));
}

export async function reportDefects(db: Db, reportId: bigint) {
  return db
    .select({ line: inspectionReportDefects, defect: defects })
    .from(inspectionReportDefects)
    .innerJoin(defects, eq(defects.id, inspectionReportDefects.defectId))
    .where(and(eq(inspectionReportDefects.reportId, reportId), eq(inspectionReportDefects.valid, 1)))
    .orderBy(asc(inspectionReportDefects.line));
}

export async function reportSafetyTests(db: Db, reportId: bigint) {
  return db
    .select({ line: inspectionReportSafetyTests, test: inspectionTests })
    .from(inspectionReportSafetyTests)
    .innerJoin(inspectionTests, eq(inspectionTests.id, inspectionReportSafetyTests.inspectionTestId))
    .where(and(eq(inspectionReportSafetyTests.reportId, reportId), eq(inspectionReportSafetyTests.valid, 1)))
    .orderBy(asc(inspectionTests.sort), asc(inspectionTests.code));
}

/** The client's required safety tests (ClientSafetyTest). */
export async function requiredSafetyTests(db: Db, clientId: bigint) {
  return db
    .select({
      id: inspectionTests.id,
      code: inspectionTests.code,
      nameZh: inspectionTests.nameZh,
      nameEn: inspectionTests.nameEn,
    })
    .from(clientSafetyTests)
    .innerJoin(inspectionTests, eq(inspectionTests.id, clientSafetyTests.inspectionTestId))
    .where(and(eq(clientSafetyTests.clientId, clientId), eq(clientSafetyTests.valid, 1)))
    .orderBy(asc(inspectionTests.sort), asc(inspectionTests.code));
}

export async function inspectionTypeOf(db: Db, id: bigint) {
  const [type] = await db.select().from(inspectionTypes).where(eq(inspectionTypes.id, id));
  if (!type) throw new AppError('E_NOT_FOUND');
  return type;
}

const fail = INSPECTION_TEST_RESULT.fail;

/** The verdict of the report's counts and tests now (§6.3 rules 2–5). */
export async function verdictOf(db: Db, r: InspectionReportRecord): Promise<Verdict> {
  const type = await inspectionTypeOf(db, r.inspectionTypeId);
  const products = await reportProducts(db, r.id);
  const tests = await reportSafetyTests(db, r.id);
  const weightPct = await getSystemParam(db, 'tolerance.weightPct');
  const cartonPct = await getSystemParam(db, 'tolerance.cartonPct');
  const size = r.cartonSize;
  const sum = (pick: (l: (typeof products)[number]['line']) => number) =>
    products.reduce((n, p) => n + pick(p.line), 0);
  return computeVerdict({
    re: type.usesAql && r.plan ? { major: r.plan.major.re, minor: r.plan.minor.re } : null,
    counts: { critical: r.critical, major: r.major, minor: r.minor },
    safetyTestFailed: tests.some((t) => t.test.safety && t.line.result === fail),
    pullTestFailed: r.pullTests.some((t) => t.result === fail),
    otherTestFailed: tests.some((t) => !t.test.safety && t.line.result === fail),
    applied: sum((l) => l.applyQuantity),
    presented: sum((l) => l.presentedQuantity),
    packed: sum((l) => l.packedQuantity),
    minProducedPct: type.minProducedPct,
    minPackedPct: type.minPackedPct,
    weightOutOfTolerance: outOfTolerance(r.weights?.grossSpec, r.weights?.grossActual, weightPct),
    cartonOutOfTolerance:
      size !== null &&
      (outOfTolerance(size.specL, size.actL, cartonPct) ||
        outOfTolerance(size.specW, size.actW, cartonPct) ||
        outOfTolerance(size.specH, size.actH, cartonPct)),
    sectionMarked: r.sections.some(
      (s) => s.result === INSPECTION_RESULT.conditionalPass || s.result === INSPECTION_RESULT.fail,
    ),
  });
}

/** The report's level-2 triggers for a result (§4.4). */
export const triggersOf = (r: InspectionReportRecord, result: number, computed: number) =>
  levelTwoTriggers({
    result,
    computed,
    preResult: r.preResult,
    critical: r.critical,
    sampleOverride: r.sampleOverrideReason !== null,
  });

async function photosOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { fileId: bigint; name: string; flags: string[] }>();
  const rows = await db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(
      inArray(
        files.id,
        ids.map((id) => BigInt(id)),
      ),
    );
  return new Map(rows.map((f) => [String(f.id), { fileId: f.id, name: f.name, flags: [] as string[] }]));
}

async function signOffOf(db: Db, r: InspectionReportRecord) {
  if (!r.signOff) return null;
  const [file] = await db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(eq(files.id, BigInt(r.signOff.fileId)));
  if (!file) return null;
  return {
    name: r.signOff.name,
    signature: { fileId: file.id, name: file.name },
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
  const photos = await photosOf(db, photoIds);
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
    createdAt: r.createdAt,
  };
}
