import { describe, expect, it } from 'vitest';
import { duplicateIndexes } from '../../components/record/form-rows';
import { hasChanges } from '../../components/record/use-record-form';
import type { ClientDetail, ClientRequirements } from './api';
import {
  clientFormValues,
  createClientInput,
  safetyTestInputs,
  testRequirementInputs,
  testRequirementKey,
  testRequirementValues,
  updateClientInput,
} from './client-form-values';

const ref = (id: string, code: string) => ({ id, code, nameZh: `名${code}`, nameEn: `Name ${code}` });

function buildClient(overrides: Partial<ClientDetail> = {}): ClientDetail {
  return {
    id: '7',
    code: 'NORDHOME',
    name: 'Nordic Home AB',
    country: ref('21', 'SE'),
    type: 2,
    sales: { id: '5', name: '演示业务员', englishName: 'Demo Sales' },
    department: ref('3', 'S1'),
    samplingLevel: ref('31', 'II'),
    tensionLevel: null,
    majorAql: 2.5,
    minorAql: 4,
    advanceDays: 3,
    state: 1,
    valid: 1,
    version: 4,
    updatedAt: '2024-05-21T08:00:00.000Z',
    destinationCountries: [ref('90', 'EU'), ref('22', 'NO')],
    inspectionRequirement: 'Drop-test the cartons.',
    safetyRequirement: null,
    reportEmails: ['qa@nordichome.example.com'],
    sharePassword: false,
    createdBy: null,
    createdAt: '2024-05-20T08:00:00.000Z',
    ...overrides,
  };
}

describe('client form values', () => {
  it('starts a new client with the defaults of DOMAIN.md §1.2 and the given sales', () => {
    const values = clientFormValues(undefined, {
      sales: { value: '5', label: 'Demo' },
      samplingLevelId: '31',
    });
    expect(values).toMatchObject({
      sales: { value: '5', label: 'Demo' },
      samplingLevelId: '31',
      majorAql: 2.5,
      minorAql: 4,
      advanceDays: 2,
      destinationCountries: [],
      tests: [],
    });
  });

  it('shows a client with the sales as a picked option and destinations as codes', () => {
    const values = clientFormValues(buildClient());
    expect(values.sales).toEqual({ value: '5', label: '演示业务员 (Demo Sales)' });
    expect(values.destinationCountries).toEqual(['EU', 'NO']);
    expect(values.safetyRequirement).toBe('');
  });

  it('creates with trimmed texts, an upper-cased code, unique lower-case e-mails and no empty optionals', () => {
    const input = createClientInput({
      ...clientFormValues(undefined, { sales: { value: '5', label: 'Demo' } }),
      code: ' pactoys ',
      name: '  Pacific Toys Inc. ',
      countryId: '4',
      type: 3,
      reportEmails: ['QA@pacific.example', 'qa@pacific.example'],
    });
    expect(input).toEqual({
      code: 'PACTOYS',
      name: 'Pacific Toys Inc.',
      countryId: '4',
      type: 3,
      salesId: '5',
      majorAql: 2.5,
      minorAql: 4,
      advanceDays: 2,
      destinationCountries: [],
      inspectionRequirement: '',
      safetyRequirement: '',
      reportEmails: ['qa@pacific.example'],
      sharePassword: false,
    });
  });

  it('leaves the code out of a create when it is empty (the server gives one)', () => {
    expect(createClientInput(clientFormValues()).code).toBeUndefined();
  });

  it('updates only what changed, with the version read', () => {
    const client = buildClient();
    const values = { ...clientFormValues(client), minorAql: 6.5, destinationCountries: ['NO', 'EU'] };
    expect(updateClientInput(client, values)).toEqual({ id: '7', version: 4, minorAql: 6.5 });
  });

  it('never sends an unchanged sales (changing it needs client.admin)', () => {
    const client = buildClient();
    expect(updateClientInput(client, clientFormValues(client))).toEqual({ id: '7', version: 4 });
    expect(hasChanges(updateClientInput(client, clientFormValues(client)))).toBe(false);
    const moved = { ...clientFormValues(client), sales: { value: '9', label: 'Other' } };
    expect(updateClientInput(client, moved).salesId).toBe('9');
  });

  it('clears an emptied text with "" and a removed tension level with null', () => {
    const client = buildClient({ tensionLevel: ref('41', 'T2') });
    const values = { ...clientFormValues(client), inspectionRequirement: '  ', tensionLevelId: null };
    expect(updateClientInput(client, values)).toEqual({
      id: '7',
      version: 4,
      inspectionRequirement: '',
      tensionLevelId: null,
    });
  });
});

describe('requirement lists', () => {
  const lists: ClientRequirements = {
    clientId: '7',
    version: 4,
    tests: [
      {
        id: '1',
        testItem: ref('100', 'T-EN71-1'),
        country: ref('90', 'EU'),
        productTypes: [1, 2, 3],
        mandatory: true,
      },
      { id: '2', testItem: ref('101', 'T-PHT'), country: null, productTypes: [1], mandatory: false },
    ],
    safetyTests: [{ id: '3', inspectionTest: ref('200', 'DROP'), sampleQty: 2, criterion: null }],
  };

  it('round-trips the test requirements through the form', () => {
    expect(testRequirementInputs(testRequirementValues(lists))).toEqual([
      { testItemId: '100', countryCode: 'EU', productTypes: [1, 2, 3], mandatory: true },
      { testItemId: '101', countryCode: null, productTypes: [1], mandatory: false },
    ]);
  });

  it('leaves out rows without a test item and falls back to every product type', () => {
    expect(
      testRequirementInputs([
        { productTypes: [1], mandatory: true },
        { testItemId: '5', countryCode: '', productTypes: [], mandatory: true },
      ]),
    ).toEqual([{ testItemId: '5', countryCode: null, productTypes: [1, 2, 3], mandatory: true }]);
  });

  it('sends safety tests with a sample quantity, criterion only when given', () => {
    expect(
      safetyTestInputs([
        { inspectionTestId: '200', sampleQty: 2, criterion: ' ' },
        { inspectionTestId: '201', sampleQty: 5, criterion: 'No small parts' },
        { inspectionTestId: '202', sampleQty: null },
      ]),
    ).toEqual([
      { inspectionTestId: '200', sampleQty: 2 },
      { inspectionTestId: '201', sampleQty: 5, criterion: 'No small parts' },
    ]);
  });

  it('finds a test item required twice for the same destination (DOMAIN.md §2.2)', () => {
    const rows = [
      { testItemId: '100', countryCode: 'EU', productTypes: [1], mandatory: true },
      { testItemId: '100', countryCode: null, productTypes: [1], mandatory: true },
      { testItemId: '100', countryCode: 'EU', productTypes: [2], mandatory: false },
    ];
    expect(duplicateIndexes(rows, testRequirementKey)).toEqual([2]);
  });
});
