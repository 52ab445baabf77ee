import type { FieldChange } from '../../db/schema/platform';
import type { Principal } from '../../platform/auth';
import type { ValidityChange } from '../../platform/validity';

// The rules of common and country standards (DOMAIN.md §2.8) that need no database.

/** Standards have no record scope (DOMAIN.md §5.4): standard.edit edits, and undeletes, every one. */
export const EDIT_PERMISSION = 'standard.edit';

/** Deleted standards are shown only to standard.edit (to undelete them), in search and details. */
export const readsDeleted = (user: Principal): boolean => user.permissions.has(EDIT_PERMISSION);

export const mayRead = (standard: { valid: number }, user: Principal): boolean =>
  standard.valid === 1 || readsDeleted(user);

/** Whether `next` (a set) holds exactly the `current` ids. */
export function sameSet(current: readonly bigint[], next: readonly bigint[]): boolean {
  const wanted = new Set(next);
  return wanted.size === new Set(current).size && current.every((id) => wanted.has(id));
}

/** Codes by id: of the rows stored, then of the rows a write adds (references answered by id). */
export function codesById(
  stored: readonly { id: bigint; code: string }[],
  added: ReadonlyMap<bigint, Record<string, unknown>>,
): Map<bigint, string> {
  return new Map([
    ...stored.map((s) => [s.id, s.code] as const),
    ...[...added].map(([id, row]) => [id, String(row.code)] as const),
  ]);
}

/** The change-log entry of new norms: codes before and after (an unknown id as itself). */
export function normsChange(
  current: readonly { code: string }[],
  next: readonly bigint[],
  codes: ReadonlyMap<bigint, string>,
): FieldChange {
  return {
    field: 'standardIds',
    from: current.map((n) => n.code),
    to: next.map((id) => codes.get(id) ?? String(id)),
  };
}

/** A country standard's country may change; a common standard has none (a stray one is ignored). */
export function updatableFields<F extends object>(
  kind: 'common' | 'country',
  fields: F,
): F & { countryId?: bigint | undefined } {
  return kind === 'country' ? fields : { ...fields, countryId: undefined };
}

/** The name is checked for duplicates when a valid standard gets a new name or country, or is undeleted. */
export const checksName = (
  change: ValidityChange,
  wanted: { name?: string | undefined; countryId?: bigint | undefined },
): boolean =>
  change.staysValid && (wanted.name !== undefined || wanted.countryId !== undefined || !change.wasValid);
