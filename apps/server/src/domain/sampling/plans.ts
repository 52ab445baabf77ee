import z14 from './data/z14-single-plans.json';
import { CODE_LETTERS } from './iso2859-1';

// Single sampling plans (DOMAIN.md §6.2) from one source: ANSI/ASQ Z1.4 Tables II-A/B/C (= ISO
// 2859-1 Tables 2-A/B/C), normal, tightened and reduced, with the arrows already followed. Pure:
// inspection reports, the `aql/plan` read and the switching rules all ask here.

export type Severity = 'normal' | 'tightened' | 'reduced';
export const SEVERITIES: readonly Severity[] = ['normal', 'tightened', 'reduced'];

/** The AQL columns as the table prints them ("0.010", "1.0", "10"). */
export const AQL_KEYS: readonly string[] = z14.aqls;

type Row = Record<string, readonly [number, number, number]>;
const TABLES = z14 as unknown as Record<Severity, Record<string, Row>>;

/** One class's plan: the letter of the row the arrows lead to, its sample size and Ac/Re. */
export interface ClassPlan {
  letter: string;
  n: number;
  ac: number;
  re: number;
}

/**
 * The table's key of an AQL given as a number or a string (2.5, "2.5", 1, "1.0", 0.1, "0.10"), or
 * null when it is not a column of the table.
 */
export function aqlKey(aql: number | string): string | null {
  const value = Number(aql);
  if (!Number.isFinite(value)) return null;
  return AQL_KEYS.find((key) => Number(key) === value) ?? null;
}

/** Sample size of each code letter without arrows, per severity (tightened adds S = 3150). */
const OWN_N: Record<Severity, readonly number[]> = {
  normal: [2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000],
  tightened: [2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000, 3150],
  reduced: [2, 2, 2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800],
};
const LETTERS_WITH_S = [...CODE_LETTERS, 'S'] as const;

/** The letter of the row an arrow led to: the nearest row, from `letter`, whose own n is `n`. */
function rowLetter(severity: Severity, letter: string, n: number): string {
  const sizes = OWN_N[severity];
  const from = CODE_LETTERS.indexOf(letter as (typeof CODE_LETTERS)[number]);
  let best = -1;
  for (let i = 0; i < sizes.length; i++) {
    if (sizes[i] === n && (best < 0 || Math.abs(i - from) < Math.abs(best - from))) best = i;
  }
  return LETTERS_WITH_S[best] ?? letter;
}

/**
 * The plan of one class at a code letter and AQL (§6.2 step 4). AQL 0 and critical defects take
 * Ac 0 / Re 1 at the letter's own sample size (step 5). Throws on a letter or AQL outside the table
 * (the contract keeps AQLs to the table's values).
 */
export function classPlan(severity: Severity, letter: string, aql: number | string): ClassPlan {
  const own = OWN_N[severity][CODE_LETTERS.indexOf(letter as (typeof CODE_LETTERS)[number])];
  if (own === undefined) throw new Error(`no code letter ${letter}`);
  if (Number(aql) === 0) return { letter, n: own, ac: 0, re: 1 };
  const key = aqlKey(aql);
  const cell = key === null ? undefined : TABLES[severity][letter]?.[key];
  if (!cell) throw new Error(`AQL ${aql} is not a column of the ${severity} table`);
  const [n, ac, re] = cell;
  return { letter: rowLetter(severity, letter, n), n, ac, re };
}

export interface LotPlan {
  letter: string;
  /** Units drawn: the largest n of the classes, capped at the lot. */
  drawn: number;
  hundredPercent: boolean;
  critical: ClassPlan;
  major: ClassPlan;
  minor: ClassPlan;
}

/** Every class's plan for a lot, each n capped at the lot size (100 % inspection). */
export function lotPlan(
  severity: Severity,
  letter: string,
  lotSize: number,
  aql: { major: number | string; minor: number | string },
): LotPlan {
  const cap = (plan: ClassPlan): ClassPlan => ({ ...plan, n: Math.min(plan.n, Math.max(1, lotSize)) });
  const critical = cap(classPlan(severity, letter, 0));
  const major = cap(classPlan(severity, letter, aql.major));
  const minor = cap(classPlan(severity, letter, aql.minor));
  const largest = Math.max(critical.n, major.n, minor.n);
  return { letter, drawn: largest, hundredPercent: largest >= lotSize, critical, major, minor };
}

/** A class is not accepted once its count reaches Re (§6.3 rule 2). */
export const classAccepted = (plan: ClassPlan, defects: number): boolean => defects < plan.re;

/** The lot is accepted when no class reaches its Re. */
export function lotAccepted(plan: LotPlan, counts: { critical: number; major: number; minor: number }) {
  return (
    classAccepted(plan.critical, counts.critical) &&
    classAccepted(plan.major, counts.major) &&
    classAccepted(plan.minor, counts.minor)
  );
}
