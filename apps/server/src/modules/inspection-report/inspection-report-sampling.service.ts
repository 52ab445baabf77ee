import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { APPLY_TYPE, INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { aqlTables, factories, inspectionTypes, samplingLevels } from '../../db/schema/config';
import { inspectionApplies } from '../../db/schema/inspection-apply';
import { aqlSeverityDecisions, inspectionReports, type StoredPlan } from '../../db/schema/inspection-report';
import { type AqlBand, codeLetter, table1Bands } from '../../domain/sampling/iso2859-1';
import { aqlKey, lotPlan, type Severity } from '../../domain/sampling/plans';
import {
  decisionApplies,
  replaySwitching,
  type SwitchingDecision,
  type SwitchingLot,
} from '../../domain/sampling/switching';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { label } from '../../platform/labels';
import { createRecord } from '../../platform/records';

// Sampling for inspection reports (DOMAIN.md §6.2, issue 27): the Table 1 bands of a level (the
// `aql` list, else ISO 2859-1 Table 1), the plan of a lot at a severity, and the switching state of
// client × factory × inspection type, replayed from the lots that count and the QC managers'
// decisions (domain/sampling/switching.ts).

type Ops = typeof areas.inspectionReport;
export interface Supplier {
  clientId: bigint;
  factoryId: bigint;
  inspectionTypeId: bigint;
}

/** The bands of a level from the `aql` list (admin-kept), else the standard's Table 1. */
export async function bandsOf(db: Db, level: string): Promise<AqlBand[]> {
  const [row] = await db
    .select({ values: aqlTables.values })
    .from(aqlTables)
    .innerJoin(samplingLevels, eq(samplingLevels.id, aqlTables.levelId))
    .where(and(eq(samplingLevels.code, level), eq(aqlTables.valid, 1), eq(aqlTables.active, 1)));
  const bands = row?.values as AqlBand[] | undefined;
  return bands && bands.length > 0 ? bands : table1Bands(level);
}

/** An AQL as the table prints it (E_FORMAT on `field` when it is not one of its columns). */
export function aqlOf(value: number | string, field: string): string {
  if (Number(value) === 0) return '0';
  const key = aqlKey(value);
  if (key === null) throw new AppError('E_FORMAT', { field }, { field });
  return key;
}

/** The lot's plan (null for a lot of 0): letter from the bands, each class from the severity's table. */
export function planOfLot(
  severity: Severity,
  bands: readonly AqlBand[],
  lot: number,
  aql: { major: string; minor: string },
): StoredPlan | null {
  if (lot <= 0) return null;
  const plan = lotPlan(severity, codeLetter(bands, lot), lot, aql);
  return { ...plan, severity };
}

const counted = [
  INSPECTION_REPORT_STATUS.approved,
  INSPECTION_REPORT_STATUS.sent,
  INSPECTION_REPORT_STATUS.confirmed,
];
const results = [
  INSPECTION_RESULT.pass,
  INSPECTION_RESULT.conditionalPass,
  INSPECTION_RESULT.rework,
  INSPECTION_RESULT.fail,
];

/** The lots that count (issue 27): approved final reports with result 1–4, re-inspections excluded. */
async function lotsOf(db: Db, s: Supplier): Promise<SwitchingLot[]> {
  const rows = await db
    .select({ report: inspectionReports })
    .from(inspectionReports)
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionReports.applyId))
    .where(
      and(
        eq(inspectionReports.clientId, s.clientId),
        eq(inspectionReports.factoryId, s.factoryId),
        eq(inspectionReports.inspectionTypeId, s.inspectionTypeId),
        eq(inspectionReports.valid, 1),
        eq(inspectionReports.interim, false),
        inArray(inspectionReports.status, counted),
        inArray(inspectionReports.result, results),
        isNotNull(inspectionReports.plan),
        or(sql`${inspectionApplies.id} is null`, ne(inspectionApplies.applyType, APPLY_TYPE.reinspection)),
      ),
    )
    .orderBy(asc(inspectionReports.inspectionDate), asc(inspectionReports.id));
  return rows.map(({ report: r }) => ({
    at: r.inspectionDate,
    ref: r.reportNo,
    severity: r.severity,
    letter: r.plan!.letter,
    aql: { major: r.majorAql, minor: r.minorAql },
    plan: r.plan!,
    counts: { critical: r.critical, major: r.major, minor: r.minor },
  }));
}

async function decisionsOf(db: Db, s: Supplier) {
  const rows = await db
    .select()
    .from(aqlSeverityDecisions)
    .where(
      and(
        eq(aqlSeverityDecisions.clientId, s.clientId),
        eq(aqlSeverityDecisions.factoryId, s.factoryId),
        eq(aqlSeverityDecisions.inspectionTypeId, s.inspectionTypeId),
        eq(aqlSeverityDecisions.valid, 1),
      ),
    )
    .orderBy(asc(aqlSeverityDecisions.createdAt), asc(aqlSeverityDecisions.id));
  // A decision counts from the instant it was taken: after the lots of its own day.
  return rows.map((d) => ({ at: `${d.createdAt.toISOString()}`, ref: `#${d.id}`, decision: d.decision }));
}

