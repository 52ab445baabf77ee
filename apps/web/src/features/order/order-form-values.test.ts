import { createOrder, updateOrder, updateOrderItem, updateOrderRequirements } from '@qcdesk/contract/order';
import { describe, expect, it } from 'vitest';
import { formPath, hasChanges } from '../../components/record/use-record-form';
import type { OrderDetail, OrderProductLine } from './api';
import {
  clientRequirements,
  createOrderInput,
  emptyLine,
  itemHasChanges,
  itemValues,
  type LineValues,
  type OrderFormValues,
  orderFormValues,
  requirementValues,
  testRequirementText,
  updateItemInput,
  updateOrderInput,
  updateRequirementsInput,
} from './order-form-values';

const ref = (id: string) => ({ id, code: `C${id}`, nameZh: `名${id}`, nameEn: `Name ${id}` });
const user = { id: '7', name: '王五', englishName: 'Wang Wu' };

function buildLine(overrides: Partial<OrderProductLine> = {}): OrderProductLine {
  return {
    id: '31',
    productNo: 'OD2611240001-01',
    sku: null,
    itemNo: 'WB-01',
    name: 'Wooden blocks',
    factory: ref('4'),
    quantity: 1200,
    quantityUnit: 1,
    deliveryDate: '2026-12-20',
    productType: 1,
    originalSample: null,
    productionSample: null,
    qc: null,
    testStatus: 'none',
    risk: null,
    valid: 1,
    line: 1,
    sort: 0,
    description: null,
    removedUpstream: false,
    version: 1,
    ...overrides,
  };
}

function buildOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: '90',
    orderNo: 'OD2611240001',
    clientPo: 'PO-1',
    client: { id: '5', code: 'NORDHOME', name: 'Nordic Home' },
    department: ref('2'),
    sales: user,
    description: null,
    inspectionRequirement: 'AQL 2.5',
    testRequirement: null,
    sources: [],
    total: 1200,
    deliveryDate: '2026-12-20',
    products: [buildLine()],
    shipping: null,
    valid: 1,
    version: 3,
    createdBy: user,
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  } as OrderDetail;
}

const line = (overrides: Partial<LineValues> = {}): LineValues => ({
  ...emptyLine(),
  itemNo: ' WB-01 ',
  name: 'Wooden blocks',
  factoryId: '4',
  quantity: 1200,
  deliveryDate: '2026-12-20',
  ...overrides,
});

describe('new order values', () => {
  it('starts with one empty product line (pcs, new)', () => {
    const values = orderFormValues();
    expect(values.products).toEqual([emptyLine()]);
    expect(values.products[0]).toMatchObject({ quantityUnit: 1, productType: 1, quantity: null });
  });

  it('leaves empty order no, PO and texts out, so the server numbers the order and takes the client defaults', () => {
    const values: OrderFormValues = {
      ...orderFormValues(),
      client: { value: '5', label: 'Nordic Home' },
      clientPo: '  ',
      products: [
        line(),
        line({ productNo: ' P-2 ', sku: 'S-2', quantity: 3, quantityUnit: 2, productType: 3 }),
      ],
    };
    const input = createOrderInput(values);
    expect(input).toEqual({
      clientId: '5',
      products: [
        {
          itemNo: 'WB-01',
          name: 'Wooden blocks',
          factoryId: '4',
          quantity: 1200,
          quantityUnit: 1,
          deliveryDate: '2026-12-20',
          productType: 1,
        },
        {
          productNo: 'P-2',
          sku: 'S-2',
          itemNo: 'WB-01',
          name: 'Wooden blocks',
          factoryId: '4',
          quantity: 3,
          quantityUnit: 2,
          deliveryDate: '2026-12-20',
          productType: 3,
        },
      ],
    });
    // What the form sends is what the contract accepts.
    expect(createOrder.input.safeParse(input).success).toBe(true);
  });

  it('sends the order no, PO, description and requirements typed', () => {
    const input = createOrderInput({
      ...orderFormValues(),
      orderNo: ' NH-26/01 ',
      clientPo: 'PO-9',
      client: { value: '5', label: 'Nordic Home' },
      description: 'Spring',
      inspectionRequirement: 'AQL 1.0',
      testRequirement: 'EN 71',
      products: [line()],
    });
    expect(input).toMatchObject({
      orderNo: 'NH-26/01',
      clientPo: 'PO-9',
      description: 'Spring',
      inspectionRequirement: 'AQL 1.0',
      testRequirement: 'EN 71',
    });
    expect(createOrder.input.safeParse(input).success).toBe(true);
  });

  it('a quantity outside 1..9,999,999 is refused by the contract the form rules come from', () => {
    for (const quantity of [0, 10_000_000, 1.5]) {
      const input = createOrderInput({
        ...orderFormValues(),
        client: { value: '5', label: 'x' },
        products: [line({ quantity })],
      });
      expect(createOrder.input.safeParse(input).success).toBe(false);
    }
  });
});

