import {
  createMaterial,
  exportMaterials as exportMaterialsOp,
  getMaterial,
  searchMaterials,
  updateMaterial,
} from '@qcdesk/contract/material';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { areaApi } from '../../components/area-api';

export type MaterialRow = OutputOf<typeof searchMaterials>['list'][number];
export type MaterialDetail = OutputOf<typeof getMaterial>;
export type CreateMaterialInput = InputOf<typeof createMaterial>;
export type UpdateMaterialInput = InputOf<typeof updateMaterial>;

/** The change log names a material by its table (apps/server material.service.ts MATERIAL_ENTITY). */
export const MATERIAL_ENTITY = 'materials';

/** The material list's sort keys (issue 12; contract searchMaterials `sorting`). */
export const MATERIAL_SORTS = ['upc', 'name'] as const;

const area = areaApi({
  search: searchMaterials,
  get: getMaterial,
  sorts: MATERIAL_SORTS,
  entity: MATERIAL_ENTITY,
});

export const materialsSearchKey = area.searchKey;

/** The list's page request for the data table (spec §3 material filters: upc, name, type, q0, page). */
export const requestMaterials = area.request();

/** `material/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportMaterials = area.exportWith(exportMaterialsOp);

/** One material with its newest tests, the original samples using it, and `modify`. */
export const useMaterial = area.useRecord;
export const useInvalidateMaterial = area.useInvalidate;

export const useCreateMaterial = () => area.useWrite(createMaterial, { silent: true });
export const useUpdateMaterial = (options: { silent?: boolean } = {}) =>
  area.useWrite(updateMaterial, options);

export const fetchMaterialChangeLog = area.fetchChangeLog;
