import { areas } from '@qcdesk/contract';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/support/refusals';
import type { Scope } from '../../platform/scope';
import {
  added,
  assertAdminFields,
  assertAqlOrder,
  assertMayOwn,
  assertNotTaken,
  assertSalesOwner,
  clientUpdateValues,
  duplicateFromIndex,
  mayReadClient,
  mayWriteClient,
  namesToCheck,
  newClientValues,
  seesClient,
  testRequirementLabel,
  testRequirementValues,
  validityChange,
} from './client.rules';

// The client rules of DOMAIN.md §2.2, §5.2 and §5.4 without a database.

const SALES1 = 11n;
const SALES2 = 12n;
const sales: Scope = { kind: 'department', userId: 7n, departmentIds: [SALES1], ownClientsOnly: true };
const manager: Scope = {
  kind: 'department',
  userId: 8n,
  departmentIds: [SALES1, SALES2],
  ownClientsOnly: false,
};
const ownClient = { id: 100n, departmentId: SALES1, salesId: 7n };
const teamClient = { id: 101n, departmentId: SALES1, salesId: 9n };
const otherTeamClient = { id: 102n, departmentId: SALES2, salesId: 9n };
const permitted = (...permissions: string[]) => ({ permissions: new Set(permissions) });

describe('who reads and writes a client (DOMAIN.md §5.4)', () => {
  it('lets sales read the department but write only their own clients', () => {
    expect(mayReadClient(sales, teamClient)).toBe(true);
    expect(mayReadClient(sales, otherTeamClient)).toBe(false);
    expect(mayWriteClient(sales, ownClient)).toBe(true);
    expect(mayWriteClient(sales, teamClient)).toBe(false);
  });

  it('lets the manager write the department subtree, the client user read only its own client', () => {
    expect(mayWriteClient(manager, teamClient)).toBe(true);
    expect(mayWriteClient(manager, otherTeamClient)).toBe(true);
    expect(mayWriteClient(manager, { ...otherTeamClient, departmentId: 99n })).toBe(false);
    const client: Scope = { kind: 'client', clientId: 101n };
    expect(mayReadClient(client, teamClient)).toBe(true);
    expect(mayReadClient(client, ownClient)).toBe(false);
    expect(mayReadClient({ kind: 'client', clientId: null }, teamClient)).toBe(false);
  });

  it('shows deleted clients only to client.admin', () => {
    expect(seesClient(permitted('client.search'), { valid: 1 })).toBe(true);
    expect(seesClient(permitted('client.search'), { valid: 0 })).toBe(false);
    expect(seesClient(permitted('client.admin'), { valid: 0 })).toBe(true);
  });
});

describe('the sales owner (DOMAIN.md §2.2)', () => {
  const owner = { id: 7n, departmentId: SALES1, state: 1, roleCode: 'SALES' };

  it('is an active user of role SALES or SALES_MGR', () => {
    expect(assertSalesOwner(owner)).toBe(owner);
    expect(assertSalesOwner({ ...owner, roleCode: 'SALES_MGR' }).roleCode).toBe('SALES_MGR');
    expect(refusalOf(() => assertSalesOwner(undefined))).toEqual({
      reason: 'E_REF_NOT_FOUND',
      field: 'salesId',
    });
    expect(refusalOf(() => assertSalesOwner({ ...owner, roleCode: 'QC' }))).toEqual({
      reason: 'E_REF_NOT_FOUND',
      field: 'salesId',
    });
    expect(refusalOf(() => assertSalesOwner({ ...owner, state: 0 }))).toEqual({
      reason: 'E_REF_INACTIVE',
      field: 'salesId',
    });
  });

  it('is the sales user itself, or anyone of the manager’s subtree', () => {
    expect(() => assertMayOwn(sales, owner)).not.toThrow();
    expect(refusalOf(() => assertMayOwn(sales, { id: 9n, departmentId: SALES1 }))).toEqual({
      reason: 'E_SCOPE',
      field: 'salesId',
    });
    expect(() => assertMayOwn(manager, { id: 9n, departmentId: SALES2 })).not.toThrow();
    expect(() => assertMayOwn({ kind: 'all' }, { id: 9n, departmentId: 99n })).not.toThrow();
  });
});

