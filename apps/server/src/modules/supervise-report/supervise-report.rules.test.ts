import { CHECKPOINT_RESULT } from '@qcdesk/contract/supervise-report';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/support/refusals';
import { assertSubmittable, type SubmitFacts, storedContainerNo } from './supervise-report.rules';

// The pure rules of supervise reports: what a submit needs (DOMAIN.md §4.5, §7.3), in its order.

const complete: SubmitFacts = {
  containerNo: 'CSQU3054383',
  sealNo: 'S-1',
  products: [{ productNo: 'P-1', loadedCartons: 10 }],
  checkpoints: [
    {
      name: 'CK-SEAL',
      mandatory: true,
      photoRequired: true,
      result: CHECKPOINT_RESULT.pass,
      photoIds: ['9'],
    },
    { name: 'CK-OPT', mandatory: false, photoRequired: true, result: CHECKPOINT_RESULT.none, photoIds: [] },
  ],
};

describe('assertSubmittable', () => {
  it('passes a complete report (an optional checkpoint left unchecked needs no photo)', () => {
    expect(() => assertSubmittable(complete)).not.toThrow();
  });

  it.each([
    ['no container no', { containerNo: null }, 'E_REQUIRED'],
    ['a wrong check digit', { containerNo: 'CSQU3054384' }, 'E_CONTAINER_NO'],
    ['a category not U, J or Z', { containerNo: 'CSQX3054383' }, 'E_CONTAINER_NO'],
    ['no seal no', { sealNo: ' ' }, 'E_REQUIRED'],
    [
      'a product without loaded cartons',
      { products: [{ productNo: 'P-1', loadedCartons: null }] },
      'E_REQUIRED',
    ],
    [
      'a mandatory checkpoint unchecked',
      { checkpoints: [{ ...complete.checkpoints[0]!, result: CHECKPOINT_RESULT.none }] },
      'E_SR_CHECKPOINT',
    ],
    [
      'a checked checkpoint without its required photo',
      { checkpoints: [{ ...complete.checkpoints[0]!, photoIds: [] }] },
      'E_SR_PHOTO',
    ],
  ] as const)('refuses %s', (_name, change, reason) => {
    expect(refusalOf(() => assertSubmittable({ ...complete, ...change } as SubmitFacts))?.reason).toBe(
      reason,
    );
  });

  it('stores container nos normalized, blank as null', () => {
    expect(storedContainerNo(' csqu 305438-3 ')).toBe('CSQU3054383');
    expect(storedContainerNo('  ')).toBeNull();
    expect(storedContainerNo(undefined)).toBeUndefined();
  });
});
