import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import type { TFunction } from 'i18next';
import { flagTexts, reasonTexts, triggerTexts } from './report-texts';

// The pure parts of the report screens: the quantity steppers, the verdict's reason codes as text
// keys, and when an approval needs a reason (mirrors apps/server domain/inspection-verdict.ts, so the
// dialog asks before the server refuses with E_REASON_REQUIRED).

/** A stepper's next value: whole, never below 0 nor above `max` (presented ≤ applied, packed ≤ presented). */
export function stepQuantity(value: number | null | undefined, delta: number, max?: number): number {
  const base = value === null || value === undefined || Number.isNaN(value) ? 0 : Math.trunc(value);
  const next = Math.max(0, base + delta);
  return max === undefined ? next : Math.min(max, next);
}

/** The computed verdict's reasons (§6.3) and the level-2 triggers (§4.4) the screens translate. */
export const VERDICT_REASONS = [
  'CRITICAL',
  'MAJOR_RE',
  'MINOR_RE',
  'SAFETY_TEST_FAILED',
  'PULL_TEST_FAILED',
  'PRODUCED_LOW',
  'PACKED_LOW',
  'WEIGHT_TOLERANCE',
  'CARTON_TOLERANCE',
  'TEST_FAILED',
  'SECTION_MARKED',
] as const;
export const LEVEL_TWO_TRIGGERS = [
  'RESULT',
  'CRITICAL',
  'BETTER_THAN_COMPUTED',
  'BETTER_THAN_PRE_RESULT',
  'SAMPLE_OVERRIDE',
] as const;
export const PHOTO_FLAGS = [
  'NO_EXIF',
  'DATE_MISMATCH',
  'NEAR_DUPLICATE',
  'DUPLICATE_ELSEWHERE',
  'FAR_FROM_FACTORY',
] as const;

const isOneOf = <T extends string>(list: readonly T[], code: string): code is T =>
  (list as readonly string[]).includes(code);

/** A code as text in the UI language; a code the screens do not know yet (a newer server) as itself. */
export function codeText(group: 'reasons' | 'triggers' | 'flags', code: string, t: TFunction): string {
  if (group === 'reasons' && isOneOf(VERDICT_REASONS, code)) return reasonTexts(t)[code] ?? code;
  if (group === 'triggers' && isOneOf(LEVEL_TWO_TRIGGERS, code)) return triggerTexts(t)[code] ?? code;
  if (group === 'flags' && isOneOf(PHOTO_FLAGS, code)) return flagTexts(t)[code] ?? code;
  return code;
}

const R = INSPECTION_RESULT;
const evaluated = (result: number) => result >= R.pass && result <= R.fail;
/** `a` better than `b`, rework standing in for a fail excepted (§6.3 rule 6). */
const better = (a: number, b: number) =>
  !(a === R.rework && b === R.fail) && evaluated(a) && evaluated(b) && a < b;

/** An approval's result better than the computed verdict or than the pre-result needs a reason. */
export function approvalNeedsReason(chosen: number, computed: number, preResult: number | null): boolean {
  return better(chosen, computed) || (preResult !== null && better(chosen, preResult));
}

/** Results 2–6 need a remark (§6.3). */
export const resultNeedsRemark = (result: number) => result >= R.conditionalPass && result <= R.giveUp;

/** The results an inspector may pick as pre-result: the evaluated ones and the two non-results. */
export const PRE_RESULTS = [R.pass, R.conditionalPass, R.rework, R.fail, R.noReport, R.giveUp] as const;
