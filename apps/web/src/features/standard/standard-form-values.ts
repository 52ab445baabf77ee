/**
 * The standard forms' values and the operation inputs they become (DOMAIN.md §2.8). Pure functions:
 * a country standard also names its country; an update carries only what changed with the version
 * read ('' clears a text); the test list travels whole.
 */
import type {
  CreateStandardInput,
  StandardDetail,
  StandardKind,
  StandardTests,
  StandardTestsInput,
  UpdateStandardInput,
} from './api';

export interface StandardFormValues {
  name: string;
  countryId?: string;
  productScope: string;
  description: string;
  standardIds: string[];
}

export interface StandardTestValues {
  testItemId?: string;
  mandatory: boolean;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

export function standardFormValues(standard?: StandardDetail): StandardFormValues {
  if (!standard) return { name: '', productScope: '', description: '', standardIds: [] };
  return {
    name: standard.name,
    ...(standard.country ? { countryId: standard.country.id } : {}),
    productScope: standard.productScope ?? '',
    description: standard.description ?? '',
    standardIds: standard.standards.map((norm) => norm.id),
  };
}

export function createStandardInput(kind: StandardKind, values: StandardFormValues): CreateStandardInput {
  return {
    name: text(values.name),
    ...(kind === 'country' ? { countryId: values.countryId ?? '' } : {}),
    ...(text(values.productScope) ? { productScope: text(values.productScope) } : {}),
    ...(text(values.description) ? { description: text(values.description) } : {}),
    standardIds: [...new Set(values.standardIds)],
  };
}

export function updateStandardInput(
  kind: StandardKind,
  standard: StandardDetail,
  values: StandardFormValues,
): UpdateStandardInput {
  const input: UpdateStandardInput = { id: standard.id, version: standard.version };
  if (text(values.name) !== standard.name) input.name = text(values.name);
  if (kind === 'country' && values.countryId && values.countryId !== standard.country?.id) {
    input.countryId = values.countryId;
  }
  if (text(values.productScope) !== text(standard.productScope))
    input.productScope = text(values.productScope);
  if (text(values.description) !== text(standard.description)) input.description = text(values.description);
  const norms = standard.standards.map((norm) => norm.id);
  if (!sameSet(values.standardIds, norms)) input.standardIds = [...new Set(values.standardIds)];
  return input;
}

export function standardTestValues(tests: StandardTests): StandardTestValues[] {
  return tests.tests.map((row) => ({ testItemId: row.testItem.id, mandatory: row.mandatory }));
}

export function standardTestsInput(
  tests: StandardTests,
  values: readonly StandardTestValues[] | undefined,
): StandardTestsInput {
  return {
    id: tests.id,
    version: tests.version,
    tests: (values ?? []).flatMap((row) =>
      row.testItemId ? [{ testItemId: row.testItemId, mandatory: row.mandatory }] : [],
    ),
  };
}

/** A test item is listed once in a standard. */
export const standardTestKey = (row: StandardTestValues) => row.testItemId || undefined;
