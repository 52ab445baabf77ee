import { describe, expect, it } from 'vitest';
import { reasonOf } from '../../../test/support/refusals';
import type { Principal } from '../../platform/auth';
import type { Scope } from '../../platform/scope';
import {
  assertAuditComplete,
  assertEditable,
  assertItemsEditable,
  checkResultOf,
  clientVisibleStatuses,
  firstSampleMachine,
  isImage,
  mayStartNextRound,
  sampleActions,
} from './first-sample.rules';

const user = (userId: bigint, ...permissions: string[]): Principal => ({
  userId,
  username: 'u',
  displayName: 'u',
  permissions: new Set(permissions),
  roleCode: 'QC',
});

describe('first sample transitions (DOMAIN.md §4.8)', () => {
  const target = (from: number, action: string) =>
    firstSampleMachine.rules.find((r) => r.action === action && r.from.includes(from as never))?.to ?? null;

  it.each([
    [10, 'check', 20],
    [20, 'check', null],
    [30, 'check', null],
    [20, 'audit', 30],
    [10, 'audit', null],
    [30, 'audit', null],
    [20, 'reject', 10],
    [10, 'reject', null],
    [30, 'reject', null],
    [10, 'cancel', 90],
    [20, 'cancel', 90],
    [30, 'cancel', null],
    [90, 'cancel', null],
  ])('from %i, %s → %s', (from, action, to) => {
    expect(target(from, action)).toBe(to);
  });

  it('needs a reason to send a check back', () => {
    expect(firstSampleMachine.rules.find((r) => r.action === 'reject')?.reasonRequired).toBe(true);
  });

  it.each([
    [7n, 7n, 'E_SELF_AUDIT'],
    [7n, 8n, null],
  ])('an audit by user %s of a sample checked by %s → %s', async (auditor, checker, reason) => {
    const rule = firstSampleMachine.rules.find((r) => r.action === 'audit')!;
    expect(await rule.guard!({ checkedBy: checker }, { db: {} as never, user: user(auditor) })).toBe(reason);
  });
});

describe('the check (DOMAIN.md §4.8, §7.3)', () => {
  it.each([
    [[1, 1, 3], 1],
    [[1, 2, 1], 2],
    [[3, 3], 1],
    [[2], 2],
  ])('items %j → check result %i', (results, expected) => {
    expect(checkResultOf(results)).toBe(expected);
  });

  it.each([[[1, 0, 1]], [[0, 0]], [[]]])(
    'refuses items %j with unchecked ones (E_FS_UNCHECKED)',
    (results) => {
      expect(reasonOf(() => checkResultOf(results))).toBe('E_FS_UNCHECKED');
    },
  );

  it.each([
    [1, undefined, null],
    [2, undefined, 'E_CORRECTIVE_REQUIRED'],
    [3, '  ', 'E_CORRECTIVE_REQUIRED'],
    [3, 'Redo the colour', null],
  ])('result %i with corrective %j → %s', (result, corrective, reason) => {
    expect(reasonOf(() => assertAuditComplete(result, corrective))).toBe(reason);
  });

  it.each([
    [10, null, null],
    [20, null, 'E_STATUS'],
    [30, 'E_STATUS', 'E_STATUS'],
    [90, 'E_STATUS', 'E_STATUS'],
  ])('status %i: update → %s, check items → %s', (status, update, items) => {
    expect(reasonOf(() => assertEditable(status))).toBe(update);
    expect(reasonOf(() => assertItemsEditable(status))).toBe(items);
  });
});

describe('rounds (DOMAIN.md §4.8 "next round")', () => {
  it.each([
    [{ status: 30, result: 1, valid: 1 }, false, false],
    [{ status: 30, result: 2, valid: 1 }, false, true],
    [{ status: 30, result: 3, valid: 1 }, false, true],
    [{ status: 30, result: 3, valid: 1 }, true, false],
    [{ status: 20, result: 0, valid: 1 }, false, false],
    [{ status: 90, result: 3, valid: 1 }, false, false],
    [{ status: 30, result: 3, valid: 0 }, false, false],
  ])('from %j (followed: %s) → %s', (previous, followed, allowed) => {
    expect(mayStartNextRound(previous, followed)).toBe(allowed);
  });

  it('offers the actions the permissions allow, never the audit to the checker', () => {
    const qc = user(1n, 'firstsample.edit', 'firstsample.check');
    const auditor = user(2n, 'firstsample.audit');
    expect(sampleActions({ status: 10, result: 0, valid: 1, checkedBy: null }, qc, false)).toEqual([
      'check',
      'cancel',
    ]);
    expect(sampleActions({ status: 20, result: 0, valid: 1, checkedBy: 1n }, auditor, false)).toEqual([
      'audit',
      'reject',
    ]);
    expect(sampleActions({ status: 20, result: 0, valid: 1, checkedBy: 2n }, auditor, false)).toEqual([
      'reject',
    ]);
    expect(sampleActions({ status: 30, result: 3, valid: 1, checkedBy: 1n }, qc, false)).toEqual([
      'nextRound',
    ]);
    expect(sampleActions({ status: 30, result: 1, valid: 1, checkedBy: 1n }, qc, false)).toEqual([]);
  });
});

describe('photos and scope', () => {
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['IMAGE/BMP', true],
    ['application/pdf', false],
    ['application/octet-stream', false],
  ])('%s is an image: %s', (type, image) => {
    expect(isImage(type)).toBe(image);
  });

  it('shows CLIENT users judged samples only', () => {
    expect(clientVisibleStatuses({ kind: 'client', clientId: 1n } as Scope)).toEqual([30]);
    expect(clientVisibleStatuses({ kind: 'all' } as Scope)).toBeUndefined();
  });
});
