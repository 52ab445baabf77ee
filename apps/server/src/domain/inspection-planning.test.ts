import { describe, expect, it } from 'vitest';
import { ADJUSTED_REST_DAY, ADJUSTED_WORKING_DAY, type HolidayCalendar, STATUTORY_HOLIDAY } from './calendar';
import {
  busyDays,
  closedDates,
  inspectorLoad,
  lateDeliveries,
  manDaysPerDay,
  nonWorkingDates,
  type PlanLoad,
  planIssue,
  planWarnings,
  planWorkingDays,
  SCHEDULE_CLOSURE,
  validManDays,
} from './inspection-planning';

// 2026-10: the National Day week (1–2 statutory, 5–7 adjusted rest), Sunday 10-11 an adjusted
// working day. 2026-10-09 is a Friday, 10-10 a Saturday, 10-12 a Monday.
const entry = (date: string, dayType: number) =>
  [date, { date, dayType, nameZh: null, nameEn: null }] as const;
const october: HolidayCalendar = new Map([
  entry('2026-10-01', STATUTORY_HOLIDAY),
  entry('2026-10-02', STATUTORY_HOLIDAY),
  entry('2026-10-05', ADJUSTED_REST_DAY),
  entry('2026-10-06', ADJUSTED_REST_DAY),
  entry('2026-10-07', ADJUSTED_REST_DAY),
  entry('2026-10-11', ADJUSTED_WORKING_DAY),
]);

const plan = (over: Partial<PlanLoad<number>> = {}): PlanLoad<number> => ({
  planDate: '2026-10-08',
  endDate: null,
  manDays: 1,
  leadInspectorId: 1,
  assistantIds: [],
  ...over,
});

describe('a plan spreads its man-days over its working days (§2.6, §6.7)', () => {
  it.each([
    ['2026-10-08', null, ['2026-10-08']],
    ['2026-10-08', '2026-10-12', ['2026-10-08', '2026-10-09', '2026-10-11', '2026-10-12']],
    ['2026-09-30', '2026-10-08', ['2026-09-30', '2026-10-08']],
    // wholly on rest days: spread over them, not lost
    ['2026-10-03', '2026-10-04', ['2026-10-03', '2026-10-04']],
  ])('%s..%s works on %j', (from, to, days) => {
    expect(planWorkingDays(october, from, to)).toEqual(days);
  });

  it.each([
    [1, '2026-10-08', null, { '2026-10-08': 1 }],
    ['1.5', '2026-10-08', '2026-10-09', { '2026-10-08': 0.75, '2026-10-09': 0.75 }],
    [2, '2026-10-09', '2026-10-12', { '2026-10-09': 2 / 3, '2026-10-11': 2 / 3, '2026-10-12': 2 / 3 }],
    [0.5, '2026-10-10', null, { '2026-10-10': 0.5 }],
  ])('%s man-days on %s..%s', (manDays, planDate, endDate, expected) => {
    const perDay = manDaysPerDay(october, plan({ manDays, planDate, endDate }));
    expect(Object.fromEntries(perDay)).toEqual(expected);
  });

  it('counts them for the lead and each assistant, across plans', () => {
    const load = inspectorLoad(october, [
      plan({ leadInspectorId: 1, assistantIds: [2, 3], manDays: 1, endDate: '2026-10-09' }),
      plan({ leadInspectorId: 2, manDays: 0.5, planDate: '2026-10-09' }),
    ]);
    expect(Object.fromEntries(load.get(1) ?? [])).toEqual({ '2026-10-08': 0.5, '2026-10-09': 0.5 });
    expect(Object.fromEntries(load.get(2) ?? [])).toEqual({ '2026-10-08': 0.5, '2026-10-09': 1 });
    expect(Object.fromEntries(load.get(3) ?? [])).toEqual({ '2026-10-08': 0.5, '2026-10-09': 0.5 });
    expect(load.has(4)).toBe(false);
  });
});

describe('W_INSPECTOR_BUSY: anyone over 1.0 man-day on a date across plans (§4.2)', () => {
  it.each([
    ['a free inspector', plan(), [], []],
    ['exactly one day is not busy', plan({ manDays: 0.5 }), [plan({ manDays: 0.5 })], []],
    [
      'the lead booked elsewhere',
      plan({ manDays: 0.5 }),
      [plan({ manDays: 1 })],
      [{ inspectorId: 1, date: '2026-10-08', manDays: 1.5 }],
    ],
    [
      'an assistant booked as lead elsewhere',
      plan({ assistantIds: [7] }),
      [plan({ leadInspectorId: 7, manDays: 0.5 })],
      [{ inspectorId: 7, date: '2026-10-08', manDays: 1.5 }],
    ],
    [
      'only the overlapping date of a longer plan',
      plan({ manDays: 2, endDate: '2026-10-09' }),
      [plan({ planDate: '2026-10-09', manDays: 0.5 })],
      [{ inspectorId: 1, date: '2026-10-09', manDays: 1.5 }],
    ],
    ['another inspector booked', plan(), [plan({ leadInspectorId: 2 })], []],
    [
      'two man-days on one date alone',
      plan({ manDays: 2 }),
      [],
      [{ inspectorId: 1, date: '2026-10-08', manDays: 2 }],
    ],
  ])('%s', (_name, mine, others, expected) => {
    expect(busyDays(october, mine, others)).toEqual(expected);
  });
});

