import type { Language } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { worstResult } from './test-results';

// Issue 25 ("beyond the peers"): a product's compliance is every published test report that
// concerns it — ours from test orders, the factory's and the client's — each with its validity,
// and the worst current result (DOMAIN.md §6.4). A report whose valid-until date has passed is
// still listed (flagged expired) but no longer counts.

/** A report as the compliance reads it: its result for the product and its valid-until date. */
export interface ComplianceInput {
  result: number;
  /** YYYY-MM-DD; null when the report has no validity limit. */
  validUntil: string | null;
  /** YYYY-MM-DD; the newest report is listed first. */
  reportDate: string | null;
}

/** Expired: the valid-until date lies before today (business dates, DOMAIN.md §0); the last day still counts. */
export const isExpired = (validUntil: string | null, today: string): boolean =>
  validUntil !== null && validUntil < today;

export interface Compliance<R> {
  /** The worst result (§6.4) of the current reports; null when no current report concerns the product. */
  result: number | null;
  /** How many of the reports have expired. */
  expired: number;
  /** Every report, newest report date first, with its `expired` flag. */
  reports: (R & { expired: boolean })[];
}

/** The compliance of one product over the published reports that concern it, on a business date. */
export function complianceOf<R extends ComplianceInput>(reports: readonly R[], today: string): Compliance<R> {
  const flagged = reports.map((r) => ({ ...r, expired: isExpired(r.validUntil, today) }));
  const current = flagged.filter((r) => !r.expired).map((r) => r.result);
  flagged.sort((a, b) => (b.reportDate ?? '').localeCompare(a.reportDate ?? ''));
  return {
    result: current.length === 0 ? null : worstResult(current),
    expired: flagged.length - current.length,
    reports: flagged,
  };
}

/**
 * The compliance in words (the order export): the worst current result, and how many reports have
 * expired — "Fail (1 expired)", "不合格（1份已过期）"; "No current report" when all have; empty without reports.
 */
export function complianceInWords(c: Compliance<ComplianceInput>, lang: Language): string {
  if (c.reports.length === 0) return '';
  const result =
    c.result === null
      ? lang === 'zh'
        ? '无有效报告'
        : 'No current report'
      : enumLabel('TestResult', c.result, lang);
  if (c.expired === 0) return result;
  return lang === 'zh' ? `${result}（${c.expired}份已过期）` : `${result} (${c.expired} expired)`;
}
