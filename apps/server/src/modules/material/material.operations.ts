import { areas } from '@qcdesk/contract';
import { materials } from '../../db/schema/material';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { materialExport } from './material.export';
import { materialHits } from './material.queries';
import { seedMaterials } from './material.seed';
import {
  createMaterial,
  getMaterial,
  MATERIAL_ENTITY,
  searchMaterials,
  updateMaterial,
} from './material.service';

const ops = areas.material;

function registerMaterialOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, ops.getMaterial, async (input, ctx) => {
    const { detail, flags } = await getMaterial(ctx.db, input.id, ctx.user);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.searchMaterials, (input, ctx) => searchMaterials(ctx.db, input, ctx.user), {
    transaction: false,
  });
  registerOperation(registry, ops.createMaterial, (input, ctx) => createMaterial(ctx.db, input, ctx.user));
  registerOperation(registry, ops.updateMaterial, (input, ctx) => updateMaterial(ctx.db, input, ctx.user));
}

export const materialModule = defineModule({
  name: 'material',
  register: registerMaterialOperations,
  seed: seedMaterials,
  // Materials have no record scope (DOMAIN.md §5.4): material.search reads every one.
  changeLog: [
    {
      entity: MATERIAL_ENTITY,
      permission: ops.getMaterial.permission,
      readable: 'unscoped',
      fields: { riskLevelId: 'risklevel', materialTypeId: 'materialtype', supplierId: 'supplier' },
    },
  ],
  names: {
    material: {
      table: materials,
      key: materials.id,
      // Child rows of other records (an original sample's part materials) are logged by UPC.
      codeKey: materials.upc,
      names: (row) => {
        const text = `${String(row.upc)} | ${String(row.name)}`;
        return { zh: text, en: text };
      },
    },
  },
  homeSearch: [{ source: 'material', permission: ops.searchMaterials.permission, search: materialHits }],
  exports: [materialExport],
});
