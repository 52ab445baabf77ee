import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_TEST_RESULT } from '@qcdesk/contract/inspection-report';
import { and, asc, eq } from 'drizzle-orm';
import { clientSafetyTests } from '../../db/schema/client';
import { defects, inspectionTests, inspectionTypes } from '../../db/schema/config';
import {
  inspectionReportDefects,
  inspectionReportProducts,
  inspectionReportSafetyTests,
} from '../../db/schema/inspection-report';
import { orderProducts } from '../../db/schema/order';
import {
  computeVerdict,
  levelTwoTriggers,
  outOfTolerance,
  type Verdict,
} from '../../domain/inspection-verdict';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { getSystemParam } from '../../platform/system-params';
import type { InspectionReportRecord } from './inspection-report.rules';

// The parts of an inspection report its services read (products, defect lines, safety tests, the
// client's required tests, the inspection type) and the verdict of its counts and tests (DOMAIN.md
// §6.3) that the detail, the result writes, submit and approve all ask.

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
