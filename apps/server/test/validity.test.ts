import { describe, expect, it } from 'vitest';
import { validityChange } from '../src/platform/validity';

describe('validityChange', () => {
  it('names the change-log action of an update by its valid flag', () => {
    expect(validityChange(1, undefined)).toEqual({ wasValid: true, staysValid: true, action: 'update' });
    expect(validityChange(1, 1)).toEqual({ wasValid: true, staysValid: true, action: 'update' });
    expect(validityChange(1, 0)).toEqual({ wasValid: true, staysValid: false, action: 'delete' });
    expect(validityChange(0, 1)).toEqual({ wasValid: false, staysValid: true, action: 'undelete' });
  });

  it('refuses changing a deleted record without undeleting it (E_STATUS)', () => {
    expect(() => validityChange(0, undefined)).toThrow('E_STATUS');
    expect(() => validityChange(0, 0)).toThrow('E_STATUS');
  });
});
