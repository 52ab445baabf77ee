import { createOrder } from '@qcdesk/contract/order';
import { Alert, Card, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { FULL_ROW, RecordCard, recordDates, subheading } from '../../components/record/record-card';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import { fetchOrderChangeLog, ORDER_ENTITY, type OrderDetail, useInvalidateOrder, useOrder } from './api';
import { OrderActions } from './order-actions';
import { OrderContract } from './order-contract';
import { OrderForm } from './order-form';
import { OrderProductsCard } from './order-products-card';
import { OrderShipping } from './order-shipping';
import { ShippingSuperviseReports } from './order-supervise';

const preWrap = { whiteSpace: 'pre-wrap' } as const;

function OrderView({ order, modify }: { order: OrderDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const mayReadContract =
    hasPermission(session, 'contract.search') || hasPermission(session, 'contract.file.edit');
  const mayReadSupervise = hasPermission(session, 'supervise.search');
  const sources = order.sources
    .map(
      (s) =>
        `${enumText('OrderSource', s.source, language)}${s.ref ? ` ${s.ref}` : ''} · ${formatDateTime(s.at)}`,
    )
    .join('\n');
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="order-detail"
        title={order.orderNo}
        tags={order.clientPo ? <Tag>{order.clientPo}</Tag> : null}
        actions={<OrderActions order={order} modify={modify} />}
        notices={[order.valid === 0 && <Alert type="warning" showIcon title={t('order.isDeleted')} />]}
        items={[
          { key: 'orderNo', label: t('order.orderNo'), children: order.orderNo },
          { key: 'clientPo', label: t('order.clientPo'), children: order.clientPo ?? EMPTY },
          {
            key: 'client',
            label: t('order.client'),
            children: `${order.client.code} · ${order.client.name}`,
          },
          { key: 'department', label: t('order.department'), children: refName(order.department, language) },
          {
            key: 'sales',
            label: t('order.sales'),
            children: order.sales ? userDisplayName(order.sales, language) : EMPTY,
          },
          { key: 'total', label: t('order.total'), children: order.total.toLocaleString() },
          {
            key: 'deliveryDate',
            label: t('order.firstDelivery'),
            children: order.deliveryDate ? formatDate(order.deliveryDate) : EMPTY,
          },
          {
            key: 'sources',
            label: t('order.sources'),
            children: <span style={preWrap}>{sources || EMPTY}</span>,
          },
          {
            key: 'description',
            label: t('order.description'),
            span: FULL_ROW,
            children: <span style={preWrap}>{order.description ?? EMPTY}</span>,
          },
          {
            key: 'inspectionRequirement',
            label: t('order.inspectionRequirement'),
            span: FULL_ROW,
            children: <span style={preWrap}>{order.inspectionRequirement ?? EMPTY}</span>,
          },
          {
            key: 'testRequirement',
            label: t('order.testRequirement'),
            span: FULL_ROW,
            children: <span style={preWrap}>{order.testRequirement ?? EMPTY}</span>,
          },
          ...recordDates(order, t, language),
        ]}
      />
      <OrderProductsCard order={order} modify={modify} />
      <Card title={<h2 style={subheading}>{t('order.shipping')}</h2>}>
        <Flex vertical gap={16}>
          <OrderShipping shipping={order.shipping} />
          {order.shipping && mayReadSupervise ? (
            <ShippingSuperviseReports shippingId={order.shipping.id} />
          ) : null}
        </Flex>
      </Card>
      {mayReadContract ? (
        <Card title={<h2 style={subheading}>{t('order.contract')}</h2>}>
          <OrderContract orderId={order.id} />
        </Card>
      ) : null}
      <ChangeLogCard entity={ORDER_ENTITY} id={order.id} fetch={fetchOrderChangeLog} />
    </Flex>
  );
}

/**
 * Spec §2 OrderDetail (`order/{id}`): the order, its products, shipment, contract files and change
 * log; `?edit=1` changes the header; `order/new` creates an order with its products.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<OrderDetail>
      path="order"
      permission={createOrder.permission}
      useRecord={useOrder}
      onStale={useInvalidateOrder()}
      texts={{
        createTitle: t('order.form.createTitle'),
        editTitle: (order) => t('order.form.editTitle', { orderNo: order.orderNo }),
        createdDone: t('order.form.createdDone'),
        loadFailed: t('order.loadFailed'),
      }}
      form={(props) => <OrderForm {...props} />}
      view={({ record, modify }) => <OrderView order={record} modify={modify} />}
    />
  );
}
