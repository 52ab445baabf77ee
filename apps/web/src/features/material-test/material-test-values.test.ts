import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { hasChanges } from '../../components/record/use-record-form';
import { toFilters } from '../../components/table-columns';
import type { MaterialTestDetail } from './api';
import { materialTestColumns } from './material-test-columns';
import {
  completes,
  createMaterialTestInput,
  materialTestFormValues,
  updateMaterialTestInput,
} from './material-test-form-values';

const t = ((key: string) => key) as unknown as TFunction;
const file = (id: string) => ({
  id,
  name: `r${id}.pdf`,
  size: 10,
  updateTime: '2024-05-21T08:00:00.000Z',
  url: `/api/file/${id}`,
});

function buildTest(overrides: Partial<MaterialTestDetail> = {}): MaterialTestDetail {
  return {
    id: '9',
    testNo: 'MT2405210001',
    material: { id: '60', upc: '6901234500011', name: 'ABS' },
    lab: { id: '70', code: 'SGS', nameZh: 'SGS深圳', nameEn: 'SGS Shenzhen' },
    startDate: '2024-05-21',
    endDate: '2025-05-21',
    result: 1,
    status: 30,
    pushCount: 1,
    pushedAt: '2024-05-22T08:00:00.000Z',
    valid: 1,
    version: 3,
    updatedAt: '2024-05-22T08:00:00.000Z',
    testItems: [{ id: '100', code: 'T1', nameZh: 'a', nameEn: 'a' }],
    reportFiles: [
      { ...file('500'), contentType: 'application/pdf', kind: 'document', sha256: 'x', thumbnailUrl: null },
    ],
    remark: null,
    pushedTo: ['lab@qcdesk.local'],
    actions: ['push'],
    createdBy: null,
    createdAt: '2024-05-21T08:00:00.000Z',
    ...overrides,
  };
}

describe('material-test filters', () => {
  it('turns the validity range into startTime / endTime and the material into its id (DOMAIN.md §2.11)', () => {
    const columns = materialTestColumns({ language: 'en', t, materialLinks: true, canEdit: false });
    expect(
      toFilters(columns, {
        validity: ['2024-01-01', '2024-12-31'],
        material: { value: '60', label: '6901234500011 | ABS' },
        status: 20,
      }),
    ).toEqual({ startTime: '2024-01-01', endTime: '2024-12-31', materialId: '60', status: 20 });
  });
});

describe('material-test form values', () => {
  it('records a new test from today for the material it was opened from', () => {
    const values = materialTestFormValues(undefined, { value: '60', label: 'ABS' }, '2024-05-21');
    expect(createMaterialTestInput({ ...values, result: 1, reportFiles: [file('500')] })).toEqual({
      materialId: '60',
      testItemIds: [],
      startDate: '2024-05-21',
      result: 1,
      reportFileIds: ['500'],
    });
  });

  it('a result and a report file complete a test (DOMAIN.md §4.13)', () => {
    expect(completes({ result: 0, reportFiles: [file('1')] })).toBe(false);
    expect(completes({ result: 3, reportFiles: [] })).toBe(false);
    expect(completes({ result: 3, reportFiles: [file('1')] })).toBe(true);
  });

  it('updates only what changed: a new file list, a cleared remark, a removed lab', () => {
    const test = buildTest({ remark: 'old' });
    const same = materialTestFormValues(test);
    expect(hasChanges(updateMaterialTestInput(test, same))).toBe(false);
    expect(
      updateMaterialTestInput(test, {
        ...same,
        labId: null,
        remark: '',
        reportFiles: [...same.reportFiles, file('501')],
      }),
    ).toEqual({ id: '9', version: 3, labId: null, remark: '', reportFileIds: ['500', '501'] });
  });

  it('ignores the order of the test items', () => {
    const test = buildTest({
      testItems: [
        { id: '1', code: null, nameZh: null, nameEn: null },
        { id: '2', code: null, nameZh: null, nameEn: null },
      ],
    });
    expect(
      updateMaterialTestInput(test, { ...materialTestFormValues(test), testItemIds: ['2', '1'] }),
    ).toEqual({ id: '9', version: 3 });
  });
});
