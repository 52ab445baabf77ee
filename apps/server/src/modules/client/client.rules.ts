import type { areas, ParsedInputOf } from '@qcdesk/contract';
import type { clients } from '../../db/schema/client';
import type { Principal } from '../../platform/auth';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { inScope, mayWrite, type Scope } from '../../platform/scope';

// The rules of clients (DOMAIN.md §2.2, §5.2, §5.4), without the database: who reads and writes a
// client, who may own one, what an update may change and what it is logged as.

type ClientRow = typeof clients.$inferSelect;
export type NewClient = ParsedInputOf<typeof areas.client.createClient>;
export type ClientUpdate = ParsedInputOf<typeof areas.client.updateClient>;
type RequirementsWrite =
  | ParsedInputOf<typeof areas.client.createClientRequirements>
  | ParsedInputOf<typeof areas.client.updateClientRequirements>;
type UserPermissions = Pick<Principal, 'permissions'>;

/** The roles a client's sales owner may have (DOMAIN.md §2.2). */
export const SALES_ROLES: readonly string[] = ['SALES', 'SALES_MGR'];

/** DOMAIN.md §5.2: client.admin freezes, deletes and changes the sales owner. */
export const ADMIN_ONLY_FIELDS = ['salesId', 'state', 'valid'] as const;

/** Whether the caller may change the client (DOMAIN.md §5.4). */
export const mayWriteClient = (scope: Scope, client: Pick<ClientRow, 'id' | 'departmentId' | 'salesId'>) =>
  mayWrite(scope, { departmentId: client.departmentId, clientId: client.id, salesId: client.salesId });

/** Whether the client is in the caller's read scope. */
export const mayReadClient = (scope: Scope, client: Pick<ClientRow, 'id' | 'departmentId'>) =>
  inScope(scope, { departmentId: client.departmentId, clientId: client.id });

/** A deleted client exists only for holders of client.admin (who may undelete it). */
export const seesClient = (user: UserPermissions, client: Pick<ClientRow, 'valid'>) =>
  client.valid === 1 || user.permissions.has('client.admin');

export interface SalesCandidate {
  id: bigint;
  departmentId: bigint;
  state: number;
  roleCode: string;
}

/** A sales owner is an active user of role SALES or SALES_MGR (DOMAIN.md §2.2). */
export function assertSalesOwner(owner: SalesCandidate | undefined): SalesCandidate {
  if (!owner || !SALES_ROLES.includes(owner.roleCode)) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'salesId' }, { field: 'salesId' });
  }
  if (owner.state !== 1) throw new AppError('E_REF_INACTIVE', { field: 'salesId' }, { field: 'salesId' });
  return owner;
}

/** The caller must be able to write the clients of the owner it names (SALES: only itself). */
export function assertMayOwn(scope: Scope, owner: Pick<SalesCandidate, 'id' | 'departmentId'>): void {
  if (!mayWrite(scope, { departmentId: owner.departmentId, salesId: owner.id })) {
    throw new AppError('E_SCOPE', {}, { field: 'salesId' });
  }
}

/** AQL values are stored as numeric(6,3) text. */
export const aqlText = (value: number) => value.toFixed(3);

export const distinct = <T>(values: readonly T[]) => [...new Set(values)];

/** The columns of a new client, its owner's department included. */
export function newClientValues(
  input: NewClient,
  owner: Pick<SalesCandidate, 'id' | 'departmentId'>,
  code: string,
  samplingLevelId: bigint,
) {
  return {
    code,
    name: input.name,
    countryId: input.countryId,
    type: Number(input.type),
    salesId: owner.id,
    departmentId: owner.departmentId,
    samplingLevelId,
    tensionLevelId: input.tensionLevelId ?? null,
    majorAql: aqlText(input.majorAql),
    minorAql: aqlText(input.minorAql),
    advanceDays: input.advanceDays,
    destinationCountries: distinct(input.destinationCountries),
    inspectionRequirement: input.inspectionRequirement ?? null,
    safetyRequirement: input.safetyRequirement ?? null,
    reportEmails: distinct(input.reportEmails),
    sharePassword: input.sharePassword,
  };
}

