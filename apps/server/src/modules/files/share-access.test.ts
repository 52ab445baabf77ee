import { describe, expect, it } from 'vitest';
import { expiryOf } from './share-access';

const DAY = 86_400_000;

describe('expiryOf: a new link’s expiry, never after the latest allowed', () => {
  const now = Date.parse('2026-11-29T06:00:00Z');
  const latest = now + 30 * DAY;
  it.each([
    ['the longest allowed number of days, counted from the same now', '30', now + 30 * DAY],
    ['a shorter one', '7', now + 7 * DAY],
    ['none: the default, cut to the latest', undefined, now + 30 * DAY],
    ['a date inside the range', new Date(now + 2 * DAY).toISOString(), now + 2 * DAY],
  ])('%s', (_, exp, expected) => {
    expect(expiryOf(exp, 60, latest, now)?.getTime()).toBe(expected);
  });
  it.each([
    ['one day more than allowed', '31'],
    ['zero days', '0'],
    ['a date after the latest', new Date(latest + 1).toISOString()],
    ['a date in the past', new Date(now - 1).toISOString()],
    ['not a number of days or a date', 'soon'],
  ])('refuses %s', (_, exp) => {
    expect(expiryOf(exp, 60, latest, now)).toBeUndefined();
  });
});