describe('W_FACTORY_CLOSED, W_NON_WORKING_DAY, W_AFTER_DELIVERY', () => {
  const closure = { type: SCHEDULE_CLOSURE, startDate: '2026-10-09', endDate: '2026-10-12' };
  const production = { type: 1, startDate: '2026-10-01', endDate: '2026-10-31' };
  it.each([
    ['2026-10-08', null, []],
    ['2026-10-09', null, ['2026-10-09']],
    ['2026-10-08', '2026-10-10', ['2026-10-09', '2026-10-10']],
    ['2026-10-13', null, []],
  ])('closure 10-09..10-12, plan %s..%s: closed on %j', (from, to, closed) => {
    expect(closedDates([closure, production], from, to)).toEqual(closed);
  });

  it.each([
    ['2026-10-08', null, []],
    ['2026-10-10', null, ['2026-10-10']],
    ['2026-10-11', null, []],
    ['2026-10-01', '2026-10-08', ['2026-10-01']],
    ['2026-10-08', '2026-10-10', ['2026-10-10']],
  ])('plan %s..%s: non-working %j', (from, to, days) => {
    expect(nonWorkingDates(october, from, to)).toEqual(days);
  });

  it('names the products delivered before the inspection date', () => {
    const products = [
      { productNo: 'A', deliveryDate: '2026-10-07' },
      { productNo: 'B', deliveryDate: '2026-10-08' },
      { productNo: 'C', deliveryDate: null },
    ];
    expect(lateDeliveries(products, '2026-10-08').map((p) => p.productNo)).toEqual(['A']);
  });

  it('gathers them in a fixed order, none for a clean plan', () => {
    const clean = { ...plan(), others: [], schedules: [], products: [] };
    expect(planWarnings(october, clean)).toEqual([]);
    const all = planWarnings(october, {
      ...plan({ planDate: '2026-10-10' }),
      others: [plan({ planDate: '2026-10-10', manDays: 0.5 })],
      schedules: [closure],
      products: [{ productNo: 'A', deliveryDate: '2026-10-09' }],
    });
    expect(all.map((w) => [w.code, w.dates])).toEqual([
      ['W_INSPECTOR_BUSY', ['2026-10-10']],
      ['W_FACTORY_CLOSED', ['2026-10-10']],
      ['W_NON_WORKING_DAY', ['2026-10-10']],
      ['W_AFTER_DELIVERY', ['2026-10-09']],
    ]);
    expect(all[3]?.productNos).toEqual(['A']);
  });
});

describe("a plan's own rules (§2.6, §4.2, §7.2)", () => {
  it.each([0.5, 1, '1.5', 30, '2.0'])('man-days %s are valid', (value) =>
    expect(validManDays(value)).toBe(true),
  );
  it.each([0, 0.3, -1, 30.5, '1.25', 'x'])('man-days %s are not', (value) =>
    expect(validManDays(value)).toBe(false),
  );

  const today = '2026-10-08';
  it.each([
    ['a valid plan', plan({ assistantIds: [2, 3, 4, 5, 6] }), true, null],
    ['a past date', plan({ planDate: '2026-10-07' }), true, { reason: 'E_RANGE', field: 'planDate' }],
    ['a past date kept on update', plan({ planDate: '2026-10-07' }), false, null],
    ['end before start', plan({ endDate: '2026-10-07' }), true, { reason: 'E_DATE_RANGE', field: 'endDate' }],
    ['man-days 0.3', plan({ manDays: 0.3 }), true, { reason: 'E_RANGE', field: 'manDays' }],
    ['man-days 0', plan({ manDays: 0 }), true, { reason: 'E_RANGE', field: 'manDays' }],
    [
      '6 assistants',
      plan({ assistantIds: [2, 3, 4, 5, 6, 7] }),
      true,
      { reason: 'E_RANGE', field: 'assistantIds' },
    ],
    [
      'an assistant twice',
      plan({ assistantIds: [2, 2] }),
      true,
      { reason: 'E_DUPLICATE', field: 'assistantIds' },
    ],
    [
      'the lead as assistant',
      plan({ assistantIds: [2, 1] }),
      true,
      { reason: 'E_PLAN_LEAD_ASSISTANT', field: 'assistantIds' },
    ],
  ])('%s', (_name, fields, checkDate, issue) => {
    expect(planIssue(fields, today, checkDate)).toEqual(issue);
  });
});
