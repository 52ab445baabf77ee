import { describe, expect, it } from 'vitest';
import { coversDay, daysOf, daysWithRows, monthRange, rowsOn } from './factory-schedule-days';

const run = (id: string, type: number, startDate: string, endDate: string) => ({
  id,
  type,
  startDate,
  endDate,
});

describe('factory schedule days', () => {
  it('knows the days of a month, leap years included', () => {
    expect(daysOf('2028-02')).toHaveLength(29);
    expect(daysOf('2026-11').at(-1)).toBe('2026-11-30');
    expect(monthRange('2026-12')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('puts a run on each day from its start to its end, closures first', () => {
    const rows = [run('a', 1, '2026-11-28', '2026-12-02'), run('b', 4, '2026-12-02', '2026-12-02')];
    expect(coversDay(rows[0]!, '2026-12-02')).toBe(true);
    expect(coversDay(rows[0]!, '2026-12-03')).toBe(false);
    expect(rowsOn(rows, '2026-12-02').map((r) => r.id)).toEqual(['b', 'a']);
    expect(daysWithRows(rows, '2026-12').map((d) => d.day)).toEqual(['2026-12-01', '2026-12-02']);
  });
});
