import {
  checkoutInspectionReport,
  getInspectionReport,
  updateInspectionReport,
} from '@qcdesk/contract/inspection-report';
import type { OperationDef } from '@qcdesk/contract/operation';
import {
  checkoutSuperviseReport,
  getSuperviseReport,
  updateSuperviseReport,
} from '@qcdesk/contract/supervise-report';
import { describe, expect, it } from 'vitest';
import { type KindCall, kindCalls, type OfflineKind, outboxKey, writeOf } from './kind';

// Two kinds as the areas describe them (their reads, checkouts and writes; the detail mapped to what
// the sync decides on), over a fake API client: the one code path serves both.
const kind = (prefix: string, get: OperationDef, checkout: OperationDef, write: OperationDef) =>
  ({
    prefix,
    get,
    checkout,
    writes: [write],
    lists: [],
    server: (d: { version: number; until: string | null; actions: string[] }) => ({
      version: d.version,
      checkout: d.until ? { expiresAt: d.until } : null,
      actions: d.actions,
    }),
    compare: () => [],
  }) satisfies OfflineKind;
const inspection = kind('report', getInspectionReport, checkoutInspectionReport, updateInspectionReport);
const supervise = kind('supervise', getSuperviseReport, checkoutSuperviseReport, updateSuperviseReport);

/** A fake client: each call noted by path; a read answers the report, a checkout or write a new version. */
function fakeApi(k: OfflineKind, version: number) {
  const calls: { path: string; input: Record<string, unknown> }[] = [];
  let current = version;
  const call: KindCall = async (op, input) => {
    calls.push({ path: op.path, input });
    if (op !== k.get) current += 1;
    return { version: current, until: null, actions: ['update'] };
  };
  return { call, calls };
}

describe('an offline kind', () => {
  it('keeps its outboxes under its own prefix: two kinds never share a report id', () => {
    expect(outboxKey(inspection, '7')).toBe('report:7');
    expect(outboxKey(supervise, '7')).toBe('supervise:7');
  });

  it('sends only its own queued writes, by path', () => {
    expect(writeOf(supervise, updateSuperviseReport.path)).toBe(updateSuperviseReport);
    expect(writeOf(supervise, updateInspectionReport.path)).toBeUndefined();
    expect(writeOf(inspection, updateInspectionReport.path)).toBe(updateInspectionReport);
  });

  it('reads, re-takes and writes through its own operations, the version given at send time', async () => {
    for (const k of [inspection, supervise]) {
      const { call, calls } = fakeApi(k, 4);
      const sync = kindCalls(k, call);
      expect(await sync.fetchReport('7')).toEqual({ version: 4, checkout: null, actions: ['update'] });
      const taken = await sync.checkout('7');
      expect(taken.version).toBe(5);
      expect(await sync.send({ path: k.writes[0]!.path, body: { id: '7', remark: 'x' } }, 5)).toMatchObject({
        version: 6,
      });
      expect(calls).toEqual([
        { path: k.get.path, input: { id: '7' } },
        { path: k.checkout.path, input: { id: '7' } },
        { path: k.get.path, input: { id: '7' } },
        { path: k.writes[0]!.path, input: { id: '7', remark: 'x', version: 5 } },
      ]);
      await expect(sync.send({ path: 'elsewhere/update', body: {} }, 6)).rejects.toThrow('elsewhere');
    }
  });
});
