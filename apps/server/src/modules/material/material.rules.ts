import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { MATERIAL_TEST_STATUS } from '@qcdesk/contract/material-test';
import type { Principal } from '../../platform/auth';
import type { ValidityChange } from '../../platform/validity';

// The rules of materials (DOMAIN.md §2.3) that need no database.

export type NewMaterial = ParsedInputOf<typeof areas.material.createMaterial>;

/** The material-test statuses that make a material usable while their range holds: completed, pushed. */
export const USABLE_TEST_STATUSES: readonly number[] = [
  MATERIAL_TEST_STATUS.completed,
  MATERIAL_TEST_STATUS.pushed,
];

/** Materials have no record scope (DOMAIN.md §5.4): material.edit edits, and undeletes, every one. */
export const EDIT_PERMISSION = 'material.edit';

/** Deleted materials are shown only to material.edit (to undelete them), in search and details. */
export const readsDeleted = (user: Principal): boolean => user.permissions.has(EDIT_PERMISSION);

export const mayRead = (material: { valid: number }, user: Principal): boolean =>
  material.valid === 1 || readsDeleted(user);

/** The row material/create inserts: the optional names and supplier are null when not given. */
export function newMaterialValues(input: NewMaterial) {
  return {
    upc: input.upc,
    name: input.name,
    technicalName: input.technicalName ?? null,
    customName: input.customName ?? null,
    riskLevelId: input.riskLevelId,
    materialTypeId: input.materialTypeId,
    supplierId: input.supplierId ?? null,
  };
}

/** The UPC is checked for duplicates when a valid material gets a new one or is undeleted. */
export const checksUpc = (change: ValidityChange, upc: string | undefined): boolean =>
  change.staysValid && (upc !== undefined || !change.wasValid);
