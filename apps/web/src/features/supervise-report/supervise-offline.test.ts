import { CHECKPOINT_RESULT, updateSuperviseReport } from '@qcdesk/contract/supervise-report';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { kindCalls } from '../../offline/kind';
import { decide, emptyOutbox, queuedBody } from '../../offline/outbox';
import { memoryStore } from '../../offline/store';
import { photoKey, syncReport } from '../../offline/sync';
import type { SuperviseReportDetail } from './api';
import { compareSupervise, superviseReportOffline, superviseServer } from './supervise-offline';

const ref = (nameEn: string) => ({ id: nameEn, code: nameEn, nameZh: null, nameEn });
const detail = (over: Partial<SuperviseReportDetail> = {}) =>
  ({
    id: '7',
    version: 3,
    containerType: '40HQ',
    containerNo: null,
    sealNo: null,
    remark: null,
    checkedOutBy: null,
    checkoutExpiresAt: null,
    actions: [],
    products: [
      {
        id: 'p1',
        productNo: 'OD1-01',
        itemNo: 'A1',
        plannedCartons: 10,
        loadedCartons: null,
        loadedQuantity: null,
      },
    ],
    checkpoints: [{ id: 'c1', checkpoint: ref('Doors'), result: 0, remark: null, photoIds: [] }],
    ...over,
  }) as unknown as SuperviseReportDetail;
const holder = { id: '1', username: 'a', nameZh: null, nameEn: 'A' };
const now = Date.parse('2026-11-28T10:00:00Z');
/** Keys and their values: the texts are the areas' (checked by the i18n tests), not this logic's. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${Object.values(options).join(',')})` : key) as unknown as TFunction;

describe('the supervise report offline', () => {
  it('gives the sync its version, its live checkout and the actions', () => {
    const held = detail({
      checkedOutBy: holder,
      checkoutExpiresAt: '2026-11-28T18:00:00Z',
      actions: ['update'],
    } as never);
    expect(superviseServer(held)).toEqual({
      version: 3,
      checkout: { expiresAt: '2026-11-28T18:00:00Z' },
      actions: ['update'],
    });
    expect(decide(superviseServer(held), 3, now)).toBe('send');
    // Lapsed and nobody saved since: taken again. Taken by another or changed: a conflict.
    const lapsed = detail({ checkedOutBy: holder, checkoutExpiresAt: '2026-11-28T09:00:00Z' } as never);
    expect(decide(superviseServer(lapsed), 3, now)).toBe('retake');
    expect(decide(superviseServer(detail()), 3, now)).toBe('retake');
    expect(decide(superviseServer(detail({ version: 4 })), 3, now)).toBe('conflict');
    const other = detail({ checkedOutBy: holder, checkoutExpiresAt: '2026-11-28T18:00:00Z' } as never);
    expect(decide(superviseServer(other), 3, now)).toBe('conflict');
  });

  it('after the checkout lapsed: takes it again, uploads the photo and sends the form with its stored id', async () => {
    let server = detail({ checkedOutBy: holder, checkoutExpiresAt: '2026-11-28T09:00:00Z' } as never);
    const calls: string[] = [];
    const sent: Record<string, unknown>[] = [];
    const sync = kindCalls(superviseReportOffline, async (op, input) => {
      calls.push(op.path);
      if (op === superviseReportOffline.checkout)
        server = {
          ...server,
          version: server.version + 1,
          checkoutExpiresAt: '2999-01-01T00:00:00Z',
          actions: ['update'],
        };
      else if (op === updateSuperviseReport) {
        sent.push(input);
        server = { ...server, version: server.version + 1 };
      }
      return server;
    });
    const store = memoryStore();
    await store.put(photoKey('local-a'), new Blob(['a'], { type: 'image/png' }));
    const outbox = emptyOutbox('7', 3);
    outbox.photos = [{ id: 'local-a', name: 'doors.png' }];
    const form = {
      id: '7',
      version: 3,
      sealNo: 'S1',
      checkpoints: [{ id: 'c1', result: 1, photoIds: ['local-a'] }],
    };
    outbox.entries = [{ path: updateSuperviseReport.path, body: queuedBody(form) }];
    const outcome = await syncReport(outbox, {
      store,
      ...sync,
      upload: async () => ({ id: '90' }),
      save: async () => undefined,
    });
    expect(outcome).toEqual({ kind: 'done', version: 5 });
    expect(calls).toEqual([
      'supervisereport/details',
      'supervisereport/checkout',
      'supervisereport/details',
      'supervisereport/update',
    ]);
    expect(sent).toEqual([
      { id: '7', version: 4, sealNo: 'S1', checkpoints: [{ id: 'c1', result: 1, photoIds: ['90'] }] },
    ]);
  });

  it('shows only the parts that differ from the server, in words', () => {
    const server = detail({ sealNo: 'S0' });
    const body = {
      id: '7',
      containerType: '40HQ',
      containerNo: null,
      sealNo: 'S1',
      remark: null,
      products: [{ id: 'p1', plannedCartons: 10, loadedCartons: 50, loadedQuantity: null }],
      checkpoints: [{ id: 'c1', result: CHECKPOINT_RESULT.pass, remark: 'ok', photoIds: ['local-a'] }],
    };
    const parts = compareSupervise([{ path: updateSuperviseReport.path, body }], server as never, {
      t,
      language: 'en',
      client: undefined as never,
    });
    expect(parts.map((p) => p.title)).toEqual([
      'supervise-report.container',
      'supervise-report.products · OD1-01',
      'supervise-report.checkpoints · Doors',
    ]);
    expect(parts[0]).toMatchObject({
      mine: ['supervise-report.conflictField(supervise-report.sealNo,S1)'],
      server: ['supervise-report.conflictField(supervise-report.sealNo,S0)'],
    });
    expect(parts[1]?.mine[0]).toContain('supervise-report.loadedCartons 50');
    expect(parts[2]).toMatchObject({
      mine: ['Pass · ok · inspection-report.offline.photos(1)'],
      server: ['supervise-report.notChecked'],
    });
  });
});
