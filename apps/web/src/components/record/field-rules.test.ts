import { createMaterial } from '@qcdesk/contract/material';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fieldFacts, rulesFrom } from './field-rules';
import { FIELD_CASES } from './field-rules.cases';

describe('fieldFacts (zod)', () => {
  it.each(FIELD_CASES)('%s', (_name, input, field, facts) => {
    expect(fieldFacts(input(), field)).toMatchObject(facts);
  });

  it('shows no pattern for an id: ids are picked, never typed', () => {
    expect(fieldFacts(createMaterial.input, 'materialTypeId').pattern).toBeUndefined();
  });

  it('refuses a field the input does not have', () => {
    expect(() => fieldFacts(createMaterial.input, 'colour')).toThrow(/colour/);
  });
});

describe('rulesFrom', () => {
  it('makes a required text field refuse white space and say which field is empty', () => {
    const [required, max] = rulesFrom(createMaterial.input, 'name', { label: 'Name' });
    expect(required).toMatchObject({ required: true, whitespace: true });
    expect((required as { message: unknown }).message).toBe(i18n.t('common.required', { label: 'Name' }));
    expect(max).toEqual({ max: 100 });
  });

  it('takes the area’s own message, asks a picked field only for a value, and adds no required rule to optional fields', () => {
    expect(
      rulesFrom(createMaterial.input, 'materialTypeId', { label: 'Type', required: 'Choose a type' }),
    ).toEqual([{ required: true, message: 'Choose a type' }]);
    expect(rulesFrom(createMaterial.input, 'technicalName', { label: 'Technical name' })).toEqual([
      { max: 200 },
    ]);
  });
});
