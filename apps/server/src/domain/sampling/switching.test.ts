import { describe, expect, it } from 'vitest';
import { lotPlan, type Severity } from './plans';
import {
  afterDecision,
  afterLot,
  classScoreStep,
  INITIAL_STATE,
  lotScoreStep,
  REDUCED_SCORE,
  replaySwitching,
  type SwitchingLot,
  type SwitchingState,
} from './switching';

// ISO 2859-1 §9 on the Z1.4 tables: every transition and score step, table-driven. Lots are letter K
// (n 125 on normal), major 2.5 (normal Ac 7, tightened 5, reduced 3/6), minor 4.0 (10, 8, 5/8).

let day = 0;
function lot(severity: Severity, major: number, minor = 0, critical = 0, letter = 'K'): SwitchingLot {
  day += 1;
  const plan = lotPlan(severity, letter, 3000, { major: '2.5', minor: '4.0' });
  return {
    at: `2026-01-${String(day).padStart(2, '0')}`,
    ref: `R${day}`,
    severity,
    letter,
    aql: { major: '2.5', minor: '4.0' },
    plan,
    counts: { critical, major, minor },
  };
}

const run = (state: SwitchingState, lots: SwitchingLot[]) => lots.reduce(afterLot, state);
const on = (severity: Severity, extra: Partial<SwitchingState> = {}): SwitchingState => ({
  ...INITIAL_STATE,
  severity,
  ...extra,
});

describe('switching score steps', () => {
  it.each([
    // letter, aql, count, step
    ['K', '2.5', 5, 3], // Ac 7 ≥ 2: accepted at 1.5 too (Ac 5)
    ['K', '2.5', 6, 'reset'], // accepted at 2.5, not at 1.5
    ['K', '4.0', 7, 3], // Ac 10; at 2.5 Ac 7
    ['K', '4.0', 8, 'reset'],
    ['G', '2.5', 1, 3], // Ac 2; at 1.5 Ac 1 (same row)
    ['G', '2.5', 2, 'reset'],
    ['D', '2.5', 0, 2], // arrow to C: Ac 0, +2 when accepted
    ['D', '2.5', 1, 'reset'],
    ['D', '4.0', 1, 2], // arrow to E: Ac 1
    ['D', '4.0', 2, 'reset'],
    ['H', '1.0', 1, 2], // H 1.0: n 50, Ac 1
  ] as const)('%s at %s with %i defects → %s', (letter, aql, count, step) => {
    expect(classScoreStep(letter, aql, count)).toBe(step);
  });

  it('an arrow one column tighter counts as Ac 0', () => {
    // F 100 points up to n 13 (Ac 21); F 65 is another row (n 20): one step tighter is Ac 0.
    expect(classScoreStep('F', '100', 0)).toBe(3);
    expect(classScoreStep('F', '100', 1)).toBe('reset');
    // E 6.5 (n 13, Ac 2) is beside E 4.0 in the same row (Ac 1).
    expect(classScoreStep('E', '6.5', 1)).toBe(3);
  });

  it('takes the smaller of major and minor; a reset of either wins', () => {
    const l = lot('normal', 0);
    expect(lotScoreStep(l, { critical: 0, major: 0, minor: 0 })).toBe(3);
    expect(
      lotScoreStep({ letter: 'D', aql: { major: '2.5', minor: '6.5' } }, { critical: 0, major: 0, minor: 0 }),
    ).toBe(2);
    expect(lotScoreStep(l, { critical: 0, major: 6, minor: 0 })).toBe('reset');
  });
});

describe('normal', () => {
  it('stays normal on one not-accepted lot among five, and tightens on two of five', () => {
    const once = run(INITIAL_STATE, [lot('normal', 8), lot('normal', 0), lot('normal', 0), lot('normal', 0)]);
    expect(once.severity).toBe('normal');
    const twice = afterLot(once, lot('normal', 0, 11));
    expect(twice).toMatchObject({ severity: 'tightened', reason: 'TWO_OF_FIVE', score: 0 });
  });

  it('does not tighten when the two not-accepted lots are six lots apart', () => {
    const lots = [lot('normal', 8), ...Array.from({ length: 4 }, () => lot('normal', 0)), lot('normal', 8)];
    expect(run(INITIAL_STATE, lots).severity).toBe('normal');
  });

  it('a critical defect is a not-accepted lot', () => {
    const s = run(INITIAL_STATE, [lot('normal', 0, 0, 1), lot('normal', 0, 0, 1)]);
    expect(s.severity).toBe('tightened');
  });

  it('counts the score up by the lot step, resets it, and reaches 30 in ten clean lots', () => {
    let s = run(INITIAL_STATE, [lot('normal', 2), lot('normal', 3)]);
    expect(s.score).toBe(6);
    s = afterLot(s, lot('normal', 6)); // accepted, but not one step tighter
    expect(s.score).toBe(0);
    s = run(
      s,
      Array.from({ length: 10 }, () => lot('normal', 0)),
    );
    expect(s.score).toBe(REDUCED_SCORE);
    expect(s.severity).toBe('normal'); // reduced needs a QC manager
  });

  it('a not-accepted lot resets the score', () => {
    const s = run(on('normal', { score: 27 }), [lot('normal', 9)]);
    expect(s.score).toBe(0);
  });
});

