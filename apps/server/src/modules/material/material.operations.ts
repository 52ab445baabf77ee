import { areas } from '@qcdesk/contract';
import { materials } from '../../db/schema/material';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, serve, serveDetail } from '../../platform/registry';
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
  serveDetail(registry, ops.getMaterial, getMaterial);
  serve(registry, ops.searchMaterials, searchMaterials, { transaction: false });
  serve(registry, ops.createMaterial, createMaterial);
  serve(registry, ops.updateMaterial, updateMaterial);
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
      unscopedBecause: 'materials have no record scope: material.search reads every one',
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
