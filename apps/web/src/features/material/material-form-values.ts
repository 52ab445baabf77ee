/**
 * The material form's values and the operation inputs they become (DOMAIN.md §2.3). Pure functions:
 * texts are trimmed, an emptied optional text is sent as '' (cleared) on update, and an update
 * carries only what changed, with the version read.
 */
import type { CreateMaterialInput, MaterialDetail, UpdateMaterialInput } from './api';

export interface MaterialFormValues {
  upc: string;
  name: string;
  technicalName: string;
  customName: string;
  riskLevelId?: string;
  materialTypeId?: string;
  supplierId?: string | null;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

export function materialFormValues(material?: MaterialDetail): MaterialFormValues {
  if (!material) return { upc: '', name: '', technicalName: '', customName: '', supplierId: null };
  return {
    upc: material.upc,
    name: material.name,
    technicalName: material.technicalName ?? '',
    customName: material.customName ?? '',
    riskLevelId: material.riskLevel.id,
    materialTypeId: material.materialType.id,
    supplierId: material.supplier?.id ?? null,
  };
}

export function createMaterialInput(values: MaterialFormValues): CreateMaterialInput {
  return {
    upc: text(values.upc),
    name: text(values.name),
    ...(text(values.technicalName) ? { technicalName: text(values.technicalName) } : {}),
    ...(text(values.customName) ? { customName: text(values.customName) } : {}),
    riskLevelId: values.riskLevelId ?? '',
    materialTypeId: values.materialTypeId ?? '',
    ...(values.supplierId ? { supplierId: values.supplierId } : {}),
  };
}

export function updateMaterialInput(
  material: MaterialDetail,
  values: MaterialFormValues,
): UpdateMaterialInput {
  const input: UpdateMaterialInput = { id: material.id, version: material.version };
  if (text(values.upc) !== material.upc) input.upc = text(values.upc);
  if (text(values.name) !== material.name) input.name = text(values.name);
  if (text(values.technicalName) !== text(material.technicalName))
    input.technicalName = text(values.technicalName);
  if (text(values.customName) !== text(material.customName)) input.customName = text(values.customName);
  if (values.riskLevelId && values.riskLevelId !== material.riskLevel.id)
    input.riskLevelId = values.riskLevelId;
  if (values.materialTypeId && values.materialTypeId !== material.materialType.id) {
    input.materialTypeId = values.materialTypeId;
  }
  const supplier = values.supplierId ?? null;
  if (supplier !== (material.supplier?.id ?? null)) input.supplierId = supplier;
  return input;
}
