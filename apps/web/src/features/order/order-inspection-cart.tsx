import { createInspectionApply } from '@qcdesk/contract/inspection-apply';
import { useTranslation } from 'react-i18next';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { useInspectionApplyCart } from '../../lib/carts';
import type { OrderDetail } from './api';
import { OrderProductCart } from './order-product-cart';

/**
 * The inspection cart on an order's products (spec §4, inspapply.edit): only products of one order
 * (another order's are refused with E_CART_ORDER's text). The button opens the cart on the
 * application list (`inspection/apply?cart=1`), which creates one application per factory.
 */
export function OrderInspectionCart({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const cart = useInspectionApplyCart();
  return (
    <OrderProductCart
      order={order}
      permission={createInspectionApply.permission}
      cart={cart}
      entryOf={(product) => ({
        id: product.id,
        orderId: order.id,
        orderNo: order.orderNo,
        productNo: product.productNo,
        factoryId: product.factory.id,
        factoryName: refName(product.factory, language),
      })}
      texts={{
        add: t('inspection-apply.cart.add'),
        inCart: t('inspection-apply.cart.inCart'),
        open: (n) => t('inspection-apply.cart.open', { n }),
      }}
      openTo={`/${language}/inspection/apply?cart=1`}
      testId="order-inspection-cart"
    />
  );
}
