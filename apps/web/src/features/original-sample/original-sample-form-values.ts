/**
 * The original-sample forms' values and the operation inputs they become (DOMAIN.md §2.3). Pure
 * functions: client and materials are picked options, parts travel as `{partId, materials}` with
 * each material's share and colour; an update carries only what changed, with the version read.
 */
import { materialText } from '../../components/ref-labels';
import type { RemoteOption } from '../../components/remote-auto-complete';
import type {
  CreateOriginalSampleInput,
  OriginalSampleDetail,
  PartsInput,
  UpdateOriginalSampleInput,
} from './api';

export interface PartMaterialValues {
  material: RemoteOption | null;
  /** Share of the part, 0–100 with 2 decimals. */
  percentage?: number | null;
  colour?: string;
}

export interface PartValues {
  partId?: string;
  materials: PartMaterialValues[];
}

export interface OriginalSampleFormValues {
  itemNo: string;
  name: string;
  client: RemoteOption | null;
  /** Create only: parts are changed later with `material/update`. */
  parts: PartValues[];
}

const text = (value: string | null | undefined) => (value ?? '').trim();

export function partValues(sample: OriginalSampleDetail): PartValues[] {
  return sample.parts.map((part) => ({
    partId: part.part.id,
    materials: part.materials.map((row) => ({
      material: { value: row.material.id, label: materialText(row.material) },
      percentage: row.percentage,
      colour: row.colour ?? '',
    })),
  }));
}

export function originalSampleFormValues(sample?: OriginalSampleDetail): OriginalSampleFormValues {
  if (!sample) return { itemNo: '', name: '', client: null, parts: [] };
  return {
    itemNo: sample.itemNo,
    name: sample.name,
    client: sample.client ? { value: sample.client.id, label: sample.client.name } : null,
    parts: [],
  };
}

/** The parts people filled in (a part without its part, a row without its material left out). */
export function partInputs(parts: readonly PartValues[] | undefined): PartsInput {
  return (parts ?? []).flatMap((part) =>
    part.partId
      ? [
          {
            partId: part.partId,
            materials: (part.materials ?? []).flatMap((row) =>
              row.material
                ? [
                    {
                      materialId: row.material.value,
                      ...(row.percentage === null || row.percentage === undefined
                        ? {}
                        : { percentage: row.percentage }),
                      ...(text(row.colour) ? { colour: text(row.colour) } : {}),
                    },
                  ]
                : [],
            ),
          },
        ]
      : [],
  );
}

export function createOriginalSampleInput(values: OriginalSampleFormValues): CreateOriginalSampleInput {
  return {
    itemNo: text(values.itemNo),
    name: text(values.name),
    ...(values.client ? { clientId: values.client.value } : {}),
    parts: partInputs(values.parts),
  };
}

export function updateOriginalSampleInput(
  sample: OriginalSampleDetail,
  values: OriginalSampleFormValues,
): UpdateOriginalSampleInput {
  const input: UpdateOriginalSampleInput = { id: sample.id, version: sample.version };
  if (text(values.itemNo) !== sample.itemNo) input.itemNo = text(values.itemNo);
  if (text(values.name) !== sample.name) input.name = text(values.name);
  const client = values.client?.value ?? null;
  if (client !== (sample.client?.id ?? null)) input.clientId = client;
  return input;
}

/** DOMAIN.md §2.3 `complete`: at least one part, and every part has a material. */
export const partsComplete = (parts: readonly PartValues[] | undefined) =>
  (parts ?? []).length > 0 &&
  (parts ?? []).every((part) => (part.materials ?? []).some((row) => row.material));
