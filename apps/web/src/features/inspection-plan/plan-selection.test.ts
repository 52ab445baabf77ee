import { describe, expect, it } from 'vitest';
import {
  chooseSlot,
  createInput,
  draftLoad,
  draftProblems,
  emptyDraft,
  type PlanDraft,
  setAssistants,
  setLead,
  stepManDays,
  toggleApplication,
  toggleAssistant,
  updateInput,
  validManDays,
  weekOf,
} from './plan-selection';

const TODAY = '2026-12-01';
const ready = (over: Partial<PlanDraft> = {}): PlanDraft => ({
  ...emptyDraft(),
  factoryId: 'f1',
  applyIds: ['a1', 'a2'],
  leadInspectorId: 'u1',
  planDate: '2026-12-02',
  ...over,
});

describe('board selection: applications of one factory', () => {
  it('ticks and unticks applications of the factory', () => {
    let d = toggleApplication(emptyDraft(), { id: 'a1', factoryId: 'f1' }).draft;
    d = toggleApplication(d, { id: 'a2', factoryId: 'f1' }).draft;
    expect(d).toMatchObject({ factoryId: 'f1', applyIds: ['a1', 'a2'] });
    d = toggleApplication(d, { id: 'a1', factoryId: 'f1' }).draft;
    expect(d.applyIds).toEqual(['a2']);
    d = toggleApplication(d, { id: 'a2', factoryId: 'f1' }).draft;
    expect(d).toMatchObject({ factoryId: null, applyIds: [] });
  });

  it('starts a new selection when an application of another factory is ticked', () => {
    const first = toggleApplication(ready(), { id: 'b1', factoryId: 'f2' });
    expect(first.switched).toBe(true);
    expect(first.draft).toMatchObject({ factoryId: 'f2', applyIds: ['b1'], leadInspectorId: 'u1' });
  });

  it('refuses a 101st application', () => {
    const full = ready({ applyIds: Array.from({ length: 100 }, (_, i) => `a${i}`) });
    const next = toggleApplication(full, { id: 'x', factoryId: 'f1' });
    expect(next.full).toBe(true);
    expect(next.draft.applyIds).toHaveLength(100);
  });
});

