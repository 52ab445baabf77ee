import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAllCarts, inspectionApplyCart, toggleSelection } from '../lib/carts';
import { useCartFeedback } from './cart-feedback';
import { renderWidget } from './test-utils';
import { ToastHost } from './toast';

function Harness() {
  const feedback = useCartFeedback();
  return (
    <>
      <ToastHost />
      <Button
        onClick={() => {
          feedback.cart(inspectionApplyCart.add({ id: '1', orderId: 'o1' }));
          feedback.cart(inspectionApplyCart.add({ id: '2', orderId: 'o2' }));
        }}
      >
        cart
      </Button>
      <Button
        onClick={() =>
          feedback.selection(
            toggleSelection(
              [{ id: '1', factoryId: 'f1' }],
              { id: '2', factoryId: 'f2' },
              { sameFactory: true },
            ),
          )
        }
      >
        select
      </Button>
    </>
  );
}

describe('useCartFeedback', () => {
  beforeEach(() => clearAllCarts());
  afterEach(() => {
    cleanup();
    clearAllCarts();
  });

  it('shows the server text of a cart refusal', async () => {
    renderWidget(<Harness />, { language: 'zh' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'cart' })));
    expect(await screen.findByText('购物车中已有其他订单的产品')).toBeTruthy();
  });

  it('names the rule a selection broke', async () => {
    renderWidget(<Harness />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'select' })));
    expect(await screen.findByText('Only records of the same factory can be selected together')).toBeTruthy();
  });
});
