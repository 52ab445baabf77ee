import { describe, expect, it } from 'vitest';
import { reasonOf } from '../../../test/support/refusals';
import type { Principal } from '../../platform/auth';
import {
  assertAuditComplete,
  assertEditable,
  auditMails,
  clientVisibleStatuses,
  productionSampleMachine,
  sampleActions,
} from './production-sample.rules';

const user = (...permissions: string[]): Principal => ({
  userId: 7n,
  username: 'u',
  displayName: 'u',
  permissions: new Set(permissions),
  roleCode: 'QC',
});

describe('production sample transitions (DOMAIN.md §4.7)', () => {
  const target = (from: number, action: string) =>
    productionSampleMachine.rules.find((r) => r.action === action && r.from.includes(from as never))?.to ??
    null;

  it.each([
    [10, 'audit', 20],
    [20, 'audit', null],
    [90, 'audit', null],
    [20, 'reaudit', 20],
    [10, 'reaudit', null],
    [90, 'reaudit', null],
    [10, 'cancel', 90],
    [20, 'cancel', 90],
    [90, 'cancel', null],
  ])('from %i, %s → %s', (from, action, to) => {
    expect(target(from, action)).toBe(to);
  });

  it('offers the actions the permissions allow', () => {
    const auditor = user('productionsample.audit');
    const manager = user('productionsample.audit', 'productionsample.cancel');
    expect(sampleActions({ status: 10 }, auditor)).toEqual(['audit']);
    expect(sampleActions({ status: 20 }, manager)).toEqual(['reaudit', 'cancel']);
    expect(sampleActions({ status: 90 }, manager)).toEqual([]);
    expect(sampleActions({ status: 10 }, user('productionsample.edit'))).toEqual([]);
  });
});

describe('audit completeness (DOMAIN.md §7.3)', () => {
  it.each([
    [1, undefined, null],
    [2, undefined, null],
    [3, undefined, 'E_REQUIRED'],
    [3, '  ', 'E_REQUIRED'],
    [3, '线头 / Loose threads', null],
    [4, undefined, 'E_REQUIRED'],
    [4, 'released', null],
  ])('result %i with remark %j → %s', (result, remark, reason) => {
    expect(reasonOf(() => assertAuditComplete(result, remark))).toBe(reason);
  });

  it('mails for results 3 and 4 only', () => {
    expect([0, 1, 2, 3, 4].map(auditMails)).toEqual([false, false, false, true, true]);
  });

  it('edits in 10 and 20, not in 90', () => {
    expect(reasonOf(() => assertEditable(10))).toBeNull();
    expect(reasonOf(() => assertEditable(20))).toBeNull();
    expect(reasonOf(() => assertEditable(90))).toBe('E_STATUS');
  });
});

describe('scope (DOMAIN.md §5.4)', () => {
  it('CLIENT users see audited samples only', () => {
    expect(clientVisibleStatuses({ kind: 'client', clientId: 5n })).toEqual([20]);
    expect(clientVisibleStatuses({ kind: 'all' })).toBeUndefined();
  });
});
