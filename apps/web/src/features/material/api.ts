import { changeLog } from '@qcdesk/contract/config';
import {
  createMaterial,
  exportMaterials as exportMaterialsOp,
  getMaterial,
  searchMaterials,
  updateMaterial,
} from '@qcdesk/contract/material';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type MaterialRow = OutputOf<typeof searchMaterials>['list'][number];
export type MaterialDetail = OutputOf<typeof getMaterial>;
export type CreateMaterialInput = InputOf<typeof createMaterial>;
export type UpdateMaterialInput = InputOf<typeof updateMaterial>;
type MaterialSearchInput = InputOf<typeof searchMaterials>;

/** The change log names a material by its table (apps/server material.service.ts MATERIAL_ENTITY). */
export const MATERIAL_ENTITY = 'materials';

export const materialsSearchKey = operationKey(searchMaterials);
const materialKey = operationKey(getMaterial);

/** The material list's sort keys (issue 12; contract searchMaterials `sorting`). */
export const MATERIAL_SORTS = ['upc', 'name'] as const;

/** The list's page request for the data table (spec §3 material filters: upc, name, type, q0, page). */
export const requestMaterials: PageRequest<MaterialRow> = ({ filters, page, pageSize, count, ...sort }) =>
  api.call(searchMaterials, {
    ...(filters as MaterialSearchInput),
    page,
    pageSize,
    count,
    // sort: the server drops these until the contract's searchMaterials has `...sorting([...])`.
    ...sortInput(sort, MATERIAL_SORTS),
  });

/** `material/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportMaterials = (filters: Filters) =>
  api.call(exportMaterialsOp, filters as InputOf<typeof exportMaterialsOp>);

/** One material with its newest tests, the original samples using it, and `modify`. */
export function useMaterial(id: string | undefined) {
  return useQuery({
    queryKey: [...materialKey, id],
    queryFn: () => api.callResult(getMaterial, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateMaterial() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: materialsSearchKey });
    void client.invalidateQueries({ queryKey: materialKey });
    void client.invalidateQueries({ queryKey: ['changelog', MATERIAL_ENTITY] });
  };
}

export function useCreateMaterial() {
  const invalidate = useInvalidateMaterial();
  return useOperationMutation(createMaterial, { silent: true, onSuccess: invalidate });
}

export function useUpdateMaterial(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateMaterial();
  return useOperationMutation(updateMaterial, { ...options, onSuccess: invalidate });
}

export const fetchMaterialChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);
