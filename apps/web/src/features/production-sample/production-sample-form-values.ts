/**
 * The production-sample form's values and the operation inputs they become (DOMAIN.md §2.3). Pure
 * functions: client and original sample are picked options, the item no is trimmed, and an update
 * carries only what changed, with the version read (an emptied original sample is sent as null).
 */
import type { RemoteOption } from '../../components/remote-auto-complete';
import type { CreateProductionSampleInput, ProductionSampleDetail, UpdateProductionSampleInput } from './api';

export interface ProductionSampleFormValues {
  itemNo: string;
  client: RemoteOption | null;
  providerFactoryId?: string | null;
  originalSample: RemoteOption | null;
  receivedDate?: string | null;
  quantity?: number | null;
}

export function productionSampleFormValues(sample?: ProductionSampleDetail): ProductionSampleFormValues {
  if (!sample) return { itemNo: '', client: null, providerFactoryId: null, originalSample: null };
  return {
    itemNo: sample.itemNo,
    client: { value: sample.client.id, label: sample.client.name },
    providerFactoryId: sample.provider.id,
    originalSample: sample.originalSample
      ? { value: sample.originalSample.id, label: sample.originalSample.itemNo }
      : null,
    receivedDate: sample.receivedDate,
    quantity: sample.quantity,
  };
}

export function createProductionSampleInput(values: ProductionSampleFormValues): CreateProductionSampleInput {
  return {
    itemNo: values.itemNo.trim(),
    clientId: values.client?.value ?? '',
    providerFactoryId: values.providerFactoryId ?? '',
    ...(values.originalSample ? { originalSampleId: values.originalSample.value } : {}),
    ...(values.receivedDate ? { receivedDate: values.receivedDate } : {}),
    quantity: values.quantity ?? 0,
  };
}

export function updateProductionSampleInput(
  sample: ProductionSampleDetail,
  values: ProductionSampleFormValues,
): UpdateProductionSampleInput {
  const input: UpdateProductionSampleInput = { id: sample.id, version: sample.version };
  const itemNo = values.itemNo.trim();
  if (itemNo !== sample.itemNo) input.itemNo = itemNo;
  if (values.client && values.client.value !== sample.client.id) input.clientId = values.client.value;
  if (values.providerFactoryId && values.providerFactoryId !== sample.provider.id) {
    input.providerFactoryId = values.providerFactoryId;
  }
  const original = values.originalSample?.value ?? null;
  if (original !== (sample.originalSample?.id ?? null)) input.originalSampleId = original;
  if (values.receivedDate && values.receivedDate !== sample.receivedDate)
    input.receivedDate = values.receivedDate;
  if (values.quantity != null && values.quantity !== sample.quantity) input.quantity = values.quantity;
  return input;
}
