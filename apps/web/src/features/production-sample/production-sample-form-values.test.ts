import { describe, expect, it } from 'vitest';
import type { ProductionSampleDetail } from './api';
import {
  createProductionSampleInput,
  productionSampleFormValues,
  updateProductionSampleInput,
} from './production-sample-form-values';

const sample = {
  id: '41',
  version: 2,
  itemNo: 'PB-2024-001-P1',
  client: { id: '2', code: 'NH', name: 'Nordhome' },
  provider: { id: '5', code: 'F-JL-YW', nameZh: '佳乐', nameEn: 'Jiale' },
  originalSample: { id: '9', itemNo: 'PB-2024-001', name: 'Plush bear' },
  receivedDate: '2026-11-20',
  quantity: 6,
} as unknown as ProductionSampleDetail;

describe('production-sample form values', () => {
  it('starts a new sample empty and fills a loaded one with picked options', () => {
    expect(productionSampleFormValues()).toEqual({
      itemNo: '',
      client: null,
      providerFactoryId: null,
      originalSample: null,
    });
    expect(productionSampleFormValues(sample)).toEqual({
      itemNo: 'PB-2024-001-P1',
      client: { value: '2', label: 'Nordhome' },
      providerFactoryId: '5',
      originalSample: { value: '9', label: 'PB-2024-001' },
      receivedDate: '2026-11-20',
      quantity: 6,
    });
  });

  it('creates with the trimmed item no, leaving out the optional fields left empty', () => {
    expect(
      createProductionSampleInput({
        itemNo: '  RC-1 ',
        client: { value: '2', label: 'Nordhome' },
        providerFactoryId: '5',
        originalSample: null,
        receivedDate: null,
        quantity: 3,
      }),
    ).toEqual({ itemNo: 'RC-1', clientId: '2', providerFactoryId: '5', quantity: 3 });
  });

  it('updates only what changed, an emptied original sample as null', () => {
    const values = productionSampleFormValues(sample);
    expect(updateProductionSampleInput(sample, values)).toEqual({ id: '41', version: 2 });
    expect(
      updateProductionSampleInput(sample, { ...values, originalSample: null, quantity: 12, itemNo: 'PB-2 ' }),
    ).toEqual({ id: '41', version: 2, originalSampleId: null, quantity: 12, itemNo: 'PB-2' });
  });
});
