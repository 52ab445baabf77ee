import { AQL_KEYS, aqlKey, type ClassPlan, classPlan, type LotPlan, type Severity } from './plans';

// The switching rules of ISO 2859-1 §9 on the Z1.4 tables (issue 27), per client × factory ×
// inspection type: normal ⇄ tightened, normal ⇄ reduced, discontinuation. Pure: the state is never
// stored, it is the replay of the lots that count (approved, non-interim final reports, re-inspections
// excluded, in inspection-date order) and of the QC managers' decisions, so a reopened and re-approved
// report changes the history the next replay reads.

/** One lot as the switching rules read it: its plan as applied and its defect counts. */
export interface SwitchingLot {
  at: string;
  /** Who the history names (the report no). */
  ref: string;
  /** The severity the report was created on (its plan's table). */
  severity: Severity;
  /** The Table 1 letter and the AQLs of the lot (the score asks the normal table at them). */
  letter: string;
  aql: { major: string; minor: string };
  plan: Pick<LotPlan, 'critical' | 'major' | 'minor'>;
  counts: { critical: number; major: number; minor: number };
}

/** A QC manager's decision (`aql/severity/update`). */
export type SwitchingDecision = 'approveReduced' | 'resume' | 'reinstateNormal';

export interface SwitchingEvent {
  at: string;
  ref: string;
  decision: SwitchingDecision;
}

/** Why the severity is what it is (the reason of the last change). */
export type SwitchingReason =
  | 'START'
  | 'TWO_OF_FIVE'
  | 'FIVE_ACCEPTED'
  | 'FIVE_NOT_ACCEPTED'
  | 'RESUMED'
  | 'REDUCED_APPROVED'
  | 'REDUCED_NOT_ACCEPTED'
  | 'REDUCED_GAP'
  | 'NORMAL_REINSTATED';

export interface SwitchingState {
  severity: Severity;
  discontinued: boolean;
  /** Switching score (normal only; from 0 on entering normal). */
  score: number;
  reason: SwitchingReason;
  /** Acceptance of the last lots on normal, newest last (at most 5). */
  recent: boolean[];
  /** On tightened: consecutive accepted lots, and not-accepted lots in all. */
  tightenedAccepted: number;
  tightenedNotAccepted: number;
}

export interface HistoryEntry {
  at: string;
  ref: string;
  kind: 'lot' | 'decision';
  /** Lots: accepted by the AQL verdict; decisions: whether it applied to the state it met. */
  accepted: boolean;
  severity: Severity;
  discontinued: boolean;
  score: number;
  reason: SwitchingReason;
}

/** The score that makes reduced inspection possible (with a QC manager's approval). */
export const REDUCED_SCORE = 30;
const WINDOW = 5;

export const INITIAL_STATE: SwitchingState = {
  severity: 'normal',
  discontinued: false,
  score: 0,
  reason: 'START',
  recent: [],
  tightenedAccepted: 0,
  tightenedNotAccepted: 0,
};

const enter = (severity: Severity, reason: SwitchingReason, discontinued = false): SwitchingState => ({
  ...INITIAL_STATE,
  severity,
  reason,
  discontinued,
});

type Counts = SwitchingLot['counts'];
const accepted = (plan: ClassPlan, count: number) => count < plan.re;

/** §6.2 rule 2: a lot is accepted when no class reaches its Re. */
export function lotIsAccepted(lot: Pick<SwitchingLot, 'plan' | 'counts'>): boolean {
  const { plan, counts } = lot;
  return (
    accepted(plan.critical, counts.critical) &&
    accepted(plan.major, counts.major) &&
    accepted(plan.minor, counts.minor)
  );
}

/** The next tighter (smaller) AQL column, or null at the table's edge. */
function tighterKey(aql: string): string | null {
  const key = aqlKey(aql);
  const i = key === null ? -1 : AQL_KEYS.indexOf(key);
  return i > 0 ? AQL_KEYS[i - 1]! : null;
}

/**
 * One class's switching-score step on normal inspection: where Ac ≥ 2, +3 when the lot would also
 * have been accepted one AQL tighter in the same code-letter row (an arrow there counts as Ac 0),
 * else a reset; where Ac is 0 or 1, +2 when accepted, else a reset.
 */
export function classScoreStep(letter: string, aql: string, count: number): number | 'reset' {
  const plan = classPlan('normal', letter, aql);
  if (plan.ac < 2) return count <= plan.ac ? 2 : 'reset';
  const tighter = tighterKey(aql);
  let tighterAc = 0;
  if (tighter !== null) {
    const cell = classPlan('normal', letter, tighter);
    // An arrow there leads to another row: it counts as Ac 0.
    tighterAc = cell.n === plan.n ? cell.ac : 0;
  }
  return count <= tighterAc ? 3 : 'reset';
}

