import { changeLog } from '@qcdesk/contract/config';
import type { UploadedFile } from '@qcdesk/contract/files';
import { getMaterial, searchMaterials } from '@qcdesk/contract/material';
import {
  createMaterialTest,
  exportMaterialTests as exportMaterialTestsOp,
  getMaterialTest,
  pushMaterialTest,
  searchMaterialTests,
  updateMaterialTest,
} from '@qcdesk/contract/material-test';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperationMutation } from '../../api/use-operation';
import type { ChangeLogFetch } from '../../components/change-log-viewer';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type MaterialTestRow = OutputOf<typeof searchMaterialTests>['list'][number];
export type MaterialTestDetail = OutputOf<typeof getMaterialTest>;
export type CreateMaterialTestInput = InputOf<typeof createMaterialTest>;
export type UpdateMaterialTestInput = InputOf<typeof updateMaterialTest>;
type MaterialTestSearchInput = InputOf<typeof searchMaterialTests>;

export type { UploadedFile };

/** The change log names a material test by its table (apps/server MATERIAL_TEST_ENTITY). */
export const MATERIAL_TEST_ENTITY = 'material_tests';

export const materialTestsSearchKey = operationKey(searchMaterialTests);
const materialTestKey = operationKey(getMaterialTest);

/** The material-test list's sort keys (issue 12; contract searchMaterialTests `sorting`). */
export const MATERIAL_TEST_SORTS = ['testNo', 'startDate', 'pushedAt'] as const;

/** The list's page request (spec §3 material-test filters: startTime, endTime, page). */
export const requestMaterialTests: PageRequest<MaterialTestRow> = ({
  filters,
  page,
  pageSize,
  count,
  ...sort
}) =>
  api.call(searchMaterialTests, {
    ...(filters as MaterialTestSearchInput),
    page,
    pageSize,
    count,
    // sort: the server drops these until the contract's searchMaterialTests has `...sorting([...])`.
    ...sortInput(sort, MATERIAL_TEST_SORTS),
  });

/** `materialtest/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportMaterialTests = (filters: Filters) =>
  api.call(exportMaterialTestsOp, filters as InputOf<typeof exportMaterialTestsOp>);

/** One material test with `modify` and the actions its state allows (`push`). */
export function useMaterialTest(id: string | undefined) {
  return useQuery({
    queryKey: [...materialTestKey, id],
    queryFn: () => api.callResult(getMaterialTest, { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export function useInvalidateMaterialTest() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: materialTestsSearchKey });
    void client.invalidateQueries({ queryKey: materialTestKey });
    void client.invalidateQueries({ queryKey: ['changelog', MATERIAL_TEST_ENTITY] });
    // A test's state changes the material's count of valid tests (q0).
    void client.invalidateQueries({ queryKey: operationKey(getMaterial) });
    void client.invalidateQueries({ queryKey: operationKey(searchMaterials) });
  };
}

export function useCreateMaterialTest() {
  const invalidate = useInvalidateMaterialTest();
  return useOperationMutation(createMaterialTest, { silent: true, onSuccess: invalidate });
}

export function useUpdateMaterialTest(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateMaterialTest();
  return useOperationMutation(updateMaterialTest, { ...options, onSuccess: invalidate });
}

/** DOMAIN.md §4.13 push: mails the result to the supplier, the clients using the material and the pusher. */
export function usePushMaterialTest() {
  const invalidate = useInvalidateMaterialTest();
  return useOperationMutation(pushMaterialTest, { onSuccess: invalidate });
}

export const fetchMaterialTestChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);

/** Report files upload like every file (api/upload.ts); the test then carries their ids. */
export { fileHref, uploadFile as uploadReportFile } from '../../api/upload';
