import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { useOrderTestCart } from '../../lib/carts';
import type { OrderDetail } from './api';
import { OrderProductCart } from './order-product-cart';

/**
 * The order-test cart on an order's products (spec §3/§4, DOMAIN.md §6.1; test.create): a product is
 * added when it has the same client and department as the cart's first item (else
 * E_CART_CLIENT_DEPT); the button opens the cart and its create form (`ordertest/new`).
 */
export function OrderTestCart({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const cart = useOrderTestCart();
  return (
    <OrderProductCart
      order={order}
      permission="test.create"
      cart={cart}
      entryOf={(product) => ({
        id: product.id,
        clientId: order.client.id,
        departmentId: order.department.id,
        orderNo: order.orderNo,
        productNo: product.productNo,
        clientName: order.client.name,
      })}
      texts={{
        add: t('test-order.addToCart'),
        inCart: t('test-order.inCart'),
        open: (n) => t('test-order.cartOpen', { n }),
      }}
      openTo={`/${currentLanguage()}/ordertest/new`}
      testId="order-test-cart"
    />
  );
}
