import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { duplicateIndexes } from '../../components/record/form-rows';
import { initialSearchValues, toFilters } from '../../components/table-columns';
import type { OriginalSampleDetail } from './api';
import { completeFilter, originalSampleColumns } from './original-sample-columns';
import {
  createOriginalSampleInput,
  originalSampleFormValues,
  partInputs,
  partsComplete,
  partValues,
  updateOriginalSampleInput,
} from './original-sample-form-values';

const t = ((key: string) => key) as unknown as TFunction;

function buildSample(overrides: Partial<OriginalSampleDetail> = {}): OriginalSampleDetail {
  return {
    id: '3',
    itemNo: 'PB-2024-001',
    name: 'Plush bear',
    client: { id: '7', code: 'NORDHOME', name: 'Nordic Home AB' },
    complete: true,
    partCount: 1,
    valid: 1,
    version: 2,
    updatedAt: '2024-05-21T08:00:00.000Z',
    createdBy: null,
    createdAt: '2024-05-20T08:00:00.000Z',
    parts: [
      {
        id: '10',
        part: { id: '50', code: 'FABRIC', nameZh: '面料', nameEn: 'Fabric' },
        materials: [
          {
            id: '11',
            material: { id: '60', upc: '6901234500042', name: 'Plush' },
            percentage: 100,
            colour: null,
          },
        ],
      },
    ],
    ...overrides,
  };
}

describe('original-sample filters', () => {
  it('searches complete samples by default (spec §3: complete defaults to true)', () => {
    const columns = originalSampleColumns({ language: 'en', t, canEdit: false });
    expect(toFilters(columns, initialSearchValues(columns))).toEqual({ complete: true });
  });

  it('sends null for all samples and false for incomplete ones', () => {
    expect(completeFilter('all')).toEqual({ complete: null });
    expect(completeFilter('incomplete')).toEqual({ complete: false });
    const columns = originalSampleColumns({ language: 'en', t, canEdit: false });
    expect(
      toFilters(columns, { itemNo: ' 001 ', complete: 'all', client: { value: '7', label: 'Nordic' } }),
    ).toEqual({
      itemNo: '001',
      complete: null,
      client: '7',
    });
  });
});

describe('original-sample form values', () => {
  it('creates with the client id and the parts people filled in', () => {
    const input = createOriginalSampleInput({
      itemNo: ' RC-1 ',
      name: 'Racing car',
      client: { value: '7', label: 'Nordic' },
      parts: [
        {
          partId: '50',
          materials: [
            { material: { value: '60', label: 'x' }, percentage: 60.5, colour: ' red ' },
            { material: null, percentage: 10 },
          ],
        },
        { materials: [] },
      ],
    });
    expect(input).toEqual({
      itemNo: 'RC-1',
      name: 'Racing car',
      clientId: '7',
      parts: [{ partId: '50', materials: [{ materialId: '60', percentage: 60.5, colour: 'red' }] }],
    });
  });

  it('round-trips the parts of a sample', () => {
    expect(partInputs(partValues(buildSample()))).toEqual([
      { partId: '50', materials: [{ materialId: '60', percentage: 100 }] },
    ]);
  });

  it('updates only what changed; a removed client is sent as null', () => {
    const sample = buildSample();
    expect(updateOriginalSampleInput(sample, originalSampleFormValues(sample))).toEqual({
      id: '3',
      version: 2,
    });
    expect(updateOriginalSampleInput(sample, { ...originalSampleFormValues(sample), client: null })).toEqual({
      id: '3',
      version: 2,
      clientId: null,
    });
  });

  it('knows completeness and repeated rows as DOMAIN.md §2.3 defines them', () => {
    expect(partsComplete([])).toBe(false);
    expect(partsComplete([{ partId: '1', materials: [] }])).toBe(false);
    expect(partsComplete(partValues(buildSample()))).toBe(true);
    expect(duplicateIndexes([{ partId: '1' }, { partId: '2' }, { partId: '1' }], (p) => p.partId)).toEqual([
      2,
    ]);
  });
});
