import { areas } from '@qcdesk/contract';
import { configListOperations } from '@qcdesk/contract/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// What the contract fuzz test (contract-fuzz.test.ts) found, one case each, so that each stays fixed
// whatever seed the fuzz test runs with.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t, 'ADMIN');
});
afterAll(() => t.close());

describe('contract fuzz findings', () => {
  it('names a field called `constructor` or `toString` without finding Object’s methods (was a 500)', async () => {
    for (const key of ['constructor', 'toString', '__proto__']) {
      const body = JSON.parse(`{"${key}": null}`) as Record<string, unknown>;
      const { status, result } = await t.client.call(areas.identity.getUserSetting, body, {
        token: admin,
        lang: 'en',
      });
      expect([status, result.reason], key).not.toContain('INTERNAL');
      expect(status, key).toBe(200);
    }
  });

  it('refuses ids past PostgreSQL’s bigint as a format error, not a database fault (was a 500)', async () => {
    const past = '9223372036854775808';
    for (const op of [areas.inspectionReport.checkoutInspectionReport, areas.reportForm.downloadReportForm]) {
      const refused = await t.client.refused(op, { id: past }, { token: admin });
      expect([refused.reason, refused.field], op.path).toEqual(['E_FORMAT', 'id']);
      const largest = await t.client.refused(op, { id: '9223372036854775807' }, { token: admin });
      expect(largest.reason, op.path).toBe('E_NOT_FOUND');
    }
  });

  it('puts a master-data field’s default back when an update clears it (a null sort was a 500)', async () => {
    const ops = configListOperations.supervisecheckpoint;
    const row = await t.client.ok(
      ops.create,
      { code: 'FUZZ1', nameZh: '检查点', nameEn: 'Checkpoint', sort: 7, mandatory: true },
      { token: admin },
    );
    const updated = await t.client.ok(
      ops.update,
      { id: row.id, version: row.version, sort: null, mandatory: null, remark: '' },
      { token: admin },
    );
    expect(updated).toMatchObject({ sort: 0, mandatory: false, remark: null });
  });

  it('refuses a schedule month outside the business years (year 0308 was a 500 in the month’s last day)', async () => {
    for (const month of ['0308-06', '9999-12']) {
      const refused = await t.client.refused(
        areas.factorySchedule.factoryScheduleMonth,
        { month },
        { token: admin },
      );
      expect([refused.reason, refused.field], month).toEqual(['E_FORMAT', 'month']);
    }
    const thisMonth = new Date().toISOString().slice(0, 7);
    await t.client.ok(areas.factorySchedule.factoryScheduleMonth, { month: thisMonth }, { token: admin });
  });
});
