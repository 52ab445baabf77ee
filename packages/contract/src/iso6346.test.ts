import { containerNo, containerNoOk } from '@qcdesk/contract/shipping';
import { describe, expect, it } from 'vitest';
import { containerCheckDigit, isContainerNo, normalizeContainerNo } from './iso6346';

describe('ISO 6346 container numbers (DOMAIN.md §2.7)', () => {
  it.each([
    // the standard's own example (Wikipedia "ISO 6346"), and numbers checked by hand
    ['CSQU3054383', true],
    ['MSKU9070323', true],
    ['TCLU1234568', true],
    ['APZU4812090', true],
    ['BICU1234565', true],
    ['CSQU 305438-3', true], // spaces and dashes as printed on the door
    ['csqu3054383', true],
    ['CSQU3054070', true], // Σ mod 11 = 10 → check digit 0
    ['CSQU3054071', false],
    ['CSQU3054384', false], // wrong check digit
    ['TGHU1234565', false], // check digit 7
    ['HLXU8024617', false], // check digit 2
    ['CSQX3054383', false], // category not U, J or Z
    ['CSQJ3054383', false], // J is a category but the digit is for U
    ['CSQU305438', false], // too short
    ['CSQU30543833', false], // too long
    ['C5QU3054383', false], // a digit in the owner code
    ['', false],
  ])('%s → %s', (no, ok) => {
    expect(isContainerNo(no)).toBe(ok);
  });

  it('values the letters skipping multiples of 11 and writes a remainder of 10 as 0', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(containerCheckDigit('CSQU305407')).toBe(0);
    expect(normalizeContainerNo(' msku 907032-3 ')).toBe('MSKU9070323');
  });

  it('is the one check of the shipping’s container no too (contract/shipping.ts)', () => {
    expect(containerNo.parse(' csqu 305438-3 ')).toBe('CSQU3054383');
    expect(containerNo.parse('')).toBeUndefined();
    for (const bad of ['CSQU3054384', 'CSQX3054383', 'CSQJ3054383'])
      expect(containerNo.safeParse(bad).success, bad).toBe(false);
    expect(containerNoOk('MSKU9070323')).toBe(true);
    expect(containerNoOk('CSQX3054383')).toBe(false);
  });
});
