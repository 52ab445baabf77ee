import type { ProductTestStatus } from '@qcdesk/contract/order';
import { worstResult } from './test-results';

// Issue 25: a product's test status from everything that concerns it (DOMAIN.md §6.4): its order
// risk and the published test reports it is on. Shown on the order, order-risk and production-sample
// screens and in the order exports (modules/order/order-test-status.service.ts reads the inputs).

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
    : worstResult(report.itemResults);

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
  const worst = worstResult(results);
  if (worst === 3 || worst === 2) return 'failed';
  if (worst === 1) return 'passed';
  if (worst === 4) return risk?.status === RISK_WAIVED ? 'waived' : 'passed';
  return 'open';
}
