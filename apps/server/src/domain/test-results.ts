// Test result aggregation (DOMAIN.md §6.4), shared by order risks, test reports, test orders and
// production samples. Codes are the contract's TestResult: 0 Not out, 1 Pass, 2 Improve, 3 Fail,
// 4 N/A, 5 Not supplied, 6 No comment.

/** Worst first: 3 Fail > 0 Not out > 2 Improve > 5 Not supplied > 6 No comment > 1 Pass > 4 N/A. */
const SEVERITY = [3, 0, 2, 5, 6, 1, 4] as const;

/** The worst of the results; no results is 0 (not out); all N/A is 4. */
export function worstResult(results: readonly number[]): number {
  if (results.length === 0) return 0;
  for (const code of SEVERITY) if (results.includes(code)) return code;
  return 0;
}
