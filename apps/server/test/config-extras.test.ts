import { PERMISSIONS } from '@qcdesk/contract';
import { type ConfigRow, changeLog, configListOperations } from '@qcdesk/contract/config';
import type { ConfigListName } from '@qcdesk/contract/config-lists';
import { enumerationList, enumerations } from '@qcdesk/contract/enumerations';
import { mailErrorList, mailErrorSolve } from '@qcdesk/contract/mail-service';
import { SYSTEM_PARAMS } from '@qcdesk/contract/system-params';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail';
import { jobs } from '../src/db/schema/platform';
import { codeLetter } from '../src/domain/sampling/iso2859-1';
import { seedConfig } from '../src/modules/config/config.seed';
import { CONFIG_SEED } from '../src/modules/config/config-seed-data';
import type { Principal } from '../src/platform/auth';
import { loadConfig } from '../src/platform/config';
import { buildUser } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// The seed, the enumerations and the mail-error list, through the envelope (product tracking has its
// own test beside its module, on real order products).

const principal = (userId: bigint, roleCode: string, permissions: readonly string[]): Principal => ({
  userId,
  username: roleCode.toLowerCase(),
  displayName: roleCode,
  permissions: new Set(permissions),
  roleCode,
});

const USERS = {
  admin: principal(1n, 'ADMIN', PERMISSIONS),
  sales: principal(2n, 'SALES', ['order.search', 'order.edit']),
  viewer: principal(3n, 'QC', ['order.search']),
  user: principal(4n, 'AUDITOR', []),
} as const;
type Token = keyof typeof USERS;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    authenticate: async (token) => (token && token in USERS ? USERS[token as Token] : null),
  });
});
afterAll(() => t.close());

type Op = Parameters<TestApp['client']['call']>[0];
const call = (op: Op, body: object, token: Token = 'admin') =>
  t.client.call(op, body, { token, lang: 'en' }).then((a) => a.result);
const ok = async <T>(op: Op, body: object, token: Token = 'admin') => {
  const result = await call(op, body, token);
  if (!result.success) throw new Error(`${op.path}: ${JSON.stringify(result)}`);
  return result.data as T;
};
const rowsOf = async (name: ConfigListName, body: object = {}) =>
  await ok<{ list: ConfigRow[]; total: number }>(configListOperations[name].search, {
    pageSize: 100,
    ...body,
  });

describe('seed', () => {
  it('holds every row of the seed data', async () => {
    for (const [name, rows] of CONFIG_SEED) expect((await rowsOf(name)).total, name).toBe(rows.length);
  });

  it('holds realistic bilingual master data', async () => {
    const countries = await rowsOf('country');
    expect(countries.total).toBeGreaterThanOrEqual(40);
    const eu = countries.list.find((c) => c.code === 'EU')!;
    expect(eu.countrys).toHaveLength(27);
    expect(countries.list.find((c) => c.code === 'CN')).toMatchObject({
      nameZh: '中国',
      nameEn: 'China',
      countrys: [],
    });

    const levels = await rowsOf('samplinglevel');
    expect(levels.list.map((l) => l.code)).toEqual(['I', 'II', 'III', 'S1', 'S2', 'S3', 'S4']);
    const aql = await rowsOf('aql');
    const levelII = aql.list.find((a) => a.code === 'T1-II')!;
    expect(levelII.refs.levelId?.[0]?.code).toBe('II');
    expect(codeLetter(levelII.values as never, 3000)).toBe('K');

    const types = await rowsOf('inspectiontype');
    expect(types.list.map((r) => r.serviceCode)).toEqual(['PSI', 'DUPRO', 'IPC', 'CLC', 'FA', 'SC']);
    expect(types.list.find((r) => r.serviceCode === 'CLC')).toMatchObject({ usesAql: false, baseScore: 60 });

    const system = await rowsOf('system');
    expect(system.total).toBe(Object.keys(SYSTEM_PARAMS).length);
    expect(system.list.find((p) => p.key === 'booking.cutoff')).toMatchObject({
      value: '17:00',
      valueType: 'STR',
    });

    for (const name of [
      'defect',
      'testtype',
      'testitem',
      'risklevel',
      'factory',
      'lab',
      'supplier',
      'labcs',
    ] as const) {
      expect((await rowsOf(name)).total, name).toBeGreaterThan(0);
    }
    const factory = (await rowsOf('factory', { keyword: 'F-HM-SZ' })).list[0]!;
    expect(factory.refs.locationId?.[0]?.nameEn).toBe("Bao'an District");
    expect((factory.contacts as unknown[]).length).toBe(1);
  });

  it('runs again without adding rows, and leaves deleted seed rows deleted', async () => {
    const express = configListOperations.express;
    const [sf] = (await rowsOf('express', { keyword: 'SF' })).list;
    await ok(express.update, { id: sf!.id, version: sf!.version, valid: 0 });
    const before = await Promise.all(
      (['country', 'holiday', 'system', 'express'] as const).map(async (n) => (await rowsOf(n)).total),
    );
    const quiet = { warn() {}, info() {}, error() {} } as unknown as Console;
    await seedConfig({
      database: t.database,
      hooks: t.app.capabilities,
      config: loadConfig({ NODE_ENV: 'test' }),
      log: quiet,
    });
    const after = await Promise.all(
      (['country', 'holiday', 'system', 'express'] as const).map(async (n) => (await rowsOf(n)).total),
    );
    expect(after).toEqual(before);
    expect((await rowsOf('express', { keyword: 'SF' })).list).toEqual([]);
  });
});

