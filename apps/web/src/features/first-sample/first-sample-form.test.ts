import { describe, expect, it } from 'vitest';
import type { FirstSampleDetail } from './api';
import { createFirstSampleInput, firstSampleFormValues, updateFirstSampleInput } from './first-sample-form';

const sample = {
  id: '7',
  version: 3,
  status: 10,
  itemNo: 'WB-01',
  receivedDate: '2026-03-01',
  remark: null,
  product: { id: '5', productNo: 'OD1-01', name: 'Blocks', orderId: '1', orderNo: 'OD1' },
  checkItems: [{ checkItem: { id: '11' } }, { checkItem: { id: '12' } }],
} as unknown as FirstSampleDetail;

describe('first-sample form values', () => {
  it('creates with the picked product, and leaves the defaults to the server', () => {
    const values = { ...firstSampleFormValues(undefined, '2026-03-02'), product: { value: '5', label: 'x' } };
    expect(createFirstSampleInput(values)).toEqual({ orderProductId: '5', receivedDate: '2026-03-02' });
    expect(createFirstSampleInput({ ...values, itemNo: ' A-1 ', checkItemIds: ['11'] })).toMatchObject({
      itemNo: 'A-1',
      checkItemIds: ['11'],
    });
  });

  it('updates only what changed, the item list only while registered', () => {
    const same = firstSampleFormValues(sample);
    expect(updateFirstSampleInput(sample, same)).toEqual({ id: '7', version: 3 });
    const changed = { ...same, remark: ' Urgent ', checkItemIds: ['12'] };
    expect(updateFirstSampleInput(sample, changed)).toEqual({
      id: '7',
      version: 3,
      remark: 'Urgent',
      checkItemIds: ['12'],
    });
    expect(updateFirstSampleInput({ ...sample, status: 20 }, changed)).toEqual({
      id: '7',
      version: 3,
      remark: 'Urgent',
    });
  });
});
