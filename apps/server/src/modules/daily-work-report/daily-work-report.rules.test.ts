import { DAILY_REPORT_STATUS, WORK_TYPE } from '@qcdesk/contract/daily-work-report';
import { describe, expect, it } from 'vitest';
import { reasonOf } from '../../../test/support/refusals';
import type { StoredWork } from '../../db/schema/daily-work-report';
import type { Principal } from '../../platform/auth';
import {
  assertDayHours,
  assertNotFuture,
  assertNotOwner,
  assertOwn,
  assertWorksLinked,
  userActions,
} from './daily-work-report.rules';

const work = (over: Partial<StoredWork> = {}): StoredWork => ({
  workType: WORK_TYPE.office,
  taskId: null,
  reportId: null,
  orderProductId: null,
  factoryId: null,
  role: null,
  hoursTenths: 80,
  vehicleId: null,
  mileageTenths: null,
  remark: null,
  ...over,
});

const user = (userId: bigint, permissions: string[]): Principal => ({
  userId,
  username: 'u',
  displayName: 'u',
  permissions: new Set(permissions),
});
const inspector = user(1n, ['dailyreport.search', 'dailyreport.edit']);
const manager = user(2n, ['dailyreport.search', 'dailyreport.edit', 'dailyreport.check', 'dailyreport.send']);
const { draft, submitted, checked, sent, returned } = DAILY_REPORT_STATUS;

describe('daily report rules (§2.8, §4.12, §7.3)', () => {
  it.each([
    [[work({ hoursTenths: 240 })], null],
    [[work({ hoursTenths: 120 }), work({ hoursTenths: 120 })], null],
    [[work({ hoursTenths: 120 }), work({ hoursTenths: 121 })], 'E_DAILY_HOURS'],
  ])('day hours %#', (works, refusal) => {
    expect(reasonOf(() => assertDayHours(works))).toBe(refusal);
  });

  it.each([
    [[work()], null],
    [[work({ workType: WORK_TYPE.inspection, taskId: '5' })], null],
    [[work({ workType: WORK_TYPE.loading, reportId: '5' })], null],
    [[work(), work({ workType: WORK_TYPE.sampling })], 'E_DAILY_WORK_LINK'],
    [[work({ workType: WORK_TYPE.travel })], null],
  ])('works linked %#', (works, refusal) => {
    expect(reasonOf(() => assertWorksLinked(works))).toBe(refusal);
  });

  it.each([
    ['2026-11-27', '2026-11-28', null],
    ['2026-11-28', '2026-11-28', null],
    ['2026-11-29', '2026-11-28', 'E_DAILY_FUTURE'],
  ])('work date %s on %s', (date, today, refusal) => {
    expect(reasonOf(() => assertNotFuture(date, today))).toBe(refusal);
  });

  it('own reports and checks', () => {
    expect(reasonOf(() => assertOwn(1n, inspector))).toBe(null);
    expect(reasonOf(() => assertOwn(2n, inspector))).toBe('E_DAILY_NOT_OWN');
    expect(reasonOf(() => assertNotOwner(1n, manager))).toBe(null);
    expect(reasonOf(() => assertNotOwner(2n, manager))).toBe('E_DAILY_SELF_CHECK');
  });

  it.each([
    [draft, 1n, 'inspector', ['update', 'submit']],
    [returned, 1n, 'inspector', ['update', 'submit']],
    [submitted, 1n, 'inspector', []],
    [submitted, 1n, 'manager', ['check', 'reject']],
    [submitted, 2n, 'manager', []],
    [draft, 2n, 'manager', ['update', 'submit']],
    [checked, 1n, 'manager', ['send']],
    [sent, 1n, 'manager', []],
  ])('status %s of user %s, seen by the %s: %j', (status, inspectorId, who, actions) => {
    expect(userActions({ status, inspectorId }, who === 'manager' ? manager : inspector)).toEqual(actions);
  });
});
