import { CheckOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { createInspectionApply } from '@qcdesk/contract/inspection-apply';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { useCartFeedback } from '../../components/cart-feedback';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { markInCart, useInspectionApplyCart } from '../../lib/carts';
import type { OrderDetail } from './api';

/**
 * The inspection cart on an order's products (spec §4, inspapply.edit): each valid product is a tag
 * marked when it is in the cart; a click adds it (only products of one order: another order's are
 * refused with E_CART_ORDER's text) or takes it out. The button opens the cart on the application
 * list (`inspection/apply?cart=1`), which creates one application per factory.
 */
export function OrderInspectionCart({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const cart = useInspectionApplyCart();
  const feedback = useCartFeedback();
  if (order.valid !== 1 || !hasPermission(session, createInspectionApply.permission)) return null;
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
        orderId: order.id,
        orderNo: order.orderNo,
        productNo: row.productNo,
        factoryId: row.factory.id,
        factoryName: refName(row.factory, language),
      }),
    );
  };
  return (
    <Flex gap={8} wrap align="center" style={{ marginTop: 12 }} data-testid="order-inspection-cart">
      <Typography.Text type="secondary">{t('inspection-apply.cart.add')}:</Typography.Text>
      {rows.map((row) => (
        <Tag.CheckableTag
          key={row.id}
          checked={row.inCart}
          onChange={() => toggle(row)}
          aria-label={`${row.productNo} ${row.inCart ? t('inspection-apply.cart.inCart') : t('inspection-apply.cart.add')}`}
          data-testid="order-inspection-cart-toggle"
          data-in-cart={row.inCart}
        >
          {row.inCart ? <CheckOutlined /> : null} {row.productNo}
        </Tag.CheckableTag>
      ))}
      {cart.items.length > 0 ? (
        <ButtonLink
          size="small"
          icon={<ShoppingCartOutlined />}
          to={`/${language}/inspection/apply?cart=1`}
          data-testid="order-inspection-cart-open"
        >
          {t('inspection-apply.cart.open', { n: cart.items.length })}
        </ButtonLink>
      ) : null}
    </Flex>
  );
}