describe('board selection: inspectors', () => {
  it('a grid cell makes the inspector lead from that day, out of the assistants', () => {
    const d = chooseSlot(ready({ assistantIds: ['u2', 'u3'], endDate: '2026-12-01' }), 'u2', '2026-12-03');
    expect(d).toMatchObject({
      leadInspectorId: 'u2',
      assistantIds: ['u3'],
      planDate: '2026-12-03',
      endDate: null,
    });
    expect(chooseSlot(ready({ endDate: '2026-12-05' }), 'u1', '2026-12-03').endDate).toBe('2026-12-05');
  });

  it('keeps at most 5 assistants, never the lead, no one twice', () => {
    expect(setAssistants(ready(), ['u1', 'u2', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7']).assistantIds).toEqual([
      'u2',
      'u3',
      'u4',
      'u5',
      'u6',
    ]);
    const five = ready({ assistantIds: ['u2', 'u3', 'u4', 'u5', 'u6'] });
    expect(toggleAssistant(five, 'u7')).toEqual({ draft: five, full: true });
    expect(toggleAssistant(five, 'u2').draft.assistantIds).toEqual(['u3', 'u4', 'u5', 'u6']);
    expect(toggleAssistant(five, 'u1').draft).toBe(five);
    expect(setLead(five, 'u3').assistantIds).toEqual(['u2', 'u4', 'u5', 'u6']);
  });
});

describe('man-days in steps of 0.5', () => {
  it.each([
    [0.5, true],
    [1, true],
    [2.5, true],
    [30, true],
    [0.3, false],
    [1.2, false],
    [0, false],
    [30.5, false],
    [null, false],
    [Number.NaN, false],
  ])('%s valid: %s', (value, valid) => expect(validManDays(value)).toBe(valid));

  it.each([
    [1, 1, 1.5],
    [1, -1, 0.5],
    [0.5, -1, 0.5],
    [30, 1, 30],
    [1.2, 1, 1.5],
    [1.2, -1, 1],
    [null, 1, 1.5],
  ] as const)('%s stepped %s is %s', (value, direction, next) =>
    expect(stepManDays(value, direction)).toBe(next),
  );
});

describe('the create input', () => {
  it('is the draft as the contract takes it', () => {
    expect(
      createInput(ready({ assistantIds: ['u2'], manDays: 1.5, remark: '  bring gauges ' }), TODAY, true),
    ).toEqual({
      applyIds: ['a1', 'a2'],
      planDate: '2026-12-02',
      leadInspectorId: 'u1',
      assistantIds: ['u2'],
      manDays: 1.5,
      remark: 'bring gauges',
      dispatch: true,
    });
    expect(createInput(ready({ endDate: '2026-12-04' }), TODAY)).toMatchObject({
      endDate: '2026-12-04',
      dispatch: false,
    });
  });

  it('is null while something is missing or wrong', () => {
    expect(draftProblems(emptyDraft(), TODAY)).toEqual(['applications', 'lead', 'planDate']);
    expect(draftProblems(ready({ planDate: '2026-11-30' }), TODAY)).toEqual(['planDate']);
    expect(draftProblems(ready({ endDate: '2026-12-01' }), TODAY)).toEqual(['endDate']);
    expect(draftProblems(ready({ manDays: 0.3 }), TODAY)).toEqual(['manDays']);
    expect(createInput(ready({ manDays: 1.2 }), TODAY)).toBeNull();
    expect(createInput(ready({ leadInspectorId: null }), TODAY)).toBeNull();
  });
});

describe('the update input', () => {
  const plan = {
    id: '7',
    version: 3,
    factory: { id: 'f1' },
    planDate: '2026-11-20',
    endDate: '2026-11-20',
    leadInspector: { id: 'u1' },
    assistants: [{ id: 'u2' }],
    manDays: '1.0',
    remark: null,
    tasks: [{ applyId: 'a1' }],
  };
  it('sends only what changed; an unchanged past date is not checked', () => {
    const draft = {
      ...chooseSlot(ready(), 'u1', '2026-11-20'),
      assistantIds: ['u2'],
      manDays: 1,
      endDate: '2026-11-20',
    };
    expect(updateInput(plan, draft, TODAY)).toEqual({ id: '7', version: 3 });
    expect(updateInput(plan, { ...draft, manDays: 2, assistantIds: ['u3'] }, TODAY)).toEqual({
      id: '7',
      version: 3,
      manDays: 2,
      assistantIds: ['u3'],
    });
    expect(updateInput(plan, { ...draft, planDate: '2026-11-21' }, TODAY)).toBeNull();
  });
});

it('a week runs Monday to Sunday', () => {
  expect(weekOf('2026-12-03')).toEqual([
    '2026-11-30',
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-04',
    '2026-12-05',
    '2026-12-06',
  ]);
  expect(weekOf('2026-11-30')[0]).toBe('2026-11-30');
  expect(weekOf('2026-12-06')[0]).toBe('2026-11-30');
});

describe('the grid preview of the draft', () => {
  const draft = ready({ assistantIds: ['u2'], planDate: '2026-12-04', endDate: '2026-12-07', manDays: 2 });
  it('spreads man-days over the weekdays of the plan, for the lead and the assistants', () => {
    // Fri 12-04 .. Mon 12-07: two weekdays
    expect(draftLoad(draft, 'u1', '2026-12-04')).toBe(1);
    expect(draftLoad(draft, 'u2', '2026-12-07')).toBe(1);
    expect(draftLoad(draft, 'u1', '2026-12-05')).toBe(0);
    expect(draftLoad(draft, 'u3', '2026-12-04')).toBe(0);
    expect(draftLoad(draft, 'u1', '2026-12-08')).toBe(0);
  });
  it('counts a single day whole, and nothing for an invalid draft', () => {
    expect(draftLoad(ready({ manDays: 1.5 }), 'u1', '2026-12-02')).toBe(1.5);
    expect(draftLoad(ready({ planDate: '2026-12-05', manDays: 1 }), 'u1', '2026-12-05')).toBe(1);
    expect(draftLoad(ready({ manDays: 0.3 }), 'u1', '2026-12-02')).toBe(0);
  });
});
