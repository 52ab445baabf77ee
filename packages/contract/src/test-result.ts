import type { ProductTestStatus } from './order';

// Test results (DOMAIN.md §3.1 TestResult, §6.4): the one worst-of, and a product's test status
// from everything that concerns it. Pure: the server derives with it and the tests table it.

/** DOMAIN.md §6.4, worst first: 3 Fail > 0 Not out > 2 Improve > 5 Not supplied > 6 No comment > 1 Pass > 4 N/A. */
export const TEST_RESULT_SEVERITY = [3, 0, 2, 5, 6, 1, 4] as const;

/** The worst of the results (§6.4); no results is 0 (not out); all N/A is 4. */
export function worstTestResult(results: readonly number[]): number {
  if (results.length === 0) return 0;
  for (const code of TEST_RESULT_SEVERITY) if (results.includes(code)) return code;
  return 0;
}

/** A published report as it concerns one of its products. */
export interface PublishedResult {
  /** The report's result (the worst of all its items, or a worse one set by hand). */
  reportResult: number;
  /** How many products the report covers. */
  productCount: number;
  /** The results of this product's items in the report. */
  itemResults: readonly number[];
}

/**
 * What a published report says of one product: the report's own result when the product is all it
 * covers (a result set by hand counts), else the worst of the product's own items (another
 * product's fail is not this one's).
 */
export const resultForProduct = (report: PublishedResult): number =>
  report.productCount <= 1 || report.itemResults.length === 0
    ? report.reportResult
    : worstTestResult(report.itemResults);

/** A product test status in words (the exports; the web's are in its `widgets.testStatus` texts). */
export const PRODUCT_TEST_STATUS_LABELS: Readonly<
  Record<ProductTestStatus, { readonly zh: string; readonly en: string }>
> = {
  none: { zh: '无风险', en: 'No risk' },
  open: { zh: '未完成', en: 'Open' },
  passed: { zh: '通过', en: 'Passed' },
  failed: { zh: '未通过', en: 'Failed' },
  waived: { zh: '豁免', en: 'Waived' },
};

/** The order-risk statuses (DOMAIN.md §3.2 OrderRiskStatus) the status reads. */
const RISK_DONE = 30;
const RISK_WAIVED = 40;

/**
 * Issue 25: a product's test status is the worst (§6.4) of every published result that concerns it
 * (its own items in every published report, whether or not its order risk asked for them) and of
 * its order risk: a risk still testing (10, 20) counts as not out, a done one (30) as its result, a
 * waived one (40) as N/A. Fail or improve → failed; not out, not supplied or no comment → open;
 * pass → passed; N/A → waived when the risk was waived, else passed; nothing at all → none.
 */
export function productTestStatus(
  risk: { status: number; result: number } | null | undefined,
  published: readonly PublishedResult[] = [],
): ProductTestStatus {
  const results = published.map(resultForProduct);
  if (risk) {
    if (risk.status === RISK_WAIVED) results.push(4);
    else results.push(risk.status === RISK_DONE ? risk.result : 0);
  }
  if (results.length === 0) return 'none';
  const worst = worstTestResult(results);
  if (worst === 3 || worst === 2) return 'failed';
  if (worst === 1) return 'passed';
  if (worst === 4) return risk?.status === RISK_WAIVED ? 'waived' : 'passed';
  return 'open';
}
