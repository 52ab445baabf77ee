import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { hasChanges } from '../../components/record/use-record-form';
import { toFilters } from '../../components/table-columns';
import type { MaterialDetail } from './api';
import { materialColumns } from './material-columns';
import { createMaterialInput, materialFormValues, updateMaterialInput } from './material-form-values';

const t = ((key: string) => key) as unknown as TFunction;
const ref = (id: string) => ({ id, code: `C${id}`, nameZh: `名${id}`, nameEn: `Name ${id}` });

function buildMaterial(overrides: Partial<MaterialDetail> = {}): MaterialDetail {
  return {
    id: '60',
    upc: '6901234500011',
    name: 'ABS',
    technicalName: 'Acrylonitrile butadiene styrene',
    customName: null,
    riskLevel: ref('1'),
    materialType: ref('2'),
    supplier: ref('3'),
    validTests: 0,
    valid: 1,
    version: 5,
    updatedAt: '2024-05-21T08:00:00.000Z',
    tests: [],
    originalSamples: [],
    createdBy: null,
    createdAt: '2024-05-20T08:00:00.000Z',
    ...overrides,
  };
}

describe('material filters', () => {
  it('maps upc, name, type and q0 (spec §3) to the search input', () => {
    const columns = materialColumns({ language: 'en', t, canEdit: false });
    expect(toFilters(columns, { upc: ' 0011 ', name: 'ABS', type: '2', q0: true, riskLevel: null })).toEqual({
      upc: '0011',
      name: 'ABS',
      type: '2',
      q0: true,
    });
    expect(toFilters(columns, { q0: false })).toEqual({ q0: false });
  });
});

describe('material form values', () => {
  it('creates without empty optionals', () => {
    expect(
      createMaterialInput({
        upc: ' 123-A ',
        name: ' PVC ',
        technicalName: ' ',
        customName: '',
        riskLevelId: '1',
        materialTypeId: '2',
        supplierId: null,
      }),
    ).toEqual({ upc: '123-A', name: 'PVC', riskLevelId: '1', materialTypeId: '2' });
  });

  it('updates only what changed; emptied names and a removed supplier are cleared', () => {
    const material = buildMaterial();
    expect(hasChanges(updateMaterialInput(material, materialFormValues(material)))).toBe(false);
    expect(
      updateMaterialInput(material, {
        ...materialFormValues(material),
        technicalName: '',
        supplierId: null,
        customName: 'ABS粒子',
      }),
    ).toEqual({ id: '60', version: 5, technicalName: '', customName: 'ABS粒子', supplierId: null });
  });
});
