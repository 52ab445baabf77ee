import { describe, expect, it } from 'vitest';
import { duplicateIndexes } from '../../components/record/form-rows';
import { hasChanges } from '../../components/record/use-record-form';
import type { StandardDetail } from './api';
import {
  createStandardInput,
  standardFormValues,
  standardTestKey,
  standardTestsInput,
  standardTestValues,
  updateStandardInput,
} from './standard-form-values';

const ref = (id: string) => ({ id, code: `C${id}`, nameZh: `名${id}`, nameEn: `Name ${id}` });

function buildStandard(overrides: Partial<StandardDetail> = {}): StandardDetail {
  return {
    id: '4',
    name: 'US toy safety',
    productScope: 'Toys',
    testCount: 1,
    valid: 1,
    version: 2,
    updatedAt: '2024-05-21T08:00:00.000Z',
    description: null,
    standards: [ref('8')],
    createdBy: null,
    createdAt: '2024-05-20T08:00:00.000Z',
    country: ref('21'),
    ...overrides,
  };
}

describe('standard form values', () => {
  it('names the country only for country standards', () => {
    const values = {
      name: ' Plush ',
      countryId: '21',
      productScope: '',
      description: ' text ',
      standardIds: ['8', '8'],
    };
    expect(createStandardInput('common', values)).toEqual({
      name: 'Plush',
      description: 'text',
      standardIds: ['8'],
    });
    expect(createStandardInput('country', values)).toEqual({
      name: 'Plush',
      countryId: '21',
      description: 'text',
      standardIds: ['8'],
    });
  });

  it('updates only what changed', () => {
    const standard = buildStandard();
    expect(hasChanges(updateStandardInput('country', standard, standardFormValues(standard)))).toBe(false);
    expect(
      updateStandardInput('country', standard, {
        ...standardFormValues(standard),
        productScope: '',
        standardIds: [],
      }),
    ).toEqual({ id: '4', version: 2, productScope: '', standardIds: [] });
  });

  it('sends the whole test list with the standard’s version, rows without a test item left out', () => {
    const tests = { id: '4', version: 2, tests: [{ id: '1', testItem: ref('100'), mandatory: false }] };
    const values = [...standardTestValues(tests), { mandatory: true }];
    expect(standardTestsInput(tests, values)).toEqual({
      id: '4',
      version: 2,
      tests: [{ testItemId: '100', mandatory: false }],
    });
    expect(
      duplicateIndexes(
        [
          { testItemId: '1', mandatory: true },
          { testItemId: '1', mandatory: false },
        ],
        standardTestKey,
      ),
    ).toEqual([1]);
  });
});
