import { areas } from '@qcdesk/contract';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/support/refusals';
import type { Scope } from '../../platform/scope';
import {
  assertItemNoFree,
  checksItemNo,
  duplicateItemNo,
  isComplete,
  itemNoClient,
  materialValues,
  mayWriteSample,
  partValues,
  seesSample,
  validityChange,
} from './original-sample.rules';

// The original-sample rules of DOMAIN.md §2.3 and §5.4 without a database.

const SALES1 = 11n;
const sales: Scope = { kind: 'department', userId: 7n, departmentIds: [SALES1], ownClientsOnly: true };
const client = { id: 100n, departmentId: SALES1, salesId: 7n };
const permitted = (...permissions: string[]) => ({ permissions: new Set(permissions) });
const parts = (input: unknown) =>
  areas.originalSample.createOriginalSample.input.parse({ itemNo: 'PB-1', name: 'Plush bear', parts: input })
    .parts;

describe('who writes a sample (DOMAIN.md §5.4)', () => {
  it('writes samples of clients the caller may write', () => {
    expect(mayWriteSample(sales, client.id, client)).toBe(true);
    expect(mayWriteSample(sales, 101n, { ...client, id: 101n, salesId: 9n })).toBe(false);
    expect(mayWriteSample({ kind: 'all' }, 101n, { ...client, id: 101n, salesId: 9n })).toBe(true);
    expect(mayWriteSample({ kind: 'all' }, 101n, undefined)).toBe(false);
  });

  it('lets everyone but client users write shared samples [D]', () => {
    expect(mayWriteSample(sales, null, undefined)).toBe(true);
    expect(mayWriteSample({ kind: 'inspector', userId: 3n }, null, undefined)).toBe(true);
    expect(mayWriteSample({ kind: 'client', clientId: 100n }, null, undefined)).toBe(false);
  });

  it('shows deleted samples only to holders of originalsample.edit', () => {
    expect(seesSample(permitted('originalsample.search'), { valid: 0 })).toBe(false);
    expect(seesSample(permitted('originalsample.edit'), { valid: 0 })).toBe(true);
    expect(seesSample(permitted(), { valid: 1 })).toBe(true);
  });
});

describe('parts and materials (DOMAIN.md §2.3)', () => {
  it('is complete when it has parts and each has a material', () => {
    expect(isComplete([])).toBe(false);
    expect(isComplete([{ materials: [1] }, { materials: [] }])).toBe(false);
    expect(isComplete([{ materials: [1] }, { materials: [2, 3] }])).toBe(true);
  });

  it('stores parts and materials in the order sent, percentages with 2 decimals', () => {
    const wanted = parts([
      {
        partId: '4',
        materials: [{ materialId: '9', percentage: 62.5, colour: '红 red' }, { materialId: '8' }],
      },
      { partId: '3' },
    ]);
    expect(partValues(wanted)).toEqual([
      { partId: 4n, sort: 0 },
      { partId: 3n, sort: 1 },
    ]);
    expect(materialValues(wanted[0]!)).toEqual([
      { materialId: 9n, percentage: '62.50', colour: '红 red', sort: 0 },
      { materialId: 8n, percentage: null, colour: null, sort: 1 },
    ]);
    expect(materialValues(wanted[1]!)).toEqual([]);
  });
});

describe('updates', () => {
  it('names the write by what it does to `valid`; a deleted sample is only undeleted', () => {
    expect(validityChange(1, 0).action).toBe('delete');
    expect(validityChange(0, 1).action).toBe('undelete');
    expect(validityChange(1, 1).action).toBe('update');
    expect(refusalOf(() => validityChange(0, undefined)).reason).toBe('E_STATUS');
  });

  it('checks the item no when it, the client or validity changes', () => {
    const kept = { wasValid: true, staysValid: true };
    expect(checksItemNo(kept, {})).toBe(false);
    expect(checksItemNo(kept, { itemNo: 'PB-2' })).toBe(true);
    expect(checksItemNo(kept, { clientId: null })).toBe(true);
    expect(checksItemNo({ wasValid: false, staysValid: true }, {})).toBe(true);
    expect(checksItemNo({ wasValid: true, staysValid: false }, { itemNo: 'PB-2' })).toBe(false);
  });

  it('checks against the shared samples when a sample becomes shared', () => {
    expect(itemNoClient({ clientId: null }, { clientId: 100n })).toBeNull();
    expect(itemNoClient({}, { clientId: 100n })).toBe(100n);
    expect(itemNoClient({ clientId: 101n }, { clientId: null })).toBe(101n);
  });

  it('answers a taken item no, checked or caught by the index, as E_DUPLICATE', () => {
    expect(refusalOf(() => assertItemNoFree(true))).toEqual({ reason: 'E_DUPLICATE', field: 'itemNo' });
    expect(() => assertItemNoFree(false)).not.toThrow();
    expect(
      refusalOf(() => duplicateItemNo({ code: '23505', constraint: 'original_samples_item_uq' })),
    ).toEqual({
      reason: 'E_DUPLICATE',
      field: 'itemNo',
    });
    const other = new Error('deadlock');
    expect(() => duplicateItemNo(other)).toThrow(other);
  });
});
