import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';

// The inspection result decision (DOMAIN.md §6.3) and its audit rules (§4.4): what the counts and
// tests say, whether the inspector's pre-result may stand, and what takes a report to level-2
// approval. Pure: the report area reads the facts, asks here, and stores the answer.

const R = INSPECTION_RESULT;

/** Why the computed result is not a pass (the audit view lists them). */
export type VerdictReason =
  | 'CRITICAL'
  | 'MAJOR_RE'
  | 'MINOR_RE'
  | 'SAFETY_TEST_FAILED'
  | 'PULL_TEST_FAILED'
  | 'PRODUCED_LOW'
  | 'PACKED_LOW'
  | 'WEIGHT_TOLERANCE'
  | 'CARTON_TOLERANCE'
  | 'TEST_FAILED'
  | 'SECTION_MARKED';

export interface VerdictFacts {
  /** Null for types without a sample plan (CLC, FA): no AQL verdict. */
  re: { major: number; minor: number } | null;
  counts: { critical: number; major: number; minor: number };
  safetyTestFailed: boolean;
  pullTestFailed: boolean;
  otherTestFailed: boolean;
  applied: number;
  presented: number;
  packed: number;
  minProducedPct: number;
  minPackedPct: number;
  weightOutOfTolerance: boolean;
  cartonOutOfTolerance: boolean;
  /** A report section marked 2 (conditional pass) or 4 (fail). */
  sectionMarked: boolean;
}

export interface Verdict {
  result: 1 | 2 | 4;
  reasons: VerdictReason[];
}

/** §6.3 rules 2–5: fail reasons first; a pass only when nothing holds. */
export function computeVerdict(f: VerdictFacts): Verdict {
  const fail: VerdictReason[] = [];
  if (f.counts.critical >= 1) fail.push('CRITICAL');
  if (f.re && f.counts.major >= f.re.major) fail.push('MAJOR_RE');
  if (f.re && f.counts.minor >= f.re.minor) fail.push('MINOR_RE');
  if (f.safetyTestFailed) fail.push('SAFETY_TEST_FAILED');
  if (f.pullTestFailed) fail.push('PULL_TEST_FAILED');
  if (fail.length > 0) return { result: R.fail, reasons: fail };

  const conditional: VerdictReason[] = [];
  // Percentages on integers: presented × 100 < pct × applied.
  if (f.presented * 100 < f.minProducedPct * f.applied) conditional.push('PRODUCED_LOW');
  if (f.packed * 100 < f.minPackedPct * f.presented) conditional.push('PACKED_LOW');
  if (f.weightOutOfTolerance) conditional.push('WEIGHT_TOLERANCE');
  if (f.cartonOutOfTolerance) conditional.push('CARTON_TOLERANCE');
  if (f.otherTestFailed) conditional.push('TEST_FAILED');
  if (f.sectionMarked) conditional.push('SECTION_MARKED');
  if (conditional.length > 0) return { result: R.conditionalPass, reasons: conditional };
  return { result: R.pass, reasons: [] };
}

/** Results 1–4 in their order of severity (1 best); 5 and 6 are non-results. */
export const isEvaluated = (result: number): boolean => result >= R.pass && result <= R.fail;

/** `a` is better than `b` (both evaluated). */
export const isBetter = (a: number, b: number): boolean => isEvaluated(a) && isEvaluated(b) && a < b;

/**
 * §6.3 rule 6: the inspector's pre-result is the computed result or worse; rework may replace a
 * computed fail (the factory reworks and sorts); the non-results 5 and 6 are always possible.
 */
export function preResultAllowed(preResult: number, computed: number): boolean {
  if (!isEvaluated(preResult)) return preResult === R.noReport || preResult === R.giveUp;
  if (preResult === R.rework && computed === R.fail) return true;
  return !isBetter(preResult, computed);
}

/** The result is better than the computed one, the rework substitution excepted. */
export const betterThanComputed = (result: number, computed: number): boolean =>
  !(result === R.rework && computed === R.fail) && isBetter(result, computed);

export type LevelTwoTrigger =
  | 'RESULT'
  | 'CRITICAL'
  | 'BETTER_THAN_COMPUTED'
  | 'BETTER_THAN_PRE_RESULT'
  | 'SAMPLE_OVERRIDE';

/** §4.4: what sends a level-1 approval on to level 2 (none: approved at level 1). */
export function levelTwoTriggers(r: {
  result: number;
  computed: number;
  preResult: number | null;
  critical: number;
  sampleOverride: boolean;
}): LevelTwoTrigger[] {
  const triggers: LevelTwoTrigger[] = [];
  if (r.result === R.conditionalPass || r.result === R.rework || r.result === R.fail) triggers.push('RESULT');
  if (r.critical >= 1) triggers.push('CRITICAL');
  if (betterThanComputed(r.result, r.computed)) triggers.push('BETTER_THAN_COMPUTED');
  if (r.preResult !== null && betterThanComputed(r.result, r.preResult))
    triggers.push('BETTER_THAN_PRE_RESULT');
  if (r.sampleOverride) triggers.push('SAMPLE_OVERRIDE');
  return triggers;
}

/** Results 2–6 need a remark (§6.3). */
export const needsRemark = (result: number): boolean => result >= R.conditionalPass && result <= R.giveUp;

/** §6.13: `actual` off `spec` by more than `pct` percent (a missing or zero spec is not checked). */
export function outOfTolerance(
  spec: number | null | undefined,
  actual: number | null | undefined,
  pct: number,
) {
  if (spec === null || spec === undefined || actual === null || actual === undefined || spec <= 0)
    return false;
  return Math.abs(actual - spec) * 100 > pct * spec;
}