/**
 * The switching state a report was made under (its severity and why, for the PDF): the lots and
 * decisions before it.
 */
export async function severityBefore(
  db: Db,
  r: Supplier & { reportNo: string; inspectionDate: string; createdAt: Date },
) {
  const lots = (await lotsOf(db, r)).filter((l) => l.ref !== r.reportNo && l.at <= r.inspectionDate);
  const decisions = (await decisionsOf(db, r)).filter((d) => d.at < r.createdAt.toISOString());
  return replaySwitching(lots, decisions).state;
}

/** The switching state now and its history (aql/severity). */
export async function severityOf(db: Db, s: Supplier) {
  const { state, history } = replaySwitching(await lotsOf(db, s), await decisionsOf(db, s));
  return {
    severity: state.severity,
    discontinued: state.discontinued,
    score: state.score,
    reason: state.reason,
    reducedEligible: decisionApplies(state, 'approveReduced'),
    history: history.map((h) => ({ ...h, at: h.at.slice(0, 10) })),
  };
}

export const getAqlSeverity = (db: Db, input: ParsedInputOf<Ops['getAqlSeverity']>) => severityOf(db, input);

/** aql/severity/update: a QC manager's decision, refused (E_STATUS) when it does not apply now. */
export async function updateAqlSeverity(
  db: Db,
  input: ParsedInputOf<Ops['updateAqlSeverity']>,
  user: Principal,
) {
  // One decision at a time per supplier: the factory row is the lock.
  await db
    .select({ id: factories.id })
    .from(factories)
    .where(eq(factories.id, input.factoryId))
    .for('update');
  const { state } = replaySwitching(await lotsOf(db, input), await decisionsOf(db, input));
  if (!decisionApplies(state, input.decision as SwitchingDecision)) throw new AppError('E_STATUS');
  await createRecord(db, {
    table: aqlSeverityDecisions,
    actor: actorOf(user),
    values: {
      clientId: input.clientId,
      factoryId: input.factoryId,
      inspectionTypeId: input.inspectionTypeId,
      decision: input.decision,
      reason: input.reason ?? null,
    },
  });
  return severityOf(db, input);
}

/** aql/plan: the plan of a lot, at the severity asked or the supplier's current one. */
export async function getAqlPlan(db: Db, input: ParsedInputOf<Ops['getAqlPlan']>) {
  const aql = { major: aqlOf(input.major, 'major'), minor: aqlOf(input.minor, 'minor') };
  let severity: Severity = input.severity ?? 'normal';
  let severityReason = input.severity ? 'ASKED' : 'START';
  let discontinued = false;
  if (!input.severity && input.clientId && input.factoryId && input.inspectionTypeId) {
    const state = await severityOf(db, {
      clientId: input.clientId,
      factoryId: input.factoryId,
      inspectionTypeId: input.inspectionTypeId,
    });
    severity = state.severity;
    severityReason = state.reason;
    discontinued = state.discontinued;
  }
  const plan = planOfLot(severity, await bandsOf(db, input.level), input.lot, aql)!;
  return { ...plan, severityReason, discontinued };
}

/** aql/severity/client: each factory × type of the client with lots, and its current severity. */
export async function factorySeverities(db: Db, input: ParsedInputOf<Ops['factorySeverities']>) {
  const pairs = await db
    .selectDistinct({
      factory: { id: factories.id, code: factories.code, nameZh: factories.nameZh, nameEn: factories.nameEn },
      type: {
        id: inspectionTypes.id,
        code: inspectionTypes.code,
        nameZh: inspectionTypes.nameZh,
        nameEn: inspectionTypes.nameEn,
      },
    })
    .from(inspectionReports)
    .innerJoin(factories, eq(factories.id, inspectionReports.factoryId))
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionReports.inspectionTypeId))
    .where(
      and(
        eq(inspectionReports.clientId, input.clientId),
        eq(inspectionReports.valid, 1),
        isNotNull(inspectionReports.plan),
      ),
    );
  const list = [];
  for (const p of pairs) {
    const s = await severityOf(db, {
      clientId: input.clientId,
      factoryId: p.factory.id,
      inspectionTypeId: p.type.id,
    });
    list.push({
      factory: label(p.factory.id, p.factory.code, p.factory.nameZh, p.factory.nameEn),
      inspectionType: label(p.type.id, p.type.code, p.type.nameZh, p.type.nameEn),
      severity: s.severity,
      discontinued: s.discontinued,
      score: s.score,
      reason: s.reason,
      lots: s.history.filter((h) => h.kind === 'lot').length,
    });
  }
  return { list };
}
