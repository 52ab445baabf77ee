import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import { Alert, Card, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { DetailLoadFailed, DetailLoading } from '../../components/detail-states';
import { createdText, RecordCard, subheading } from '../../components/record/record-card';
import { RecordLink, TestStatusTag } from '../../components/record/record-link';
import { EMPTY, enumText, materialText, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { fetchOrderRiskChangeLog, ORDER_RISK_ENTITY, type OrderRiskDetail, useOrderRisk } from './api';
import { OrderRiskActions } from './order-risk-actions';
import { itemsText, RiskStatusBadge } from './order-risk-columns';

function OrderRiskView({ risk, modify }: { risk: OrderRiskDetail; modify: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="order-risk-detail"
        title={risk.product.productNo}
        tags={
          <>
            <RiskStatusBadge status={risk.status} language={language} />
            <TestStatusTag status={risk.testStatus} />
          </>
        }
        actions={<OrderRiskActions risk={risk} modify={modify} />}
        notices={[
          risk.fullTest && <Alert type="info" showIcon title={t('order-risk.fullTestHint')} />,
          risk.status === ORDER_RISK_STATUS.waived && (
            <Alert
              type="warning"
              showIcon
              title={t('order-risk.waivedHint', { reason: risk.waiveReason ?? EMPTY })}
            />
          ),
        ]}
        items={[
          {
            key: 'order',
            label: t('order-risk.orderNo'),
            children: (
              <RecordLink route="OrderDetail" to={`order/${risk.order.id}`}>
                {risk.order.orderNo}
              </RecordLink>
            ),
          },
          {
            key: 'product',
            label: t('order-risk.product'),
            children: `${risk.product.itemNo} | ${risk.product.name}`,
          },
          { key: 'factory', label: t('order-risk.factory'), children: refName(risk.factory, language) },
          { key: 'client', label: t('order-risk.client'), children: risk.client.name },
          {
            key: 'productType',
            label: t('order-risk.productType'),
            children: enumText('ProductType', risk.product.productType, language),
          },
          {
            key: 'delivery',
            label: t('order-risk.deliveryDate'),
            children: formatDate(risk.product.deliveryDate),
          },
          {
            key: 'result',
            label: t('order-risk.result'),
            children: enumText('TestResult', risk.result, language),
          },
          {
            key: 'byCreate',
            label: t('order-risk.byCreate'),
            children: risk.byCreate ? t('order-risk.manual') : t('order-risk.derived'),
          },
          { key: 'items', label: t('order-risk.items'), children: itemsText(risk, t) },
          { key: 'created', label: t('common.created'), children: createdText(risk, language) },
        ]}
      />
      <Card title={<h2 style={subheading}>{t('order-risk.testItems')}</h2>}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={risk.items}
          locale={{ emptyText: t('order-risk.noItems') }}
          data-testid="order-risk-items"
          columns={[
            {
              key: 'testItem',
              title: t('order-risk.testItem'),
              render: (_v, i) => refName(i.testItem, language),
            },
            {
              key: 'material',
              title: t('order-risk.material'),
              render: (_v, i) => (i.material ? materialText(i.material) : t('order-risk.clientRequirement')),
            },
            {
              key: 'part',
              title: t('order-risk.part'),
              render: (_v, i) => (i.part ? refName(i.part, language) : EMPTY),
            },
            {
              key: 'risk',
              title: t('order-risk.risk'),
              render: (_v, i) => (i.risk ? refName(i.risk, language) : EMPTY),
            },
            {
              key: 'result',
              title: t('order-risk.result'),
              render: (_v, i) => enumText('TestResult', i.result, language),
            },
          ]}
        />
      </Card>
      <ChangeLogCard entity={ORDER_RISK_ENTITY} id={risk.id} fetch={fetchOrderRiskChangeLog} />
    </Flex>
  );
}

/** Spec §2 OrderRiskDetail (`orderrisk/{id}`): the risk, its test items, waive and reset. */
export function OrderRiskDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const language = currentLanguage();
  const query = useOrderRisk(id);
  if (query.isPending) return <DetailLoading />;
  const answer = query.data;
  if (!answer?.success) {
    return (
      <DetailLoadFailed
        title={t('order-risk.loadFailed')}
        message={answer && !answer.success ? answer.error : (query.error?.message ?? '')}
        backTo={`/${language}/orderrisk`}
        backLabel={t('common.backToList')}
      />
    );
  }
  return <OrderRiskView risk={answer.data} modify={answer.modify ?? false} />;
}
