import { CHECKPOINT_RESULT } from '@qcdesk/contract/supervise-report';
import { describe, expect, it } from 'vitest';
import type { SuperviseReportDetail } from './api';
import { containerNoTyped, type SuperviseValues, submitProblems, updateOf } from './supervise-logic';

const ref = (nameEn: string) => ({ id: nameEn, code: nameEn, nameZh: null, nameEn });
const checkpoint = (id: string, mandatory: boolean, photoRequired: boolean) =>
  ({ id, checkpoint: ref(id), mandatory, photoRequired, result: 0, remark: null, photoIds: [] }) as const;
const report = {
  products: [{ id: 'p1', productNo: 'OD1-01', itemNo: 'A1' }],
  checkpoints: [
    checkpoint('CTN', true, true),
    checkpoint('QTY', true, false),
    checkpoint('MARK', false, true),
  ],
} as unknown as SuperviseReportDetail;

const values = (over: Partial<SuperviseValues> = {}): SuperviseValues => ({
  containerType: '40HQ',
  containerNo: 'CSQU3054383',
  sealNo: 'S1',
  remark: null,
  products: [{ id: 'p1', plannedCartons: null, loadedCartons: 10, loadedQuantity: null }],
  checkpoints: [
    {
      id: 'CTN',
      result: CHECKPOINT_RESULT.pass,
      remark: null,
      photos: [{ id: 'f1', name: '#1', flags: [] }],
    },
    { id: 'QTY', result: CHECKPOINT_RESULT.pass, remark: null, photos: [] },
    { id: 'MARK', result: CHECKPOINT_RESULT.none, remark: null, photos: [] },
  ],
  ...over,
});
const name = (c: SuperviseReportDetail['checkpoints'][number]) => c.checkpoint.nameEn ?? '';

describe('the loading report editor (DOMAIN.md §4.5 submit)', () => {
  it('checks a typed container no against ISO 6346 (empty is fine until submit)', () => {
    expect(containerNoTyped('')).toBe(true);
    expect(containerNoTyped('csqu 305438-3')).toBe(true);
    expect(containerNoTyped('CSQU3054384')).toBe(false);
  });

  it('finds nothing missing in a complete report', () => {
    expect(submitProblems(values(), report, name)).toEqual([]);
  });

  it('lists every gap at once, in the editor order', () => {
    const open = values({
      containerNo: 'CSQU3054384',
      sealNo: ' ',
      products: [{ id: 'p1', plannedCartons: 5, loadedCartons: null, loadedQuantity: null }],
      checkpoints: [
        { id: 'CTN', result: CHECKPOINT_RESULT.notApplicable, remark: null, photos: [] },
        { id: 'QTY', result: CHECKPOINT_RESULT.none, remark: null, photos: [] },
        { id: 'MARK', result: CHECKPOINT_RESULT.fail, remark: null, photos: [] },
      ],
    });
    expect(submitProblems(open, report, name)).toEqual([
      { kind: 'containerBad', value: 'CSQU3054384' },
      { kind: 'sealMissing' },
      { kind: 'cartonsMissing', name: 'OD1-01' },
      { kind: 'photoMissing', name: 'CTN' },
      { kind: 'checkpointOpen', name: 'QTY' },
      { kind: 'photoMissing', name: 'MARK' },
    ]);
    expect(submitProblems(values({ containerNo: null }), report, name)).toEqual([
      { kind: 'containerMissing' },
    ]);
  });

  it('sends the container no normalized and blank texts as none', () => {
    const input = updateOf(values({ containerNo: 'csqu 305438-3', remark: '  ' }));
    expect(input).toMatchObject({ containerNo: 'CSQU3054383', remark: null, sealNo: 'S1' });
    expect(input.checkpoints?.[0]).toEqual({ id: 'CTN', result: 1, remark: null, photoIds: ['f1'] });
  });
});