/** The lot's score step: the smaller of its major and minor steps; a reset wins. */
export function lotScoreStep(lot: Pick<SwitchingLot, 'letter' | 'aql'>, counts: Counts): number | 'reset' {
  const major = classScoreStep(lot.letter, lot.aql.major, counts.major);
  const minor = classScoreStep(lot.letter, lot.aql.minor, counts.minor);
  if (major === 'reset' || minor === 'reset') return 'reset';
  return Math.min(major, minor);
}

/** Z1.4's reduced gap: a class count above its Ac but below its Re (accepted, normal reinstated). */
const inGap = (lot: SwitchingLot) =>
  (['critical', 'major', 'minor'] as const).some(
    (c) => lot.counts[c] > lot.plan[c].ac && lot.counts[c] < lot.plan[c].re,
  );

/** The state after one lot. A discontinued supplier's lots change nothing until it is resumed. */
export function afterLot(state: SwitchingState, lot: SwitchingLot): SwitchingState {
  if (state.discontinued) return state;
  const ok = lotIsAccepted(lot);
  switch (state.severity) {
    case 'normal': {
      const recent = [...state.recent, ok].slice(-WINDOW);
      if (recent.filter((a) => !a).length >= 2) return enter('tightened', 'TWO_OF_FIVE');
      const step = ok ? lotScoreStep(lot, lot.counts) : 'reset';
      const score = step === 'reset' ? 0 : state.score + step;
      return { ...state, recent, score };
    }
    case 'tightened': {
      if (ok) {
        const run = state.tightenedAccepted + 1;
        if (run >= WINDOW) return enter('normal', 'FIVE_ACCEPTED');
        return { ...state, tightenedAccepted: run };
      }
      const notAccepted = state.tightenedNotAccepted + 1;
      if (notAccepted >= WINDOW) return { ...state, discontinued: true, reason: 'FIVE_NOT_ACCEPTED' };
      return { ...state, tightenedAccepted: 0, tightenedNotAccepted: notAccepted };
    }
    case 'reduced':
      if (!ok) return enter('normal', 'REDUCED_NOT_ACCEPTED');
      if (inGap(lot)) return enter('normal', 'REDUCED_GAP');
      return state;
  }
}

/** Whether a decision applies to the state it meets (else it is kept in the history, not applied). */
export function decisionApplies(state: SwitchingState, decision: SwitchingDecision): boolean {
  switch (decision) {
    case 'approveReduced':
      return !state.discontinued && state.severity === 'normal' && state.score >= REDUCED_SCORE;
    case 'resume':
      return state.discontinued;
    case 'reinstateNormal':
      return !state.discontinued && state.severity === 'reduced';
  }
}

export function afterDecision(state: SwitchingState, decision: SwitchingDecision): SwitchingState {
  if (!decisionApplies(state, decision)) return state;
  switch (decision) {
    case 'approveReduced':
      return enter('reduced', 'REDUCED_APPROVED');
    case 'resume':
      return enter('tightened', 'RESUMED');
    case 'reinstateNormal':
      return enter('normal', 'NORMAL_REINSTATED');
  }
}

/**
 * The replay: lots and decisions in time order (a decision on the same instant as a lot comes
 * after it), from normal. Answers the state now and the history, oldest first.
 */
export function replaySwitching(
  lots: readonly SwitchingLot[],
  decisions: readonly SwitchingEvent[],
): { state: SwitchingState; history: HistoryEntry[] } {
  type Step = { at: string; order: number; lot?: SwitchingLot; event?: SwitchingEvent };
  const steps: Step[] = [
    ...lots.map((lot, i) => ({ at: lot.at, order: i, lot })),
    ...decisions.map((event, i) => ({ at: event.at, order: lots.length + i, event })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order));
  let state = INITIAL_STATE;
  const history: HistoryEntry[] = [];
  for (const step of steps) {
    const entry = step.lot
      ? { ref: step.lot.ref, kind: 'lot' as const, accepted: lotIsAccepted(step.lot) }
      : {
          ref: step.event!.ref,
          kind: 'decision' as const,
          accepted: decisionApplies(state, step.event!.decision),
        };
    state = step.lot ? afterLot(state, step.lot) : afterDecision(state, step.event!.decision);
    history.push({
      at: step.at,
      ...entry,
      severity: state.severity,
      discontinued: state.discontinued,
      score: state.score,
      reason: state.reason,
    });
  }
  return { state, history };
}
