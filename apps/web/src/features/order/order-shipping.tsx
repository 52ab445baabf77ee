import { Descriptions, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY, enumText, refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import type { OrderShipping as Shipping } from './api';

/** The order's shipment (DOMAIN.md §2.4), read-only: its number, vehicle, dates, container and status. */
export function OrderShipping({ shipping }: { shipping: Shipping | null }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  if (!shipping) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.shippingNone')} />;
  return (
    <Descriptions
      data-testid="order-shipping"
      bordered
      size="small"
      layout={phone ? 'vertical' : 'horizontal'}
      column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 3, xxl: 3 }}
      items={[
        { key: 'shippingNo', label: t('order.shippingNo'), children: shipping.shippingNo },
        {
          key: 'status',
          label: t('order.shippingStatus'),
          children: <Tag>{enumText('ShippingStatus', shipping.status, language)}</Tag>,
        },
        { key: 'vehicle', label: t('order.vehicle'), children: refName(shipping.vehicle, language) },
        { key: 'etd', label: t('order.etd'), children: formatDate(shipping.etd) },
        { key: 'eta', label: t('order.eta'), children: shipping.eta ? formatDate(shipping.eta) : EMPTY },
        { key: 'loadingPort', label: t('order.loadingPort'), children: shipping.loadingPort ?? EMPTY },
        {
          key: 'destination',
          label: t('order.destination'),
          children: refName(shipping.destinationCountry, language),
        },
        { key: 'containerNo', label: t('order.containerNo'), children: shipping.containerNo ?? EMPTY },
        { key: 'sealNo', label: t('order.sealNo'), children: shipping.sealNo ?? EMPTY },
        {
          key: 'orders',
          label: t('order.shippingOrders'),
          children: shipping.orders.map((order) => order.orderNo).join(', ') || EMPTY,
        },
      ]}
    />
  );
}
