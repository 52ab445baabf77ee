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
import { operationKey } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';

export type MaterialTestRow = OutputOf<typeof searchMaterialTests>['list'][number];
export type MaterialTestDetail = OutputOf<typeof getMaterialTest>;
export type CreateMaterialTestInput = InputOf<typeof createMaterialTest>;
export type UpdateMaterialTestInput = InputOf<typeof updateMaterialTest>;

export type { UploadedFile };

/** The change log names a material test by its table (apps/server MATERIAL_TEST_ENTITY). */
export const MATERIAL_TEST_ENTITY = 'material_tests';

/** The material-test list's sort keys (issue 12; contract searchMaterialTests `sorting`). */
export const MATERIAL_TEST_SORTS = ['testNo', 'startDate', 'pushedAt'] as const;

// A test's state changes the material's count of valid tests (q0).
const area = areaApi({
  search: searchMaterialTests,
  get: getMaterialTest,
  sorts: MATERIAL_TEST_SORTS,
  entity: MATERIAL_TEST_ENTITY,
  alsoInvalidates: [operationKey(getMaterial), operationKey(searchMaterials)],
});

export const materialTestsSearchKey = area.searchKey;

/** The list's page request (spec §3 material-test filters: startTime, endTime, page). */
export const requestMaterialTests = area.request();

/** `materialtest/export`: the list's filters to XLSX, mailed; answers the job to follow. */
export const exportMaterialTests = area.exportWith(exportMaterialTestsOp);

/** One material test with `modify` and the actions its state allows (`push`). */
export const useMaterialTest = area.useRecord;
export const useInvalidateMaterialTest = area.useInvalidate;

export const useCreateMaterialTest = () => area.useWrite(createMaterialTest, { silent: true });
export const useUpdateMaterialTest = (options: { silent?: boolean } = {}) =>
  area.useWrite(updateMaterialTest, options);

/** DOMAIN.md §4.13 push: mails the result to the supplier, the clients using the material and the pusher. */
export const usePushMaterialTest = () => area.useWrite(pushMaterialTest);

export const fetchMaterialTestChangeLog = area.fetchChangeLog;

/** Report files upload like every file (api/upload.ts); the test then carries their ids. */
export { fileHref, uploadFile as uploadReportFile } from '../../api/upload';