describe('order header update', () => {
  it('carries only what changed, with the version; an emptied PO is cleared', () => {
    const order = buildOrder();
    expect(hasChanges(updateOrderInput(order, orderFormValues(order)))).toBe(false);
    const input = updateOrderInput(order, {
      ...orderFormValues(order),
      clientPo: '',
      client: { value: '6', label: 'Other' },
      description: ' Autumn ',
    });
    expect(input).toEqual({ id: '90', version: 3, clientPo: '', clientId: '6', description: 'Autumn' });
    expect(updateOrder.input.parse(input)).toMatchObject({ clientPo: null, clientId: 6n });
  });
});

describe('product line update', () => {
  it('sends the changed delivery date with the order version and the product id', () => {
    const order = buildOrder();
    const row = order.products[0]!;
    expect(itemHasChanges(updateItemInput(order, row, itemValues(row)))).toBe(false);
    const input = updateItemInput(order, row, { ...itemValues(row), deliveryDate: '2027-01-15', sku: 'S-1' });
    expect(input).toEqual({ id: '90', version: 3, productId: '31', deliveryDate: '2027-01-15', sku: 'S-1' });
    expect(itemHasChanges(input)).toBe(true);
    expect(updateOrderItem.input.safeParse(input).success).toBe(true);
  });

  it('changes quantity, unit and factory; a cleared SKU is sent empty', () => {
    const row = buildLine({ sku: 'S-1' });
    const input = updateItemInput(buildOrder(), row, {
      ...itemValues(row),
      sku: ' ',
      quantity: 50,
      quantityUnit: 4,
      factoryId: '8',
    });
    expect(input).toEqual({
      id: '90',
      version: 3,
      productId: '31',
      sku: '',
      quantity: 50,
      quantityUnit: 4,
      factoryId: '8',
    });
  });
});

describe('requirements', () => {
  it('are sent as typed, emptied ones cleared', () => {
    const order = buildOrder();
    expect(requirementValues(order)).toEqual({ inspectionRequirement: 'AQL 2.5', testRequirement: '' });
    const input = updateRequirementsInput(order, { inspectionRequirement: ' ', testRequirement: 'EN 71 ' });
    expect(updateOrderRequirements.input.parse(input)).toMatchObject({
      inspectionRequirement: null,
      testRequirement: 'EN 71',
      fromClient: false,
    });
  });

  it('follow a newly picked client (test ← safety) unless the user typed their own', () => {
    const client = { inspectionRequirement: 'AQL 1.5', safetyRequirement: null };
    expect(clientRequirements(client, { inspection: false, test: false })).toEqual({
      inspectionRequirement: 'AQL 1.5',
      testRequirement: '',
    });
    expect(clientRequirements(client, { inspection: true, test: false })).toEqual({ testRequirement: '' });
  });

  it("fall back to the client's mandatory test requirements, in the UI language, when it has no safety text", () => {
    const ref = (id: string, code: string, nameZh: string, nameEn: string) => ({ id, code, nameZh, nameEn });
    const rows = [
      {
        id: '1',
        testItem: ref('5', 'EN71-1', '机械物理', 'EN 71-1'),
        country: ref('9', 'EU', '欧盟', 'EU'),
        productTypes: [1],
        mandatory: true,
      },
      {
        id: '2',
        testItem: ref('6', 'AZO', '偶氮', 'AZO dyes'),
        country: null,
        productTypes: [1],
        mandatory: true,
      },
      {
        id: '3',
        testItem: ref('7', 'PAH', '多环芳烃', 'PAH'),
        country: null,
        productTypes: [1],
        mandatory: false,
      },
    ];
    const client = { inspectionRequirement: null, safetyRequirement: null };
    const none = { inspection: false, test: false };
    expect(clientRequirements(client, none, { rows, language: 'en' }).testRequirement).toBe(
      'EN 71-1 (EU)\nAZO dyes',
    );
    expect(clientRequirements(client, none, { rows, language: 'zh' }).testRequirement).toBe(
      '机械物理 (欧盟)\n偶氮',
    );
    expect(
      clientRequirements({ ...client, safetyRequirement: 'REACH' }, none, { rows, language: 'en' })
        .testRequirement,
    ).toBe('REACH');
    expect(testRequirementText([], 'en')).toBe('');
  });
});

describe('server field names', () => {
  it('a line field becomes a form list path', () => {
    expect(formPath('products.1.deliveryDate')).toEqual(['products', 1, 'deliveryDate']);
    expect(formPath('clientId')).toEqual(['clientId']);
  });
});
