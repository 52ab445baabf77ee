/**
 * The order forms' values and the operation inputs they become (DOMAIN.md §2.4). Pure functions:
 * texts are trimmed; an empty optional text is left out on create and sent as '' (cleared) on update;
 * an update carries only what changed, with the order's version (which locks its products too).
 */
import type { TestRequirementRow } from '@qcdesk/contract/client';
import type { Language } from '@qcdesk/contract/messages';
import { refName } from '../../components/ref-labels';
import type { RemoteOption } from '../../components/remote-auto-complete';
import type { OrderDetail, OrderProductLine } from './api';
import type {
  CreateOrderInput,
  UpdateOrderInput,
  UpdateOrderItemInput,
  UpdateRequirementsInput,
} from './order-write-api';

/** One product line of the new-order form. */
export interface LineValues {
  productNo: string;
  sku: string;
  itemNo: string;
  name: string;
  factoryId?: string | null;
  quantity?: number | null;
  quantityUnit: number;
  deliveryDate?: string | null;
  productType: number;
}

export interface OrderFormValues {
  orderNo: string;
  clientPo: string;
  client: RemoteOption | null;
  description: string;
  /** Create only (the detail page edits them with order/require/update). */
  inspectionRequirement: string;
  testRequirement: string;
  /** Create only. */
  products: LineValues[];
}

/** The product-line dialog's values (order/item/update). */
export type ItemValues = Omit<LineValues, 'productNo' | 'productType'> & { description: string };

export interface RequirementValues {
  inspectionRequirement: string;
  testRequirement: string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();
const optional = <K extends string>(key: K, value: string | null | undefined) =>
  (text(value) ? { [key]: text(value) } : {}) as Partial<Record<K, string>>;

export const emptyLine = (): LineValues => ({
  productNo: '',
  sku: '',
  itemNo: '',
  name: '',
  factoryId: null,
  quantity: null,
  quantityUnit: 1,
  deliveryDate: null,
  productType: 1,
});

export function orderFormValues(order?: OrderDetail): OrderFormValues {
  if (!order) {
    return {
      orderNo: '',
      clientPo: '',
      client: null,
      description: '',
      inspectionRequirement: '',
      testRequirement: '',
      products: [emptyLine()],
    };
  }
  return {
    orderNo: order.orderNo,
    clientPo: order.clientPo ?? '',
    client: { value: order.client.id, label: order.client.name },
    description: order.description ?? '',
    inspectionRequirement: order.inspectionRequirement ?? '',
    testRequirement: order.testRequirement ?? '',
    products: [],
  };
}

type ProductInput = CreateOrderInput['products'][number];

export function lineInput(line: LineValues): ProductInput {
  return {
    ...optional('productNo', line.productNo),
    ...optional('sku', line.sku),
    itemNo: text(line.itemNo),
    name: text(line.name),
    factoryId: line.factoryId ?? '',
    quantity: line.quantity ?? 0,
    quantityUnit: line.quantityUnit,
    deliveryDate: line.deliveryDate ?? '',
    productType: line.productType,
  };
}

export function createOrderInput(values: OrderFormValues): CreateOrderInput {
  return {
    ...optional('orderNo', values.orderNo),
    ...optional('clientPo', values.clientPo),
    clientId: values.client?.value ?? '',
    ...optional('description', values.description),
    ...optional('inspectionRequirement', values.inspectionRequirement),
    ...optional('testRequirement', values.testRequirement),
    products: (values.products ?? []).map(lineInput),
  };
}

/** The header (order/update): PO, client, description. */
export function updateOrderInput(order: OrderDetail, values: OrderFormValues): UpdateOrderInput {
  const input: UpdateOrderInput = { id: order.id, version: order.version };
  if (text(values.clientPo) !== text(order.clientPo)) input.clientPo = text(values.clientPo);
  if (values.client && values.client.value !== order.client.id) input.clientId = values.client.value;
  if (text(values.description) !== text(order.description)) input.description = text(values.description);
  return input;
}

export function itemValues(line: OrderProductLine): ItemValues {
  return {
    sku: line.sku ?? '',
    itemNo: line.itemNo,
    name: line.name,
    description: line.description ?? '',
    factoryId: line.factory?.id ?? null,
    quantity: line.quantity,
    quantityUnit: line.quantityUnit,
    deliveryDate: line.deliveryDate,
  };
}

/** One product line (order/item/update): what changed, with the order's id and version. */
export function updateItemInput(
  order: Pick<OrderDetail, 'id' | 'version'>,
  line: OrderProductLine,
  values: ItemValues,
): UpdateOrderItemInput {
  const input: UpdateOrderItemInput = { id: order.id, version: order.version, productId: line.id };
  if (text(values.sku) !== text(line.sku)) input.sku = text(values.sku);
  if (text(values.itemNo) !== line.itemNo) input.itemNo = text(values.itemNo);
  if (text(values.name) !== line.name) input.name = text(values.name);
  if (text(values.description) !== text(line.description)) input.description = text(values.description);
  if (values.factoryId && values.factoryId !== line.factory?.id) input.factoryId = values.factoryId;
  if (values.quantity !== undefined && values.quantity !== null && values.quantity !== line.quantity)
    input.quantity = values.quantity;
  if (values.quantityUnit !== line.quantityUnit) input.quantityUnit = values.quantityUnit;
  if (values.deliveryDate && values.deliveryDate !== line.deliveryDate)
    input.deliveryDate = values.deliveryDate;
  return input;
}

/** Whether a product-line update carries anything besides the order's id, version and the product. */
export const itemHasChanges = (input: UpdateOrderItemInput) =>
  Object.keys(input).some((key) => key !== 'id' && key !== 'version' && key !== 'productId');

export const requirementValues = (order: OrderDetail): RequirementValues => ({
  inspectionRequirement: order.inspectionRequirement ?? '',
  testRequirement: order.testRequirement ?? '',
});

export function updateRequirementsInput(
  order: Pick<OrderDetail, 'id' | 'version'>,
  values: RequirementValues,
): UpdateRequirementsInput {
  return {
    id: order.id,
    version: order.version,
    inspectionRequirement: text(values.inspectionRequirement),
    testRequirement: text(values.testRequirement),
  };
}

/**
 * A client's mandatory test requirements as text, one test item a line with its destination
 * ("EN 71-1 (EU)"), for a client whose safety requirement text is empty.
 */
export function testRequirementText(tests: readonly TestRequirementRow[], language: Language): string {
  return tests
    .filter((row) => row.mandatory)
    .map(
      (row) =>
        `${refName(row.testItem, language)}${row.country ? ` (${refName(row.country, language)})` : ''}`,
    )
    .join('\n');
}

/**
 * The requirement texts a newly picked client brings, unless the user has typed their own: the test
 * requirement is the client's safety requirement, or else its mandatory test requirements.
 */
export function clientRequirements(
  client: { inspectionRequirement: string | null; safetyRequirement: string | null },
  touched: { inspection: boolean; test: boolean },
  tests: { rows: readonly TestRequirementRow[]; language: Language } = { rows: [], language: 'zh' },
): Partial<RequirementValues> {
  const test = client.safetyRequirement || testRequirementText(tests.rows, tests.language);
  return {
    ...(touched.inspection ? {} : { inspectionRequirement: client.inspectionRequirement ?? '' }),
    ...(touched.test ? {} : { testRequirement: test }),
  };
}