describe('what create and update write', () => {
  it('stores a new client with its owner’s department, AQL as text and lists without repeats', () => {
    const input = areas.client.createClient.input.parse({
      name: 'Nordic Home AB',
      countryId: '5',
      type: 2,
      salesId: '7',
      destinationCountries: ['eu', 'NO', 'EU'],
      reportEmails: ['qa@example.com', 'qa@example.com'],
    });
    expect(newClientValues(input, { id: 7n, departmentId: SALES1 }, 'CL000001', 3n)).toEqual({
      code: 'CL000001',
      name: 'Nordic Home AB',
      countryId: 5n,
      type: 2,
      salesId: 7n,
      departmentId: SALES1,
      samplingLevelId: 3n,
      tensionLevelId: null,
      majorAql: '2.500',
      minorAql: '4.000',
      advanceDays: 2,
      destinationCountries: ['EU', 'NO'],
      inspectionRequirement: null,
      safetyRequirement: null,
      reportEmails: ['qa@example.com'],
      sharePassword: false,
    });
  });

  it('leaves what an update does not send alone, and converts what it does', () => {
    const values = clientUpdateValues({ majorAql: 1.5, type: '3', inspectionRequirement: null });
    expect(values.majorAql).toBe('1.500');
    expect(values.type).toBe(3);
    expect(values.inspectionRequirement).toBeNull();
    expect(values.minorAql).toBeUndefined();
    expect(values.name).toBeUndefined();
    expect(clientUpdateValues({ destinationCountries: ['US', 'US'] }).destinationCountries).toEqual(['US']);
  });

  it('names the write by what it does to `valid`, and never writes a deleted client but to undelete it', () => {
    expect(validityChange(1, 0)).toEqual({ wasValid: true, staysValid: false, action: 'delete' });
    expect(validityChange(0, 1)).toEqual({ wasValid: false, staysValid: true, action: 'undelete' });
    expect(validityChange(1, undefined).action).toBe('update');
    expect(refusalOf(() => validityChange(0, undefined)).reason).toBe('E_STATUS');
    expect(refusalOf(() => validityChange(0, 0)).reason).toBe('E_STATUS');
  });

  it('keeps the owner, freezing and deleting to client.admin (DOMAIN.md §5.2)', () => {
    expect(() => assertAdminFields(permitted('client.edit'), { name: 'x', majorAql: '1.000' })).not.toThrow();
    expect(refusalOf(() => assertAdminFields(permitted('client.edit'), { name: 'x', state: 0 }))).toEqual({
      reason: 'E_PERMISSION',
      field: 'state',
    });
    expect(refusalOf(() => assertAdminFields(permitted('client.edit'), { salesId: 9n })).field).toBe(
      'salesId',
    );
    expect(() => assertAdminFields(permitted('client.admin'), { salesId: 9n, valid: 0 })).not.toThrow();
  });

  it('refuses a minor AQL stricter than the major one (E_RANGE)', () => {
    expect(() => assertAqlOrder('2.500', '2.500')).not.toThrow();
    expect(() => assertAqlOrder('0.000', 4)).not.toThrow();
    expect(refusalOf(() => assertAqlOrder('4.000', '2.500'))).toEqual({
      reason: 'E_RANGE',
      field: 'minorAql',
    });
  });

  it('checks the code and name an update changes, or all of them when it undeletes', () => {
    const current = { code: 'NORDHOME', name: 'Nordic Home AB' };
    expect(namesToCheck(true, { name: 'Nordic Home' }, current)).toEqual({
      code: undefined,
      name: 'Nordic Home',
    });
    expect(namesToCheck(false, {}, current)).toEqual(current);
    expect(namesToCheck(false, { code: 'NH' }, current)).toEqual({ code: 'NH', name: 'Nordic Home AB' });
    expect(refusalOf(() => assertNotTaken('name'))).toEqual({ reason: 'E_DUPLICATE', field: 'name' });
    expect(() => assertNotTaken(null)).not.toThrow();
  });

  it('answers a unique index violation as E_DUPLICATE of its field, and rethrows anything else', () => {
    const violation = (constraint: string) => ({ cause: { code: '23505', constraint } });
    expect(refusalOf(() => duplicateFromIndex(violation('clients_code_uq')))).toEqual({
      reason: 'E_DUPLICATE',
      field: 'code',
    });
    expect(refusalOf(() => duplicateFromIndex(violation('clients_name_uq'))).field).toBe('name');
    const other = new Error('connection lost');
    expect(() => duplicateFromIndex(other)).toThrow(other);
  });

  it('checks only what a write adds', () => {
    expect(added(['US', 'EU', 'NO'], ['EU'])).toEqual(['US', 'NO']);
    expect(added([1n, 2n], [1n, 2n])).toEqual([]);
  });
});

describe('requirements', () => {
  it('stores product types once each, in order, and "every destination" as null', () => {
    expect(
      testRequirementValues([
        { testItemId: 4n, productTypes: [3, 1, '3', 2], mandatory: true },
        { testItemId: 5n, countryCode: 'EU', productTypes: [1], mandatory: false },
      ]),
    ).toEqual([
      { testItemId: 4n, countryCode: null, productTypes: [1, 2, 3], mandatory: true },
      { testItemId: 5n, countryCode: 'EU', productTypes: [1], mandatory: false },
    ]);
  });

  it('names a requirement in the change log by item code and destination', () => {
    expect(testRequirementLabel('T-EN71-1', 'EU')).toBe('T-EN71-1/EU');
    expect(testRequirementLabel('T-PHTH', null)).toBe('T-PHTH');
  });
});
