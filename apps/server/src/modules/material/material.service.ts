import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { materialTypes, riskLevels, suppliers } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { assertRecordNotInUse } from '../../platform/in-use';
import { userLabel } from '../../platform/labels';
import { searchPage } from '../../platform/paging';
import { changedFields, createRecord, lockVersion, updateRecord } from '../../platform/records';
import { assertReference } from '../../platform/references';
import { validityChange } from '../../platform/validity';
import {
  type MaterialSearch,
  materialPageQuery,
  materialRows,
  materialSearchWhere,
  originalSamplesUsing,
  readMaterial,
  selectMaterials,
  testsOfMaterial,
  toRow,
  upcTaken,
} from './material.queries';
import { checksUpc, EDIT_PERMISSION, mayRead, type NewMaterial, newMaterialValues } from './material.rules';

// Materials (DOMAIN.md §2.3): UPC, names, risk level, type and supplier; `validTests` counts the
// material tests that make it usable today, and `q0` finds the materials that have none.

export const MATERIAL_ENTITY = 'materials';

type MaterialUpdate = ParsedInputOf<typeof areas.material.updateMaterial>;

/** material/search: the page's ids first, then their labels and valid-test counts. */
export async function searchMaterials(db: Db, input: MaterialSearch, user: Principal) {
  const where = materialSearchWhere(input, user);
  const list = async () => {
    const ids = (await materialPageQuery(db, where, input.page, input.pageSize, input)).map((r) => r.id);
    const byId = new Map((await materialRows(db, ids)).map((r) => [r.material.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toRow(row)] : [];
    });
  };
  return searchPage(db, { table: materials, where, input, list });
}

async function materialDetail(db: Db, id: bigint) {
  const [r] = await selectMaterials(db).where(eq(materials.id, id));
  if (!r) throw new AppError('E_NOT_FOUND');
  return {
    ...toRow(r),
    tests: await testsOfMaterial(db, id),
    originalSamples: await originalSamplesUsing(db, id),
    createdBy: await userLabel(db, r.material.createdBy),
    createdAt: r.material.createdAt,
  };
}

/** material (details); materials have no record scope: material.edit edits every valid one. */
export async function getMaterial(db: Db, id: bigint, user: Principal) {
  const row = await readMaterial(db, id);
  if (!row || !mayRead(row, user)) throw new AppError('E_NOT_FOUND');
  const flags = recordFlags({ user, record: row, editPermission: EDIT_PERMISSION, inScope: true });
  return { detail: await materialDetail(db, id), flags };
}

async function assertUniqueUpc(db: Db, upc: string, exceptId?: bigint): Promise<void> {
  if (await upcTaken(db, upc, exceptId))
    throw new AppError('E_DUPLICATE', { field: 'upc' }, { field: 'upc' });
}

function duplicateUpc(error: unknown): never {
  if (uniqueViolation(error) === null) throw error;
  throw new AppError('E_DUPLICATE', { field: 'upc' }, { field: 'upc' });
}

/** The references a write gives (undefined: unchanged) must be valid and active. */
async function assertMaterialReferences(
  db: Db,
  refs: Partial<Pick<MaterialUpdate, 'riskLevelId' | 'materialTypeId' | 'supplierId'>>,
): Promise<void> {
  if (refs.riskLevelId !== undefined) {
    await assertReference(
      db,
      { table: riskLevels, active: riskLevels.active },
      refs.riskLevelId,
      'riskLevelId',
    );
  }
  if (refs.materialTypeId !== undefined) {
    await assertReference(
      db,
      { table: materialTypes, active: materialTypes.active },
      refs.materialTypeId,
      'materialTypeId',
    );
  }
  if (refs.supplierId != null) {
    await assertReference(db, { table: suppliers, active: suppliers.active }, refs.supplierId, 'supplierId');
  }
}

export async function createMaterial(db: Db, input: NewMaterial, user: Principal) {
  await assertMaterialReferences(db, input);
  await assertUniqueUpc(db, input.upc);
  const row = await createRecord(db, {
    table: materials,
    entity: MATERIAL_ENTITY,
    actor: actorOf(user),
    values: newMaterialValues(input),
  }).catch(duplicateUpc);
  return materialDetail(db, row.id);
}

export async function updateMaterial(db: Db, input: MaterialUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const current = await lockVersion(db, materials, id, version);
  const wanted = changedFields(current, fields);
  const change = validityChange(current.valid, wanted.valid);
  if (Object.keys(wanted).length === 0) return materialDetail(db, id);
  await assertMaterialReferences(db, wanted);
  if (checksUpc(change, wanted.upc)) await assertUniqueUpc(db, wanted.upc ?? current.upc, id);
  if (change.action === 'delete') await assertRecordNotInUse(db, materials, id);
  await updateRecord(db, {
    table: materials,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action: change.action,
    entity: MATERIAL_ENTITY,
  }).catch(duplicateUpc);
  return materialDetail(db, id);
}
