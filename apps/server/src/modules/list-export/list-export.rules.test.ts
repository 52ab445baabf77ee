import { describe, expect, it } from 'vitest';
import type { JobStatus } from '../../db/schema/platform';
import type { Principal } from '../../platform/auth';
import { columnsFor, type ExportColumn, inKeyOrder } from '../../platform/list-export';
import {
  exportChanges,
  exportFileName,
  fromTaggedJson,
  principalOf,
  progressOf,
  rowsPercent,
  snapshotOf,
  toTaggedJson,
} from './list-export.rules';

describe('the filters a job carries', () => {
  it('come back exactly: ids as bigints, dates as dates, absent filters absent', () => {
    const filters = {
      name: '华美',
      country: 12345678901234567n,
      ids: [1n, 2n],
      since: new Date('2026-01-02T03:04:05.000Z'),
      deleted: false,
      complete: null,
      type: undefined,
    };
    const json = JSON.parse(JSON.stringify(toTaggedJson(filters)));
    const { type: _absent, ...present } = filters;
    expect(fromTaggedJson(json)).toEqual(present);
  });

  it('are recorded in the change log as plain JSON with the list and the row count', () => {
    expect(exportChanges('clients', { name: 'A', country: 7n, sales: undefined }, 2)).toEqual([
      { field: 'entity', from: null, to: 'clients' },
      { field: 'filters', from: null, to: { name: 'A', country: '7' } },
      { field: 'rows', from: null, to: 2 },
    ]);
  });
});

describe('the requester a job carries', () => {
  it('is the same principal after the round trip', () => {
    const user: Principal = {
      userId: 42n,
      username: 'demo.sales',
      displayName: '业务员',
      permissions: new Set(['client.search']),
      roleCode: 'SALES',
      departmentId: 7n,
      clientId: null,
      impersonatorId: 1n,
    };
    const back = principalOf(JSON.parse(JSON.stringify(snapshotOf(user))));
    expect(back).toEqual(user);
  });
});

describe('progress', () => {
  it.each([
    [0, 10, 0],
    [5, 10, 47],
    [10, 10, 95],
    [12, 10, 95],
    [0, 0, 95],
  ])('%i of %i rows written → %i %%', (written, total, percent) => {
    expect(rowsPercent(written, total)).toBe(percent);
  });

  const job = (status: JobStatus, progress: number | null, lastError: string | null = null) => ({
    status,
    progress,
    attempts: 3,
    maxAttempts: 3,
    lastError,
  });

  it('reads 100 only when the job is done, and 0 for a job that never reported', () => {
    expect(progressOf(job('done', 95), 'en')).toEqual({ state: 'done', percent: 100, error: null });
    expect(progressOf(job('running', 100), 'en')).toEqual({ state: 'running', percent: 99, error: null });
    expect(progressOf(job('queued', null, 'timeout'), 'en')).toEqual({
      state: 'queued',
      percent: 0,
      error: null,
    });
  });

  it('tells the requester why a job failed: its error, or that its worker stopped (in their language)', () => {
    expect(progressOf(job('failed', 40, 'S3 refused'), 'zh')).toEqual({
      state: 'failed',
      percent: 40,
      error: 'S3 refused',
    });
    expect(progressOf(job('dead', 10, 'the worker stopped'), 'en')).toEqual({
      state: 'failed',
      percent: 10,
      error: 'The worker stopped while running it (attempt 3 of 3)',
    });
    expect(progressOf(job('dead', 10), 'zh').error).toBe('执行时工作进程已停止（第 3 次，共 3 次）');
  });
});

describe('the workbook', () => {
  it('is named after the list and the day, without characters file systems refuse', () => {
    expect(exportFileName('客户', '2026-11-24')).toBe('客户-2026-11-24.xlsx');
    expect(exportFileName('A/B: C', '2026-11-24')).toBe('A B  C-2026-11-24.xlsx');
  });

  it('shows a client user only the columns marked for clients', () => {
    const column = (key: string, client?: boolean): ExportColumn<{ id: bigint }> => ({
      key,
      label: { zh: key, en: key },
      value: () => key,
      ...(client === undefined ? {} : { client }),
    });
    const columns = [column('name', true), column('sales'), column('fee', false)];
    expect(columnsFor(columns, { kind: 'client', clientId: 1n }).map((c) => c.key)).toEqual(['name']);
    expect(columnsFor(columns, { kind: 'all' }).map((c) => c.key)).toEqual(['name', 'sales', 'fee']);
  });

  it('puts a batch back in key order, leaving out keys without a row', () => {
    const rows = [{ id: 3n }, { id: 1n }];
    expect(inKeyOrder([1n, 2n, 3n], rows, (r) => r.id)).toEqual([{ id: 1n }, { id: 3n }]);
  });
});
