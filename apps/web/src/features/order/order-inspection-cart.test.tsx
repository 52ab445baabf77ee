import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAllCarts, inspectionApplyCartStore } from '../../lib/carts';
import { renderSignedIn, signOut, testSession } from '../../test/signed-in';
import type { OrderDetail } from './api';
import { OrderInspectionCart } from './order-inspection-cart';

const sales = (roles: string[]) =>
  testSession({
    modules: ['HOME', 'INSPECTION'],
    roles: ['role:SALES', ...roles],
    routes: ['Home', 'InspectionApply', 'InspectionApplys', 'OrderDetail'],
  });

const factory = (id: string) => ({ id, code: `F${id}`, nameZh: `工厂${id}`, nameEn: `Factory ${id}` });

const show = (ui: ReactElement, roles = ['inspapply.edit']) =>
  renderSignedIn(ui, sales(roles), { toasts: true });

beforeEach(() => clearAllCarts());
afterEach(() => {
  signOut();
  clearAllCarts();
});

describe('OrderInspectionCart', () => {
  const order = (id: string, products: string[]) =>
    ({
      id,
      orderNo: `ORD-${id}`,
      valid: 1,
      products: products.map((p, i) => ({
        id: p,
        productNo: `P-${p}`,
        valid: 1,
        factory: factory(String(i)),
      })),
    }) as unknown as OrderDetail;

  it('takes products of one order and refuses another order’s with E_CART_ORDER', async () => {
    await show(
      <>
        <OrderInspectionCart order={order('o1', ['a', 'b'])} />
        <OrderInspectionCart order={order('o2', ['c'])} />
      </>,
    );
    const [a, b, c] = screen.getAllByTestId('order-inspection-cart-toggle');
    await act(async () => fireEvent.click(a!));
    await act(async () => fireEvent.click(b!));
    expect(inspectionApplyCartStore.read().map((i) => i.id)).toEqual(['a', 'b']);
    await act(async () => fireEvent.click(c!));
    expect(inspectionApplyCartStore.read().map((i) => i.id)).toEqual(['a', 'b']);
    expect(await screen.findByText(/another order/i)).toBeTruthy();
    await act(async () => fireEvent.click(a!));
    expect(inspectionApplyCartStore.read().map((i) => i.id)).toEqual(['b']);
  });

  it('is not offered without inspapply.edit', async () => {
    await show(<OrderInspectionCart order={order('o1', ['a'])} />, ['inspapply.search']);
    expect(screen.queryByTestId('order-inspection-cart')).toBeNull();
  });
});
