import { CheckOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { useCartFeedback } from '../../components/cart-feedback';
import { currentLanguage } from '../../i18n/i18n';
import { markInCart, useOrderTestCart } from '../../lib/carts';
import type { OrderDetail } from './api';

/**
 * The order-test cart on an order's products (spec §3/§4, DOMAIN.md §6.1; test.create): each valid
 * product is a tag marked when it is in the cart (`inCart`); a click adds it (same client and
 * department as the cart's first item, else E_CART_CLIENT_DEPT) or takes it out. The button opens
 * the cart and its create form (`ordertest/new`).
 */
export function OrderTestCart({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const cart = useOrderTestCart();
  const feedback = useCartFeedback();
  if (order.valid !== 1 || !hasPermission(session, 'test.create')) return null;
  const rows = markInCart(
    order.products.filter((p) => p.valid === 1),
    cart.items,
  );
  if (rows.length === 0) return null;
  const toggle = (row: (typeof rows)[number]) => {
    if (row.inCart) return cart.remove(row.id);
    feedback.cart(
      cart.add({
        id: row.id,
        clientId: order.client.id,
        departmentId: order.department.id,
        orderNo: order.orderNo,
        productNo: row.productNo,
        clientName: order.client.name,
      }),
    );
  };
  return (
    <Flex gap={8} wrap align="center" style={{ marginTop: 12 }} data-testid="order-test-cart">
      <Typography.Text type="secondary">{t('test-order.addToCart')}:</Typography.Text>
      {rows.map((row) => (
        <Tag.CheckableTag
          key={row.id}
          checked={row.inCart}
          onChange={() => toggle(row)}
          aria-label={`${row.productNo} ${row.inCart ? t('test-order.inCart') : t('test-order.addToCart')}`}
          data-testid="order-test-cart-toggle"
          data-in-cart={row.inCart}
        >
          {row.inCart ? <CheckOutlined /> : null} {row.productNo}
        </Tag.CheckableTag>
      ))}
      {cart.items.length > 0 ? (
        <ButtonLink
          size="small"
          icon={<ShoppingCartOutlined />}
          to={`/${language}/ordertest/new`}
          data-testid="order-test-cart-open"
        >
          {t('test-order.cartOpen', { n: cart.items.length })}
        </ButtonLink>
      ) : null}
    </Flex>
  );
}
