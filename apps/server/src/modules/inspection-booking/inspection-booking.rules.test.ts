import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/support/refusals';
import type { HolidayCalendar } from '../../domain/calendar';
import { type BookingFieldDef, checkExtra, isLateCancel } from './inspection-booking.rules';

// The pure rules of bookings: the extra fields against the type's definitions, and the late cancel.

const defs: BookingFieldDef[] = [
  { key: 'po', labelEn: 'PO', fieldType: 1, required: true },
  { key: 'pct', fieldType: 2 },
  { key: 'closing', fieldType: 3 },
  { key: 'container', fieldType: 4, options: ['20GP', '40HQ'] },
  { key: 'marks', fieldType: 5, options: ['A', 'B'] },
  { key: 'files', fieldType: 6 },
  { key: 'pallets', fieldType: 7 },
];

describe('checkExtra', () => {
  it('keeps values that fit their definition, trims texts and drops empty ones', () => {
    expect(
      checkExtra(
        defs,
        {
          po: ' PO-1 ',
          pct: 40,
          closing: '2026-12-01',
          container: '40HQ',
          marks: [],
          files: ['12'],
          pallets: true,
        },
        false,
      ),
    ).toEqual({
      po: 'PO-1',
      pct: 40,
      closing: '2026-12-01',
      container: '40HQ',
      files: ['12'],
      pallets: true,
    });
  });

  it.each([
    [{ nope: 1 }, 'E_BK_EXTRA'],
    [{ pct: '40' }, 'E_BK_EXTRA'],
    [{ closing: '2026-13-45' }, 'E_BK_EXTRA'],
    [{ container: '45HC' }, 'E_BK_EXTRA'],
    [{ marks: ['C'] }, 'E_BK_EXTRA'],
    [{ files: ['x'] }, 'E_BK_EXTRA'],
    [{ pallets: 'yes' }, 'E_BK_EXTRA'],
  ])('refuses %j with %s', (extra, reason) => {
    expect(refusalOf(() => checkExtra(defs, extra, false)).reason).toBe(reason);
  });

  it('asks the required fields only when complete (submit)', () => {
    expect(checkExtra(defs, {}, false)).toEqual({});
    expect(refusalOf(() => checkExtra(defs, { po: '  ' }, true))).toEqual({
      reason: 'E_REQUIRED',
      field: 'extra.po',
    });
  });
});

describe('isLateCancel (cutoff 17:00 of the last working day before the inspection date)', () => {
  const none: HolidayCalendar = new Map();
  // 2026-12-07 is a Monday: its last working day before is Friday 2026-12-04.
  it.each([
    ['2026-12-03', '18:00', false],
    ['2026-12-04', '16:59', false],
    ['2026-12-04', '17:00', true],
    ['2026-12-05', '09:00', true],
    ['2026-12-07', '08:00', true],
  ])('on %s at %s → %s', (today, time, late) => {
    expect(isLateCancel(none, '2026-12-07', today, time, '17:00')).toBe(late);
  });

  it('skips a holiday before the inspection date', () => {
    const calendar: HolidayCalendar = new Map([
      ['2026-12-04', { date: '2026-12-04', dayType: 1, nameZh: null, nameEn: null }],
    ]);
    expect(isLateCancel(calendar, '2026-12-07', '2026-12-03', '17:30', '17:00')).toBe(true);
    expect(isLateCancel(calendar, '2026-12-07', '2026-12-03', '16:00', '17:00')).toBe(false);
  });
});