describe('tightened', () => {
  it('returns to normal after five consecutive accepted lots, with the score from 0', () => {
    const s = run(
      on('tightened'),
      Array.from({ length: 5 }, () => lot('tightened', 5)),
    );
    expect(s).toMatchObject({ severity: 'normal', reason: 'FIVE_ACCEPTED', score: 0, recent: [] });
  });

  it('a not-accepted lot restarts the run of five', () => {
    const lots = [...Array.from({ length: 4 }, () => lot('tightened', 0)), lot('tightened', 6)];
    const s = run(on('tightened'), [...lots, ...Array.from({ length: 4 }, () => lot('tightened', 0))]);
    expect(s).toMatchObject({ severity: 'tightened', tightenedAccepted: 4, tightenedNotAccepted: 1 });
  });

  it('is discontinued at five not-accepted lots in all, and a lot then changes nothing', () => {
    const lots = [6, 0, 6, 0, 6, 6, 0, 6].map((major) => lot('tightened', major));
    const s = run(on('tightened'), lots);
    expect(s).toMatchObject({ discontinued: true, reason: 'FIVE_NOT_ACCEPTED' });
    expect(afterLot(s, lot('tightened', 0))).toBe(s);
  });

  it('a resume restarts on tightened with the counters reset', () => {
    const stopped = on('tightened', { discontinued: true, tightenedNotAccepted: 5 });
    expect(afterDecision(stopped, 'resume')).toMatchObject({
      severity: 'tightened',
      discontinued: false,
      tightenedNotAccepted: 0,
      reason: 'RESUMED',
    });
    expect(afterDecision(on('tightened'), 'resume').reason).toBe('START'); // not discontinued: no change
  });
});

describe('reduced', () => {
  it('is reached only with the approval, and only from a score of 30', () => {
    expect(afterDecision(on('normal', { score: 29 }), 'approveReduced').severity).toBe('normal');
    expect(afterDecision(on('normal', { score: 30 }), 'approveReduced')).toMatchObject({
      severity: 'reduced',
      reason: 'REDUCED_APPROVED',
    });
  });

  it.each([
    [3, 'reduced', 'REDUCED_APPROVED'], // Ac 3: accepted, stays
    [4, 'normal', 'REDUCED_GAP'], // between Ac 3 and Re 6: accepted, but normal is reinstated
    [6, 'normal', 'REDUCED_NOT_ACCEPTED'],
  ] as const)('a lot with %i majors → %s (%s)', (major, severity, reason) => {
    const s = afterLot(on('reduced', { reason: 'REDUCED_APPROVED' }), lot('reduced', major));
    expect(s).toMatchObject({ severity, reason });
  });

  it('a QC manager may reinstate normal', () => {
    expect(afterDecision(on('reduced'), 'reinstateNormal')).toMatchObject({
      severity: 'normal',
      reason: 'NORMAL_REINSTATED',
    });
  });
});

describe('the replay', () => {
  it('runs lots and decisions in time order and keeps a decision that did not apply', () => {
    const lots = Array.from({ length: 10 }, () => lot('normal', 0));
    const at = lots[9]!.at;
    const early = { at: lots[4]!.at, ref: 'early', decision: 'approveReduced' as const };
    const ok = { at, ref: 'qc', decision: 'approveReduced' as const };
    const { state, history } = replaySwitching(lots, [ok, early]);
    expect(state).toMatchObject({ severity: 'reduced', reason: 'REDUCED_APPROVED' });
    expect(history.map((h) => `${h.ref}:${h.accepted}`)).toContain('early:false');
    expect(history.at(-1)).toMatchObject({
      ref: 'qc',
      kind: 'decision',
      accepted: true,
      severity: 'reduced',
    });
  });
});
