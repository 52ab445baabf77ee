import { FIRST_SAMPLE_STATUS } from '@qcdesk/contract/first-sample';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { createdText, FULL_ROW, LongText, RecordCard } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  FIRST_SAMPLE_ENTITY,
  type FirstSampleDetail,
  fetchFirstSampleChangeLog,
  useFirstSample,
  useInvalidateFirstSample,
} from './api';
import { FirstSampleActions } from './first-sample-actions';
import { CheckItemsCard } from './first-sample-checks-card';
import { CheckTag, ResultTag, StatusBadge } from './first-sample-columns';
import { FirstSampleForm, NewFirstSample } from './first-sample-form';

const who = (
  person: { name: string; englishName: string | null } | null,
  at: string | null,
  language: 'zh' | 'en',
) => (person && at ? `${userDisplayName(person, language)} · ${formatDateTime(at)}` : EMPTY);

function FirstSampleView({ sample, modify }: { sample: FirstSampleDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const checking = sample.actions.includes('check');
  const selfAudit =
    sample.status === FIRST_SAMPLE_STATUS.checked &&
    hasPermission(session, 'firstsample.audit') &&
    !sample.actions.includes('audit');
  const actions = <FirstSampleActions sample={sample} modify={modify} />;

  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="first-sample-detail"
        title={`${sample.sampleNo} · ${t('first-sample.roundValue', { round: sample.round })}`}
        tags={<StatusBadge status={sample.status} language={language} data-testid="first-sample-status" />}
        actions={actions}
        notices={[
          sample.status === FIRST_SAMPLE_STATUS.cancelled && (
            <Alert type="warning" showIcon title={t('first-sample.cancelledHint')} />
          ),
          checking && <Alert type="info" showIcon title={t('first-sample.registeredHint')} />,
          sample.status === FIRST_SAMPLE_STATUS.checked && (
            <Alert
              type="info"
              showIcon
              title={selfAudit ? t('first-sample.selfAuditHint') : t('first-sample.checkedHint')}
            />
          ),
        ]}
        items={[
          {
            key: 'product',
            label: t('first-sample.product'),
            children: (
              <RecordLink route="OrderDetail" to={`order/${sample.product.orderId}`}>
                {`${sample.product.orderNo} · ${sample.product.productNo} · ${sample.product.name}`}
              </RecordLink>
            ),
          },
          { key: 'itemNo', label: t('first-sample.itemNo'), children: sample.itemNo },
          { key: 'factory', label: t('first-sample.factory'), children: refName(sample.factory, language) },
          { key: 'client', label: t('first-sample.client'), children: sample.client.name },
          {
            key: 'receivedDate',
            label: t('first-sample.receivedDate'),
            children: formatDate(sample.receivedDate),
          },
          {
            key: 'checkResult',
            label: t('first-sample.checkResult'),
            children: sample.checkedBy ? <CheckTag result={sample.checkResult} language={language} /> : EMPTY,
          },
          {
            key: 'checkedBy',
            label: t('first-sample.checkedBy'),
            children: who(sample.checkedBy, sample.checkedAt, language),
          },
          {
            key: 'result',
            label: t('first-sample.result'),
            children:
              sample.status === FIRST_SAMPLE_STATUS.audited ? (
                <ResultTag result={sample.result} language={language} data-testid="first-sample-result" />
              ) : (
                EMPTY
              ),
          },
          {
            key: 'auditedBy',
            label: t('first-sample.auditedBy'),
            children: who(sample.auditedBy, sample.auditedAt, language),
          },
          { key: 'created', label: t('common.created'), children: createdText(sample, language) },
          {
            key: 'corrective',
            label: t('first-sample.corrective'),
            span: FULL_ROW,
            children: <LongText text={sample.corrective} />,
          },
          {
            key: 'remark',
            label: t('first-sample.remark'),
            span: FULL_ROW,
            children: sample.remark || EMPTY,
          },
        ]}
      />
      <CheckItemsCard key={sample.version} sample={sample} editable={checking} />
      <ChangeLogCard entity={FIRST_SAMPLE_ENTITY} id={sample.id} fetch={fetchFirstSampleChangeLog} />
    </Flex>
  );
}

/** Spec §2 FirstSampleDetail (`firstsample/{id}`): the sample, its check items and transitions; `firstsample/new` registers. */
export function FirstSampleDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<FirstSampleDetail>
      path="firstsample"
      permission="firstsample.edit"
      useRecord={useFirstSample}
      onStale={useInvalidateFirstSample()}
      texts={{
        createTitle: t('first-sample.createTitle'),
        editTitle: (sample) => t('first-sample.editTitle', { sampleNo: sample.sampleNo }),
        createdDone: t('first-sample.createdDone'),
        loadFailed: t('first-sample.loadFailed'),
      }}
      form={(props) => <FirstSampleForm {...props} />}
      create={(props) => <NewFirstSample {...props} />}
      view={({ record, modify }) => <FirstSampleView sample={record} modify={modify} />}
    />
  );
}
