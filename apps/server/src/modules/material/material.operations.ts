import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { allowChangeLogReads } from '../config/changelog.service';
import { registerHomeSearchSource } from '../home-search/home-search.service';
import {
  createMaterial,
  getMaterial,
  MATERIAL_ENTITY,
  materialHits,
  searchMaterials,
  updateMaterial,
} from './material.service';

const ops = areas.material;

export function registerMaterialOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  allowChangeLogReads(MATERIAL_ENTITY, ops.getMaterial.permission, {
    riskLevelId: 'risklevel',
    materialTypeId: 'materialtype',
    supplierId: 'supplier',
  });
  registerHomeSearchSource({
    source: 'material',
    permission: ops.searchMaterials.permission,
    search: materialHits,
  });

  registerOperation(registry, ops.getMaterial, async (input, ctx) => {
    const { detail, flags } = await getMaterial(ctx.db, input.id, ctx.user!);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(
    registry,
    ops.searchMaterials,
    (input, ctx) => searchMaterials(ctx.db, input, ctx.user!),
    {
      transaction: false,
    },
  );
  registerOperation(registry, ops.createMaterial, (input, ctx) => createMaterial(ctx.db, input, ctx.user!));
  registerOperation(registry, ops.updateMaterial, (input, ctx) => updateMaterial(ctx.db, input, ctx.user!));
}
