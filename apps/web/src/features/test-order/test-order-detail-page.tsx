import { createTestOrder, TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { createdText, RecordCard } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, enumText, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type TestOrderDetail, useInvalidateTestOrder, useTestOrder } from './api';
import { TestOrderActions } from './test-order-actions';
import { moneyText, TestOrderStatusBadge } from './test-order-columns';
import { DocumentRef } from './test-order-file';
import { TestOrderCreatePage } from './test-order-form';
import { TestOrderItems } from './test-order-items';
import { TestOrderChangeLog } from './test-order-log';

function TestOrderView({ order, modify }: { order: TestOrderDetail; modify: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const date = (value: string | null) => (value ? formatDate(value) : EMPTY);
  const yes = (value: boolean) => (value ? t('test-order.yes') : t('test-order.no'));
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="test-order-detail"
        title={order.testOrderNo}
        tags={
          <span data-testid="test-order-status">
            <TestOrderStatusBadge status={order.status} language={language} />
          </span>
        }
        actions={<TestOrderActions order={order} modify={modify} />}
        notices={[
          order.status === TEST_ORDER_STATUS.cancelled && (
            <Alert type="warning" showIcon title={t('test-order.isCancelled')} />
          ),
          order.retest && <Alert type="info" showIcon title={t('test-order.retestHint')} />,
          order.inspectionReportId && (
            <Alert
              type="info"
              showIcon
              data-testid="test-order-inspection-report"
              title={
                <RecordLink
                  route="InspectionReportDetail"
                  to={`inspection/report/${order.inspectionReportId}`}
                >
                  {t('test-order.fromInspectionReport')}
                </RecordLink>
              }
            />
          ),
        ]}
        items={[
          {
            key: 'client',
            label: t('test-order.client'),
            children: (
              <RecordLink route="ClientDetail" to={`client/${order.client.id}`}>
                {order.client.code} · {order.client.name}
              </RecordLink>
            ),
          },
          {
            key: 'department',
            label: t('test-order.department'),
            children: refName(order.department, language),
          },
          { key: 'lab', label: t('test-order.lab'), children: refName(order.lab, language) },
          {
            key: 'labContact',
            label: t('test-order.labContact'),
            children: order.labContact ? `${order.labContact.name} <${order.labContact.email}>` : EMPTY,
          },
          { key: 'testType', label: t('test-order.testType'), children: refName(order.testType, language) },
          {
            key: 'applyType',
            label: t('test-order.applyType'),
            children: enumText('TestApplyType', order.applyType, language),
          },
          { key: 'planTime', label: t('test-order.planTime'), children: date(order.planTime) },
          { key: 'receiveTime', label: t('test-order.receiveTime'), children: date(order.receiveTime) },
          { key: 'hopeTime', label: t('test-order.hopeTime'), children: date(order.hopeTime) },
          { key: 'price', label: t('test-order.price'), children: moneyText(order.price, order.currency) },
          { key: 'discount', label: t('test-order.discount'), children: `${Number(order.discount)} %` },
          {
            key: 'amount',
            label: t('test-order.amount'),
            children: (
              <strong data-testid="test-order-amount">{moneyText(order.amount, order.currency)}</strong>
            ),
          },
          { key: 'paid', label: t('test-order.paid'), children: yes(order.paid) },
          {
            key: 'invoice',
            label: t('test-order.invoice'),
            children: (
              <DocumentRef text={order.invoice} file={order.invoiceFile} testId="test-order-invoice" />
            ),
          },
          {
            key: 'quotation',
            label: t('test-order.quotation'),
            children: (
              <DocumentRef text={order.quotation} file={order.quotationFile} testId="test-order-quotation" />
            ),
          },
          {
            key: 'sampleProvided',
            label: t('test-order.sampleProvided'),
            children: enumText('ProvidedFlag', order.sampleProvided, language),
          },
          {
            key: 'result',
            label: t('test-order.result'),
            children: (
              <span data-testid="test-order-result">{enumText('TestResult', order.result, language)}</span>
            ),
          },
          { key: 'created', label: t('common.created'), children: createdText(order, language) },
        ]}
      />
      <TestOrderItems order={order} />
      <TestOrderChangeLog id={order.id} />
    </Flex>
  );
}

/**
 * Spec §2 OrderTestDetail (`ordertest/{id}`): the order, its lines per product, its status actions,
 * the fields the caller may change and its change log; `ordertest/new` is the cart and create form.
 */
export function TestOrderDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<TestOrderDetail>
      path="ordertest"
      permission={createTestOrder.permission}
      useRecord={useTestOrder}
      onStale={useInvalidateTestOrder()}
      texts={{
        createTitle: t('test-order.createTitle'),
        editTitle: (order) => t('test-order.editTitle', { no: order.testOrderNo }),
        createdDone: t('test-order.createdDone'),
        loadFailed: t('test-order.loadFailed'),
      }}
      form={(props) => <TestOrderCreatePage {...props} />}
      create={(props) => <TestOrderCreatePage {...props} />}
      view={({ record, modify }) => <TestOrderView order={record} modify={modify} />}
    />
  );
}
