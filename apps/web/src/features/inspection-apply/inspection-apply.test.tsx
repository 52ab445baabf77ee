import { updateInspectionApply, updateInspectionApplyQuantity } from '@qcdesk/contract/inspection-apply';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { renderSignedIn, signOut, testSession } from '../../test/signed-in';
import type { InspectionApplyDetail } from './api';
import { InspectionApplyActions } from './inspection-apply-actions';
import { cartInput, factoryCount } from './inspection-apply-cart-values';
import { editInput } from './inspection-apply-edit';
import { InspectionApplyQuantity } from './inspection-apply-quantity';

const sales = (roles: string[]) =>
  testSession({
    modules: ['HOME', 'INSPECTION'],
    roles: ['role:SALES', ...roles],
    routes: ['Home', 'InspectionApply', 'InspectionApplys', 'OrderDetail'],
  });

const item = (id: string, applyQuantity: number) => ({
  id,
  orderProductId: `p${id}`,
  productNo: `P-${id}`,
  itemNo: `I-${id}`,
  sku: null,
  name: `Item ${id}`,
  deliveryDate: '2026-12-20',
  quantity: 1000,
  quantityUnit: 1,
  applyQuantity,
  inspectedQuantity: 0,
});
const record = {
  id: '51',
  applyNo: 'IA-2611-001',
  status: 10,
  version: 3,
  actions: ['update', 'submit', 'cancel', 'updateqnty'],
  applyType: 1,
  inspectionType: { id: '4', code: 'FINAL', nameZh: '尾期验货', nameEn: 'Final inspection' },
  expectedDate: '2026-12-10',
  remark: 'Old remark',
  items: [item('1', 600), item('2', 400)],
} as unknown as InspectionApplyDetail;

const show = (ui: ReactElement, roles = ['inspapply.edit']) =>
  renderSignedIn(ui, sales(roles), { toasts: true });

afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

describe('the inspection cart form', () => {
  const factory = (id: string) => ({ id, code: `F${id}`, nameZh: `工厂${id}`, nameEn: `Factory ${id}` });
  it('counts one application per factory and sends the quantities entered', () => {
    const products = [
      { id: 'a', factory: factory('1') },
      { id: 'b', factory: factory('1') },
      { id: 'c', factory: factory('2') },
    ];
    expect(factoryCount(products)).toBe(2);
    const values = {
      inspectionTypeId: '4',
      applyType: 1,
      expectedDate: '2026-12-10',
      remark: '  ',
      quantities: { a: 10, b: null, c: 5 },
    };
    expect(cartInput(values, products, true)).toEqual({
      items: [
        { orderProductId: 'a', applyQuantity: 10 },
        { orderProductId: 'c', applyQuantity: 5 },
      ],
      inspectionTypeId: '4',
      applyType: 1,
      expectedDate: '2026-12-10',
      submit: true,
    });
  });
});

describe('InspectionApplyActions', () => {
  it('submits, shows the warnings, and resends with confirm: true only after OK', async () => {
    const warning = {
      key: 'W_AFTER_DELIVERY',
      params: {},
      zh: '验货日期晚于交货期',
      en: 'After delivery (W)',
    };
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation(async (_op, input) =>
        (input as { confirm?: boolean }).confirm
          ? { saved: true, warnings: [warning], result: { ...record, status: 20 } }
          : { saved: false, warnings: [warning], result: null },
      );
    await show(<InspectionApplyActions record={record} />);
    fireEvent.click(screen.getByTestId('inspection-apply-submit'));
    await act(async () =>
      fireEvent.click((await screen.findAllByRole('button', { name: 'Submit' })).at(-1)!),
    );
    expect(await screen.findByText('After delivery (W)')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[0]).toBe(updateInspectionApply);
    expect(call.mock.calls[0]?.[1]).toEqual({ id: '51', version: 3, submit: true, confirm: false });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save anyway' })));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call.mock.calls[1]?.[1]).toEqual({ id: '51', version: 3, submit: true, confirm: true });
  });
});

describe('InspectionApplyEdit', () => {
  it('builds the update without submitting, clearing an emptied remark', () => {
    const values = { applyType: 2, inspectionTypeId: '5', expectedDate: '2026-12-11', remark: '  ' };
    expect(editInput(record, values)).toEqual({
      id: '51',
      version: 3,
      applyType: 2,
      inspectionTypeId: '5',
      expectedDate: '2026-12-11',
      remark: null,
      submit: false,
    });
  });

  it('opens from the Edit action of a draft and saves its fields with submit: false', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation(async (op) =>
        op === updateInspectionApply
          ? { saved: true, warnings: [], result: { ...record, version: 4 } }
          : { list: [], total: 0 },
      );
    await show(<InspectionApplyActions record={record} />);
    fireEvent.click(screen.getByTestId('inspection-apply-edit'));
    const remark = await screen.findByLabelText('Remark');
    expect((remark as HTMLTextAreaElement).value).toBe('Old remark');
    fireEvent.change(remark, { target: { value: 'Morning, please' } });
    await act(async () => fireEvent.click(screen.getByTestId('inspection-apply-edit-save')));
    await waitFor(() => expect(call.mock.calls.some(([op]) => op === updateInspectionApply)).toBe(true));
    const [, input] = call.mock.calls.find(([op]) => op === updateInspectionApply)!;
    expect(input).toEqual({
      id: '51',
      version: 3,
      applyType: 1,
      inspectionTypeId: '4',
      expectedDate: '2026-12-10',
      remark: 'Morning, please',
      submit: false,
    });
    // Saved: the drawer closes (its content is destroyed).
    await waitFor(() => expect(screen.queryByTestId('inspection-apply-edit-save')).toBeNull());
  });

  it('is not offered without the update action', async () => {
    await show(<InspectionApplyActions record={{ ...record, status: 20, actions: ['cancel'] }} />);
    expect(screen.queryByTestId('inspection-apply-edit')).toBeNull();
  });
});

describe('InspectionApplyQuantity (split)', () => {
  it('sends every item with the lowered quantity and split: true', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockResolvedValue({ record, split: { ...record, id: '52', applyNo: 'IA-2611-002' } });
    const onClose = vi.fn();
    await show(<InspectionApplyQuantity record={record} onClose={onClose} />);
    const [first] = screen.getAllByTestId('inspection-apply-qty');
    fireEvent.change(first!, { target: { value: '450' } });
    fireEvent.click(screen.getByTestId('inspection-apply-split'));
    await act(async () => fireEvent.click(screen.getByTestId('inspection-apply-qty-ok')));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]?.[0]).toBe(updateInspectionApplyQuantity);
    expect(call.mock.calls[0]?.[1]).toEqual({
      id: '51',
      version: 3,
      items: [
        { orderProductId: 'p1', applyQuantity: 450 },
        { orderProductId: 'p2', applyQuantity: 400 },
      ],
      split: true,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses raising a quantity when splitting, without a call', async () => {
    const call = vi.spyOn(api, 'call');
    await show(<InspectionApplyQuantity record={record} onClose={vi.fn()} />);
    const [first] = screen.getAllByTestId('inspection-apply-qty');
    fireEvent.change(first!, { target: { value: '700' } });
    fireEvent.click(screen.getByTestId('inspection-apply-split'));
    await act(async () => fireEvent.click(screen.getByTestId('inspection-apply-qty-ok')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(call).not.toHaveBeenCalled();
  });
});
