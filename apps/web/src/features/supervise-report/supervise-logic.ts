import { isContainerNo, normalizeContainerNo } from '@qcdesk/contract/iso6346';
import { CHECKPOINT_RESULT } from '@qcdesk/contract/supervise-report';
import type { FieldPhoto } from '../../components/photo-field';
import type { SuperviseReportDetail, SuperviseUpdateInput } from './api';

// The pure parts of the loading-report editor: the form's values from the report and back to the
// update's input, and what a submit still misses — the server's rule (supervise-report.rules.ts
// assertSubmittable, DOMAIN.md §4.5) listed all at once, so the inspector sees every gap before
// the server refuses the first.

export interface CheckpointValues {
  id: string;
  result: number;
  remark: string | null;
  photos: FieldPhoto[];
}

export interface ProductValues {
  id: string;
  plannedCartons: number | null;
  loadedCartons: number | null;
  loadedQuantity: number | null;
}

export interface SuperviseValues {
  containerType: string | null;
  containerNo: string | null;
  sealNo: string | null;
  remark: string | null;
  products: ProductValues[];
  checkpoints: CheckpointValues[];
}

/** A container no as typed is fine when empty (saved as none) or a valid ISO 6346 number. */
export const containerNoTyped = (value: string | null | undefined): boolean =>
  !value?.trim() || isContainerNo(value);

export function valuesOf(
  report: SuperviseReportDetail,
  photo: (fileId: string, n: number) => FieldPhoto,
): SuperviseValues {
  return {
    containerType: report.containerType,
    containerNo: report.containerNo,
    sealNo: report.sealNo,
    remark: report.remark,
    products: report.products.map((p) => ({
      id: p.id,
      plannedCartons: p.plannedCartons,
      loadedCartons: p.loadedCartons,
      loadedQuantity: p.loadedQuantity,
    })),
    checkpoints: report.checkpoints.map((c) => ({
      id: c.id,
      result: c.result,
      remark: c.remark,
      photos: c.photoIds.map((id, i) => photo(id, i + 1)),
    })),
  };
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The update's input of the form's values (the report's id and version added by the caller). */
export function updateOf(values: SuperviseValues): Omit<SuperviseUpdateInput, 'id' | 'version'> {
  return {
    containerType: text(values.containerType),
    containerNo: text(values.containerNo) ? normalizeContainerNo(values.containerNo ?? '') : null,
    sealNo: text(values.sealNo),
    remark: text(values.remark),
    products: values.products.map((p) => ({
      id: p.id,
      plannedCartons: p.plannedCartons ?? null,
      loadedCartons: p.loadedCartons ?? null,
      loadedQuantity: p.loadedQuantity ?? null,
    })),
    checkpoints: values.checkpoints.map((c) => ({
      id: c.id,
      result: c.result,
      remark: text(c.remark),
      photoIds: c.photos.map((p) => p.id),
    })),
  };
}

export type SubmitProblem =
  | { kind: 'containerMissing' }
  | { kind: 'containerBad'; value: string }
  | { kind: 'sealMissing' }
  | { kind: 'cartonsMissing'; name: string }
  | { kind: 'checkpointOpen'; name: string }
  | { kind: 'photoMissing'; name: string };

/** Everything a submit still misses, in the editor's order (empty: ready to submit). */
export function submitProblems(
  values: SuperviseValues,
  report: Pick<SuperviseReportDetail, 'products' | 'checkpoints'>,
  checkpointName: (c: SuperviseReportDetail['checkpoints'][number]) => string,
): SubmitProblem[] {
  const out: SubmitProblem[] = [];
  const container = text(values.containerNo);
  if (!container) out.push({ kind: 'containerMissing' });
  else if (!isContainerNo(container)) out.push({ kind: 'containerBad', value: container });
  if (!text(values.sealNo)) out.push({ kind: 'sealMissing' });
  for (const p of report.products) {
    const typed = values.products.find((v) => v.id === p.id);
    if (typed?.loadedCartons === null || typed?.loadedCartons === undefined)
      out.push({ kind: 'cartonsMissing', name: p.productNo || p.itemNo });
  }
  for (const c of report.checkpoints) {
    const typed = values.checkpoints.find((v) => v.id === c.id);
    const result = typed?.result ?? CHECKPOINT_RESULT.none;
    if (c.mandatory && result === CHECKPOINT_RESULT.none)
      out.push({ kind: 'checkpointOpen', name: checkpointName(c) });
    else if (c.photoRequired && result !== CHECKPOINT_RESULT.none && (typed?.photos.length ?? 0) === 0)
      out.push({ kind: 'photoMissing', name: checkpointName(c) });
  }
  return out;
}
