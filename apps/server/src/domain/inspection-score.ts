import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';

// Inspection scores (DOMAIN.md §6.6), on integers × 100 with half-up rounding: the lead score of an
// approved report and each assistant's. Pure: the report area books them on approval.

/** round(numerator / denominator), half-up, for non-negative integers. */
export const roundHalfUp = (numerator: number, denominator: number): number =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/** Size factor × 100 by the units drawn: < 125 → 1.0, 125–499 → 1.2, ≥ 500 → 1.5; types without AQL 1.0. */
export function sizeFactor(sampleSize: number, usesAql: boolean): number {
  if (!usesAql || sampleSize < 125) return 100;
  return sampleSize < 500 ? 120 : 150;
}

/** Product factor × 100: 1 + 0.1 × (products − 1), at most 1.5. */
export const productFactor = (products: number): number =>
  Math.min(150, 100 + 10 * Math.max(0, products - 1));

export interface ScoreFacts {
  /** `inspectiontype.baseScore` (× 100). */
  baseScore: number;
  sampleSize: number;
  usesAql: boolean;
  products: number;
  result: number;
  interim: boolean;
}

/** The lead inspector's score (× 100): result 1–4 the full score (interim half), 5 or 6 30 % of base. */
export function leadScore(f: ScoreFacts): number {
  if (f.result === INSPECTION_RESULT.noReport || f.result === INSPECTION_RESULT.giveUp)
    return roundHalfUp(f.baseScore * 30, 100);
  const full = roundHalfUp(
    f.baseScore * sizeFactor(f.sampleSize, f.usesAql) * productFactor(f.products),
    10_000,
  );
  return f.interim ? roundHalfUp(full, 2) : full;
}

/** Each assistant's score (× 100): round(lead × ratio); the ratio is a decimal (0.5). */
export const assistScore = (lead: number, ratio: number): number =>
  roundHalfUp(lead * Math.round(ratio * 100), 100);
