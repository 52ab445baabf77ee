import { TEST_RESULT } from '@qcdesk/contract/enumerations';
/**
 * The material-test form's values and the operation inputs they become (DOMAIN.md §2.3, §4.13).
 * Pure functions: the material is a picked option, report files are the stored files (their ids
 * travel), an update carries only what changed with the version read, '' clears the remark.
 */
import { materialText } from '../../components/ref-labels';
import type { RemoteOption } from '../../components/remote-auto-complete';
import type {
  CreateMaterialTestInput,
  MaterialTestDetail,
  UpdateMaterialTestInput,
  UploadedFile,
} from './api';

export type ReportFile = Pick<UploadedFile, 'id' | 'name' | 'size' | 'updateTime' | 'url'>;

export interface MaterialTestFormValues {
  material: RemoteOption | null;
  labId?: string | null;
  testItemIds: string[];
  startDate?: string;
  /** Empty: the start date plus the configured validity (materialTest.validityMonths). */
  endDate?: string | null;
  /** enum TestResult; 0 = not out yet. */
  result: number;
  reportFiles: ReportFile[];
  remark: string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** A new test starts `today` (YYYY-MM-DD), for the material it was opened from if any. */
export function materialTestFormValues(
  test?: MaterialTestDetail,
  material?: RemoteOption | null,
  today?: string,
): MaterialTestFormValues {
  if (!test) {
    return {
      material: material ?? null,
      labId: null,
      testItemIds: [],
      ...(today ? { startDate: today } : {}),
      endDate: null,
      result: 0,
      reportFiles: [],
      remark: '',
    };
  }
  return {
    material: { value: test.material.id, label: materialText(test.material) },
    labId: test.lab?.id ?? null,
    testItemIds: test.testItems.map((item) => item.id),
    startDate: test.startDate,
    endDate: test.endDate,
    result: test.result,
    reportFiles: test.reportFiles.map(({ id, name, size, updateTime, url }) => ({
      id,
      name,
      size,
      updateTime,
      url,
    })),
    remark: test.remark ?? '',
  };
}

export function createMaterialTestInput(values: MaterialTestFormValues): CreateMaterialTestInput {
  return {
    materialId: values.material?.value ?? '',
    ...(values.labId ? { labId: values.labId } : {}),
    testItemIds: [...new Set(values.testItemIds)],
    startDate: values.startDate ?? '',
    ...(values.endDate ? { endDate: values.endDate } : {}),
    result: values.result,
    reportFileIds: values.reportFiles.map((file) => file.id),
    ...(text(values.remark) ? { remark: text(values.remark) } : {}),
  };
}

export function updateMaterialTestInput(
  test: MaterialTestDetail,
  values: MaterialTestFormValues,
): UpdateMaterialTestInput {
  const input: UpdateMaterialTestInput = { id: test.id, version: test.version };
  const lab = values.labId ?? null;
  if (lab !== (test.lab?.id ?? null)) input.labId = lab;
  const items = test.testItems.map((item) => item.id);
  if (!sameSet(values.testItemIds, items)) input.testItemIds = [...new Set(values.testItemIds)];
  if (values.startDate && values.startDate !== test.startDate) input.startDate = values.startDate;
  if (values.endDate && values.endDate !== test.endDate) input.endDate = values.endDate;
  if (values.result !== test.result) input.result = values.result;
  const files = values.reportFiles.map((file) => file.id);
  if (files.join(',') !== test.reportFiles.map((file) => file.id).join(',')) input.reportFileIds = files;
  if (text(values.remark) !== text(test.remark)) input.remark = text(values.remark);
  return input;
}

/** DOMAIN.md §4.13: a result and a report file complete a test; only a completed test is pushed. */
export const completes = (values: Pick<MaterialTestFormValues, 'result' | 'reportFiles'>) =>
  values.result !== TEST_RESULT.notOut && values.reportFiles.length > 0;
