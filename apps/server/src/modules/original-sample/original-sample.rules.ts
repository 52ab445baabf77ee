import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { clients } from '../../db/schema/client';
import type { originalSamples } from '../../db/schema/original-sample';
import type { Principal } from '../../platform/auth';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { mayWrite, type Scope } from '../../platform/scope';

// The rules of original samples (DOMAIN.md §2.3, §5.4), without the database: who writes a sample,
// who sees deleted ones, when a sample is complete, and how parts and materials are stored.

type SampleRow = typeof originalSamples.$inferSelect;
export type PartInput = ParsedInputOf<typeof areas.originalSample.createOriginalSample>['parts'][number];
type UserPermissions = Pick<Principal, 'permissions'>;

/**
 * Whether the caller may change a sample of this client: one it may write (§5.4); a shared sample
 * (no client) is written by every holder of the permission but CLIENT users [D].
 */
export function mayWriteSample(
  scope: Scope,
  clientId: bigint | null,
  client: Pick<typeof clients.$inferSelect, 'id' | 'departmentId' | 'salesId'> | undefined,
): boolean {
  if (clientId === null) return scope.kind !== 'client';
  return (
    client !== undefined &&
    mayWrite(scope, { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId })
  );
}

/** Deleted samples are seen (searched, read, undeleted) only by holders of originalsample.edit. */
export const seesDeletedSamples = (user: UserPermissions) => user.permissions.has('originalsample.edit');

export const seesSample = (user: UserPermissions, sample: Pick<SampleRow, 'valid'>) =>
  sample.valid === 1 || seesDeletedSamples(user);

/** A sample is complete when it has parts and every part has a material (DOMAIN.md §2.3). */
export const isComplete = (parts: readonly { materials: readonly unknown[] }[]) =>
  parts.length > 0 && parts.every((p) => p.materials.length > 0);

/** The part rows of a sample as stored: in the order sent. */
export const partValues = (wanted: readonly PartInput[]) =>
  wanted.map((p, sort) => ({ partId: p.partId, sort }));

/** The material rows of one part as stored: percentage with 2 decimals, in the order sent. */
export const materialValues = (part: PartInput) =>
  part.materials.map((m, sort) => ({
    materialId: m.materialId,
    percentage: m.percentage == null ? null : m.percentage.toFixed(2),
    colour: m.colour ?? null,
    sort,
  }));

/** Delete, undelete or update (E_STATUS for a deleted record left deleted): the platform's rule. */
export { validityChange } from '../../platform/validity';

/**
 * Item numbers are unique per client among valid samples: checked when an update changes the item
 * no or the client, or brings the sample back.
 */
export const checksItemNo = (
  change: { wasValid: boolean; staysValid: boolean },
  wanted: Partial<Pick<SampleRow, 'itemNo' | 'clientId'>>,
) => change.staysValid && (wanted.itemNo !== undefined || wanted.clientId !== undefined || !change.wasValid);

/** Whose item numbers the sample's must differ from after the update; null: the shared samples'. */
export const itemNoClient = (
  wanted: Partial<Pick<SampleRow, 'clientId'>>,
  current: Pick<SampleRow, 'clientId'>,
): bigint | null => (wanted.clientId === undefined ? current.clientId : wanted.clientId);

export function assertItemNoFree(taken: boolean): void {
  if (taken) throw new AppError('E_DUPLICATE', { field: 'itemNo' }, { field: 'itemNo' });
}

/** A unique index that won a race against the item-no check still answers E_DUPLICATE. */
export function duplicateItemNo(error: unknown): never {
  if (uniqueViolation(error) === null) throw error;
  throw new AppError('E_DUPLICATE', { field: 'itemNo' }, { field: 'itemNo' });
}
