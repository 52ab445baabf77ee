import { expect } from 'vitest';
import { AppError } from '../../src/platform/errors';

// What a pure rule refuses with, for the rules tests of the areas.

/** The refusal `run` throws, as its reason and field; the test fails when it throws none or no AppError. */
export function refusalOf(run: () => unknown): { reason: string; field: string | undefined } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { reason: (error as AppError).reason, field: (error as AppError).options.field };
  }
  throw new Error('no refusal');
}

/** The reason `run` refuses with (what it threw, for anything else), or null when it does not refuse. */
export function reasonOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return (error as { reason?: string }).reason ?? String(error);
  }
}
