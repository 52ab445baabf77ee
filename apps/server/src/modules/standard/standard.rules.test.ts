import { describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/auth';
import { validityChange } from '../../platform/validity';
import { checksName, codesById, mayRead, normsChange, sameSet, updatableFields } from './standard.rules';

const user = (...permissions: string[]): Principal => ({
  userId: 1n,
  username: 'qc',
  displayName: 'QC',
  permissions: new Set(permissions),
});

describe('standard rules', () => {
  it('shows deleted standards only to standard.edit', () => {
    expect(mayRead({ valid: 1 }, user('standard.search'))).toBe(true);
    expect(mayRead({ valid: 0 }, user('standard.search'))).toBe(false);
    expect(mayRead({ valid: 0 }, user('standard.edit'))).toBe(true);
  });

  it('compares norm ids as sets', () => {
    expect(sameSet([1n, 2n], [2n, 1n])).toBe(true);
    expect(sameSet([1n, 2n], [2n, 1n, 2n])).toBe(true);
    expect(sameSet([1n, 2n], [1n])).toBe(false);
    expect(sameSet([1n], [1n, 3n])).toBe(false);
    expect(sameSet([], [])).toBe(true);
  });

  it('logs norms by code, the added ones by the code of their row', () => {
    const current = [
      { id: 1n, code: 'EN71-1' },
      { id: 2n, code: 'EN71-2' },
    ];
    const codes = codesById(current, new Map([[5n, { id: 5n, code: 'CPSIA' }]]));
    expect(normsChange(current, [2n, 5n, 9n], codes)).toEqual({
      field: 'standardIds',
      from: ['EN71-1', 'EN71-2'],
      to: ['EN71-2', 'CPSIA', '9'],
    });
  });

  it('ignores a country given to a common standard', () => {
    expect(updatableFields('common', { name: 'A', countryId: 3n })).toEqual({
      name: 'A',
      countryId: undefined,
    });
    expect(updatableFields('country', { name: 'A', countryId: 3n })).toEqual({ name: 'A', countryId: 3n });
  });

  it('checks the name on a new name or country and on undelete, not on delete', () => {
    expect(checksName(validityChange(1, undefined), { name: 'B' })).toBe(true);
    expect(checksName(validityChange(1, undefined), { countryId: 2n })).toBe(true);
    expect(checksName(validityChange(1, undefined), {})).toBe(false);
    expect(checksName(validityChange(0, 1), {})).toBe(true);
    expect(checksName(validityChange(1, 0), { name: 'B' })).toBe(false);
  });
});