/** The columns client/update asks for, in their stored form (undefined: left alone). */
export function clientUpdateValues(fields: Omit<ClientUpdate, 'id' | 'version'>) {
  return {
    code: fields.code,
    name: fields.name,
    countryId: fields.countryId,
    type: fields.type === undefined ? undefined : Number(fields.type),
    salesId: fields.salesId,
    samplingLevelId: fields.samplingLevelId,
    tensionLevelId: fields.tensionLevelId,
    majorAql: fields.majorAql === undefined ? undefined : aqlText(fields.majorAql),
    minorAql: fields.minorAql === undefined ? undefined : aqlText(fields.minorAql),
    advanceDays: fields.advanceDays,
    destinationCountries: fields.destinationCountries && distinct(fields.destinationCountries),
    inspectionRequirement: fields.inspectionRequirement,
    safetyRequirement: fields.safetyRequirement,
    reportEmails: fields.reportEmails && distinct(fields.reportEmails),
    sharePassword: fields.sharePassword,
    state: fields.state,
    valid: fields.valid,
  };
}

/** Delete, undelete or update (E_STATUS for a deleted record left deleted): the platform's rule. */
export { validityChange } from '../../platform/validity';

/** Freezing, deleting and changing the owner need client.admin (E_PERMISSION names the field). */
export function assertAdminFields(user: UserPermissions, wanted: object): void {
  const field = ADMIN_ONLY_FIELDS.find((k) => k in wanted);
  if (field && !user.permissions.has('client.admin')) throw new AppError('E_PERMISSION', {}, { field });
}

/** The minor-defect AQL is never stricter than the major one. */
export function assertAqlOrder(majorAql: string | number, minorAql: string | number): void {
  if (Number(minorAql) < Number(majorAql)) {
    throw new AppError('E_RANGE', { field: 'minorAql' }, { field: 'minorAql' });
  }
}

/** The entries of `wanted` not in `current`: only what a write adds must be active. */
export const added = <T>(wanted: readonly T[], current: readonly T[]) =>
  wanted.filter((value) => !current.includes(value));

/**
 * The code and name an update must keep unique among valid clients: those it changes, or, when
 * it undeletes the client, the ones it comes back with.
 */
export function namesToCheck(
  wasValid: boolean,
  wanted: { code?: string | undefined; name?: string | undefined },
  current: Pick<ClientRow, 'code' | 'name'>,
) {
  return wasValid
    ? { code: wanted.code, name: wanted.name }
    : { code: wanted.code ?? current.code, name: wanted.name ?? current.name };
}

export function assertNotTaken(field: 'code' | 'name' | null): void {
  if (field) throw new AppError('E_DUPLICATE', { field }, { field });
}

/** A unique index that won a race against the uniqueness check still answers E_DUPLICATE. */
export function duplicateFromIndex(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === null) throw error;
  const field = constraint.includes('code') ? 'code' : 'name';
  throw new AppError('E_DUPLICATE', { field }, { field });
}

// -- Requirements -----------------------------------------------------------------------------

/** Test requirement rows as stored: one per test item and destination, product types sorted. */
export const testRequirementValues = (tests: NonNullable<RequirementsWrite['tests']>) =>
  tests.map((t) => ({
    testItemId: t.testItemId,
    countryCode: t.countryCode ?? null,
    productTypes: [...new Set(t.productTypes.map(Number))].sort(),
    mandatory: t.mandatory,
  }));

export const safetyTestValues = (tests: NonNullable<RequirementsWrite['safetyTests']>) =>
  tests.map((t) => ({
    inspectionTestId: t.inspectionTestId,
    sampleQty: t.sampleQty,
    criterion: t.criterion ?? null,
  }));

/** How the change log names a test requirement: its item code, and the destination if any. */
export const testRequirementLabel = (itemCode: string, countryCode: unknown) =>
  countryCode ? `${itemCode}/${String(countryCode)}` : itemCode;
