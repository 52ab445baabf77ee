import { createProductionSample, PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { Alert, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { FULL_ROW, RecordCard, recordDates } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  fetchProductionSampleChangeLog,
  PRODUCTION_SAMPLE_ENTITY,
  type ProductionSampleDetail,
  useInvalidateProductionSample,
  useProductionSample,
} from './api';
import { ProductionSampleActions } from './production-sample-actions';
import { ProductionSampleAudit } from './production-sample-audit';
import { AuditResultTag, SampleStatusTag } from './production-sample-columns';
import { ProductionSampleForm } from './production-sample-form';
import { ProductionSampleProducts } from './production-sample-products';

const preWrap = { whiteSpace: 'pre-wrap' } as const;

function ProductionSampleView({ sample, modify }: { sample: ProductionSampleDetail; modify: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="production-sample-detail"
        title={sample.itemNo}
        tags={<SampleStatusTag status={sample.status} language={language} />}
        actions={<ProductionSampleActions sample={sample} modify={modify} onRefused={setRefusal} />}
        notices={[
          sample.status === PRODUCTION_SAMPLE_STATUS.cancelled && (
            <Alert type="warning" showIcon title={t('production-sample.isCancelled')} />
          ),
          refusal && <Alert type="error" showIcon role="alert" title={refusal} />,
        ]}
        items={[
          { key: 'itemNo', label: t('production-sample.itemNo'), children: sample.itemNo },
          {
            key: 'client',
            label: t('production-sample.client'),
            children: (
              <RecordLink route="ClientDetail" to={`client/${sample.client.id}`}>
                {sample.client.code} · {sample.client.name}
              </RecordLink>
            ),
          },
          {
            key: 'department',
            label: t('production-sample.department'),
            children: refName(sample.department, language),
          },
          {
            key: 'provider',
            label: t('production-sample.provider'),
            children: refName(sample.provider, language),
          },
          {
            key: 'originalSample',
            label: t('production-sample.originalSample'),
            children: sample.originalSample ? (
              <RecordLink route="OriginalSampleDetail" to={`originalsample/${sample.originalSample.id}`}>
                {sample.originalSample.itemNo} | {sample.originalSample.name}
              </RecordLink>
            ) : (
              EMPTY
            ),
          },
          {
            key: 'receivedDate',
            label: t('production-sample.receivedDate'),
            children: formatDate(sample.receivedDate),
          },
          {
            key: 'quantity',
            label: t('production-sample.quantity'),
            children: sample.quantity.toLocaleString(),
          },
          {
            key: 'orderPlaced',
            label: t('production-sample.orderPlaced'),
            children: enumText('OrderPlacedFlag', sample.orderPlaced, language),
          },
          {
            key: 'auditResult',
            label: t('production-sample.auditResult'),
            children: <AuditResultTag result={sample.auditResult} language={language} />,
          },
          {
            key: 'auditor',
            label: t('production-sample.auditor'),
            children: sample.auditor
              ? `${userDisplayName(sample.auditor, language)} · ${formatDateTime(sample.auditTime ?? '')}`
              : EMPTY,
          },
          {
            key: 'auditRemark',
            label: t('production-sample.auditRemark'),
            span: FULL_ROW,
            children: <span style={preWrap}>{sample.auditRemark ?? EMPTY}</span>,
          },
          {
            key: 'testResult',
            label: t('production-sample.testResult'),
            children: enumText('TestResult', sample.testResult, language),
          },
          ...recordDates(sample, t, language),
        ]}
      />
      <ProductionSampleAudit sample={sample} />
      <ProductionSampleProducts products={sample.products} />
      <ChangeLogCard
        entity={PRODUCTION_SAMPLE_ENTITY}
        id={sample.id}
        fetch={fetchProductionSampleChangeLog}
      />
    </Flex>
  );
}

/**
 * Spec §2 ProductionSampleDetail (`productionsample/{id}`): the sample, its audit, the order products
 * linking it and its change log; `?edit=1` modifies; `productionsample/new` registers one.
 */
export function ProductionSampleDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<ProductionSampleDetail>
      path="productionsample"
      permission={createProductionSample.permission}
      useRecord={useProductionSample}
      onStale={useInvalidateProductionSample()}
      texts={{
        createTitle: t('production-sample.createTitle'),
        editTitle: (sample) => t('production-sample.editTitle', { itemNo: sample.itemNo }),
        createdDone: t('production-sample.createdDone'),
        loadFailed: t('production-sample.loadFailed'),
      }}
      form={(props) => <ProductionSampleForm {...props} />}
      view={({ record, modify }) => <ProductionSampleView sample={record} modify={modify} />}
    />
  );
}
