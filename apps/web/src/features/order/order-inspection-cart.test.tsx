import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../api/guard';
import { queryClient } from '../../api/query-client';
import { sessionKey } from '../../api/session';
import { tokens } from '../../api/session-tokens';
import { ToastHost } from '../../components/toast';
import { i18n } from '../../i18n/i18n';
import { clearAllCarts, inspectionApplyCartStore } from '../../lib/carts';
import type { OrderDetail } from './api';
import { OrderInspectionCart } from './order-inspection-cart';

const sales = (roles: string[]): Session => ({
  uid: '7',
  username: 'demo.sales',
  name: '销售',
  englishName: 'Sales',
  title: 'Sales',
  roleCode: 'SALES',
  department: 'Sales',
  departmentId: '3',
  position: 2,
  isQC: false,
  isLogin: true,
  modules: ['HOME', 'INSPECTION'],
  roles: ['role:SALES', ...roles],
  navigation: { main: ['HOME'], secondary: { HOME: ['Home'] } },
  routes: ['Home', 'InspectionApply', 'InspectionApplys', 'OrderDetail'],
  language: null,
  impersonator: null,
});

const factory = (id: string) => ({ id, code: `F${id}`, nameZh: `工厂${id}`, nameEn: `Factory ${id}` });

async function show(ui: ReactElement, roles = ['inspapply.edit']) {
  await i18n.changeLanguage('en');
  tokens.save({ bearerToken: 'b', refreshToken: 'r' }, false);
  queryClient.setQueryData(sessionKey, sales(roles));
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ToastHost />
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => clearAllCarts());
afterEach(() => {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
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
