import { createMaterial } from '@qcdesk/contract/material';
import { describe, expect, it, vi } from 'vitest';
import { fieldFacts } from '../components/record/field-rules';
import { FIELD_CASES } from '../components/record/field-rules.cases';

// The web build hands the contract this stand-in instead of zod (contract-runtime-plugin.ts).
vi.mock('zod', async () => await import('./schema-recorder'));

describe('the build’s stand-in for zod', () => {
  it.each(FIELD_CASES)('describes %s as zod does', (_name, input, field, facts) => {
    expect(fieldFacts(input(), field)).toMatchObject(facts);
  });

  it('keeps operations usable and refuses to validate', () => {
    expect(createMaterial.path).toBe('material/create');
    expect(() => createMaterial.input.parse({})).toThrow(/not validated in the web build/);
  });
});
