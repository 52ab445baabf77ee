import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { eq } from 'drizzle-orm';
import { inspectionReportProducts } from '../../db/schema/inspection-report';
import { preResultAllowed } from '../../domain/inspection-verdict';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertRemark, type InspectionReportRecord } from './inspection-report.rules';
import { readableReport, reportDetail } from './inspection-report-detail.service';
import { inspectionTypeOf, reportProducts, verdictOf } from './inspection-report-parts.service';
import { bandsOf, planOfLot } from './inspection-report-sampling.service';
import { holderSave } from './inspection-report-write.service';

// The lot and the result of an inspection report (DOMAIN.md §6.2, §6.3): presented and packed
// quantities with the plan recomputed, the drawn sample's override, and the inspector's pre-result
// (never better than the verdict of the counts, E_RESULT_BETTER) with its product lines.

type Ops = typeof areas.inspectionReport;

/** inspection/report/quantity/update: presented ≤ applied; the lot's plan follows (§6.2 rule 6). */
export async function updateReportQuantity(
  db: Db,
  input: ParsedInputOf<Ops['updateReportQuantity']>,
  user: Principal,
) {
  return holderSave(
    db,
    input,
    user,
    async (report) => {
      const lines = new Map(
        (await reportProducts(db, report.id)).map((p) => [p.line.orderProductId, p.line]),
      );
      const seen = new Set<bigint>();
      for (const p of input.products) {
        const line = lines.get(p.orderProductId);
        const field = 'presentedQuantity';
        if (!line)
          throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'orderProductId' });
        if (seen.has(p.orderProductId))
          throw new AppError('E_DUPLICATE', { field: 'orderProductId' }, { field: 'orderProductId' });
        seen.add(p.orderProductId);
        if (p.presentedQuantity > line.applyQuantity)
          throw new AppError('E_QTY_EXCEEDS', { n: line.applyQuantity, field }, { field });
        if (p.packedQuantity > p.presentedQuantity)
          throw new AppError('E_RANGE', { field: 'packedQuantity' }, { field: 'packedQuantity' });
      }
      for (const p of input.products)
        await db
          .update(inspectionReportProducts)
          .set({
            presentedQuantity: p.presentedQuantity,
            packedQuantity: p.packedQuantity,
            updatedAt: new Date(),
            updatedBy: user.userId,
          })
          .where(eq(inspectionReportProducts.id, lines.get(p.orderProductId)!.id));
      const given = new Map(input.products.map((p) => [p.orderProductId, p.presentedQuantity]));
      const lot = [...lines.values()].reduce(
        (n, l) => n + (given.get(l.orderProductId) ?? l.presentedQuantity),
        0,
      );
      const type = await inspectionTypeOf(db, report.inspectionTypeId);
      const aql = { major: report.majorAql, minor: report.minorAql };
      const bands = await bandsOf(db, report.samplingLevel);
      const plan = type.usesAql ? planOfLot(report.severity, bands, lot, aql) : null;
      let sampleSize = plan?.drawn ?? 0;
      let sampleOverrideReason = report.sampleOverrideReason;
      if (input.sampleSize === null) sampleOverrideReason = null;
      else if (input.sampleSize !== undefined) {
        if (input.sampleSize > lot)
          throw new AppError('E_RANGE', { field: 'sampleSize' }, { field: 'sampleSize' });
        sampleSize = input.sampleSize;
        sampleOverrideReason = input.sampleOverrideReason ?? null;
      } else if (sampleOverrideReason !== null) sampleSize = Math.min(report.sampleSize, lot);
      return { quantity: lot, plan, sampleSize, sampleOverrideReason };
    },
    'quantity',
  );
}

type ResultInput = ParsedInputOf<Ops['createReportResult']>;

async function writeResult(
  db: Db,
  report: InspectionReportRecord,
  input: Omit<ResultInput, 'id' | 'version'>,
  user: Principal,
) {
  const preResult = input.preResult ?? report.preResult;
  const remark = input.resultRemark ?? report.resultRemark;
  if (input.preResult !== undefined) {
    if (input.preResult === INSPECTION_RESULT.empty)
      throw new AppError('E_REQUIRED', { field: 'preResult' }, { field: 'preResult' });
    const verdict = await verdictOf(db, report);
    if (!preResultAllowed(input.preResult, verdict.result))
      throw new AppError('E_RESULT_BETTER', {}, { field: 'preResult' });
  }
  if (preResult !== null) assertRemark(preResult, remark);
  if (input.products) {
    const lines = new Map((await reportProducts(db, report.id)).map((p) => [p.line.orderProductId, p.line]));
    for (const p of input.products) {
      const line = lines.get(p.orderProductId);
      if (!line)
        throw new AppError('E_REF_NOT_FOUND', { field: 'orderProductId' }, { field: 'orderProductId' });
      // §6.3 rule 7: product lines default to the report's result; a differing one needs a remark.
      const differs = p.result !== INSPECTION_RESULT.empty && p.result !== preResult;
      if (differs && !p.remark) throw new AppError('E_REQUIRED', { field: 'remark' }, { field: 'remark' });
      await db
        .update(inspectionReportProducts)
        .set({ result: p.result, remark: p.remark ?? null, updatedAt: new Date(), updatedBy: user.userId })
        .where(eq(inspectionReportProducts.id, line.id));
    }
  }
  return {
    ...(input.preResult === undefined ? {} : { preResult: input.preResult }),
    ...(input.resultRemark === undefined ? {} : { resultRemark: input.resultRemark }),
  };
}

/** inspection/report/result/create: the first record of the result (E_DUPLICATE once there is one). */
export async function createReportResult(db: Db, input: ResultInput, user: Principal) {
  return holderSave(
    db,
    input,
    user,
    async (report) => {
      if (report.preResult !== null)
        throw new AppError('E_DUPLICATE', { field: 'preResult' }, { field: 'preResult' });
      if (input.preResult === undefined)
        throw new AppError('E_REQUIRED', { field: 'preResult' }, { field: 'preResult' });
      return writeResult(db, report, input, user);
    },
    'result',
  );
}

/** inspection/report/result/update. */
export async function updateReportResult(db: Db, input: ResultInput, user: Principal) {
  return holderSave(db, input, user, (report) => writeResult(db, report, input, user), 'result');
}

/** inspection/report/result/preresult. */
export async function setReportPreResult(
  db: Db,
  input: ParsedInputOf<Ops['setReportPreResult']>,
  user: Principal,
) {
  return holderSave(db, input, user, (report) => writeResult(db, report, input, user), 'result');
}

/** inspection/report/result/details. */
export async function getReportResult(db: Db, input: { id: bigint }, user: Principal) {
  await readableReport(db, input.id, user);
  return reportDetail(db, input.id, user);
}
