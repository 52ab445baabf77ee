import { describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/auth';
import { validityChange } from '../../platform/validity';
import { checksUpc, mayRead, newMaterialValues, readsDeleted, USABLE_TEST_STATUSES } from './material.rules';

const user = (...permissions: string[]): Principal => ({
  userId: 1n,
  username: 'qc',
  displayName: 'QC',
  permissions: new Set(permissions),
});

describe('material rules', () => {
  it('shows deleted materials only to material.edit', () => {
    expect(readsDeleted(user('material.search'))).toBe(false);
    expect(readsDeleted(user('material.search', 'material.edit'))).toBe(true);
    expect(mayRead({ valid: 1 }, user('material.search'))).toBe(true);
    expect(mayRead({ valid: 0 }, user('material.search'))).toBe(false);
    expect(mayRead({ valid: 0 }, user('material.edit'))).toBe(true);
  });

  it('counts completed and pushed tests as usable, not drafts', () => {
    expect([...USABLE_TEST_STATUSES].sort()).toEqual([20, 30]);
  });

  it('stores absent optional fields of a new material as null', () => {
    const values = newMaterialValues({
      upc: 'ABC-1',
      name: 'ABS塑料粒子',
      technicalName: undefined,
      customName: undefined,
      riskLevelId: 3n,
      materialTypeId: 4n,
    });
    expect(values).toEqual({
      upc: 'ABC-1',
      name: 'ABS塑料粒子',
      technicalName: null,
      customName: null,
      riskLevelId: 3n,
      materialTypeId: 4n,
      supplierId: null,
    });
    expect(
      newMaterialValues({ ...values, technicalName: 'ABS', customName: '树脂', supplierId: 7n }),
    ).toMatchObject({ technicalName: 'ABS', customName: '树脂', supplierId: 7n });
  });

  it('checks the UPC when a valid material gets a new one or is undeleted, not when deleted', () => {
    expect(checksUpc(validityChange(1, undefined), 'NEW-1')).toBe(true);
    expect(checksUpc(validityChange(1, undefined), undefined)).toBe(false);
    expect(checksUpc(validityChange(0, 1), undefined)).toBe(true);
    expect(checksUpc(validityChange(1, 0), 'NEW-1')).toBe(false);
  });
});