describe('enumerations', () => {
  it('serves every enumeration bilingually, with sales, inspectors and the caller’s departments', async () => {
    const inspector = await buildUser(t.database.db, { role: 'INSPECTOR', department: 'QC' });
    const locked = await buildUser(t.database.db, { role: 'INSPECTOR', department: 'QC', state: 0 });
    const { enumerations: lists } = await ok<{
      enumerations: Record<string, { code: unknown; zh: string; en: string }[]>;
    }>(enumerationList, {}, 'user');
    for (const name of Object.keys(enumerations))
      expect(lists[name], name).toEqual(enumerations[name as keyof typeof enumerations]);
    expect(lists.InspectionApplyStatus?.find((s) => s.code === 20)).toEqual({
      code: 20,
      zh: '待排期',
      en: 'Submitted',
    });
    const inspectors = lists.Inspector!.map((u) => u.code);
    expect(inspectors).toContain(inspector.id.toString());
    expect(inspectors).not.toContain(locked.id.toString());
    expect(lists.Sales!.length).toBeGreaterThanOrEqual(2);
    expect(lists.PartialDepartment!.map((d) => d.en)).toEqual(expect.arrayContaining([expect.any(String)]));
  });
});

describe('mail-service errors', () => {
  const failedMail = async (to: string) => {
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({
        to,
        subject: 'Report',
        text: 'x',
        html: '<p>x</p>',
        lang: 'en',
        template: 'welcome',
        status: 'failed',
        lastError: '550 mailbox unavailable',
        attempts: 5,
      })
      .returning();
    return row!.id.toString();
  };

  it('lists failed mails for mail.admin, and marks them solved or sends them again', async () => {
    const first = await failedMail('nobody@example.com');
    const second = await failedMail('bounce@example.com');
    expect(await call(mailErrorList, {}, 'user')).toMatchObject({ reason: 'E_PERMISSION' });
    const open = await ok<{ list: { id: string; lastError: string }[]; total: number }>(mailErrorList, {});
    expect(open.list.map((m) => m.id)).toEqual(expect.arrayContaining([first, second]));

    const solved = await ok<{ solved: boolean }>(mailErrorSolve, { id: first, action: 'solved' });
    expect(solved.solved).toBe(true);
    expect(await call(mailErrorSolve, { id: first, action: 'resend' })).toMatchObject({ reason: 'E_STATUS' });
    const done = await ok<{ list: { id: string }[] }>(mailErrorList, { solved: true });
    expect(done.list.map((m) => m.id)).toContain(first);

    const resent = await ok<{ status: string }>(mailErrorSolve, { id: second, action: 'resend' });
    expect(resent.status).toBe('pending');
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail.send'), eq(jobs.status, 'queued')));
    expect(queued.map((j) => j.payload.mailId)).toContain(second);
    const remaining = await ok<{ list: { id: string }[] }>(mailErrorList, { to: 'example.com' });
    expect(remaining.list.map((m) => m.id)).not.toContain(second);
    const log = await ok<{ list: { action: string }[] }>(changeLog, { entity: 'mail_outbox', id: second });
    expect(log.list.map((e) => e.action)).toEqual(['resend']);
  });
});
