import { Alert, Badge, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { RecordCard, recordDates } from '../../components/record/record-card';
import { RecordLifecycleActions } from '../../components/record/record-lifecycle-actions';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import {
  fetchOriginalSampleChangeLog,
  ORIGINAL_SAMPLE_ENTITY,
  type OriginalSampleDetail,
  useInvalidateOriginalSample,
  useOriginalSample,
  useUpdateOriginalSample,
} from './api';
import { CartToggle, OriginalSampleCartButton } from './original-sample-cart';
import { OriginalSampleForm } from './original-sample-form';
import { OriginalSampleParts } from './original-sample-parts';

function OriginalSampleView({ sample, modify }: { sample: OriginalSampleDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const mayEdit = hasPermission(session, 'originalsample.edit');
  const actions = (
    <RecordLifecycleActions
      record={sample}
      path="originalsample"
      testId="original-sample"
      edit={mayEdit && modify}
      allowed={{ delete: mayEdit && modify, undelete: mayEdit }}
      update={useUpdateOriginalSample()}
      texts={{
        delete: {
          confirm: t('original-sample.deleteConfirm', { itemNo: sample.itemNo }),
          done: t('original-sample.deletedDone'),
        },
        undelete: {
          confirm: t('original-sample.undeleteConfirm', { itemNo: sample.itemNo }),
          done: t('original-sample.undeletedDone'),
        },
      }}
    >
      {sample.valid === 1 ? <CartToggle sample={sample} /> : null}
      <OriginalSampleCartButton />
    </RecordLifecycleActions>
  );
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="original-sample-detail"
        title={`${sample.itemNo} | ${sample.name}`}
        tags={
          sample.complete ? (
            <Badge status="success" text={t('original-sample.completeYes')} />
          ) : (
            <Badge status="warning" text={t('original-sample.completeNo')} />
          )
        }
        actions={actions}
        notices={[
          sample.valid === 0 && <Alert type="warning" showIcon title={t('original-sample.isDeleted')} />,
          sample.valid === 1 && !sample.complete && (
            <Alert type="info" showIcon title={t('original-sample.incompleteHint')} />
          ),
        ]}
        items={[
          { key: 'itemNo', label: t('original-sample.itemNo'), children: sample.itemNo },
          { key: 'name', label: t('original-sample.name'), children: sample.name },
          {
            key: 'client',
            label: t('original-sample.client'),
            children: sample.client ? (
              <RecordLink route="ClientDetail" to={`client/${sample.client.id}`}>
                {sample.client.name}
              </RecordLink>
            ) : (
              EMPTY
            ),
          },
          { key: 'partCount', label: t('original-sample.partCount'), children: sample.partCount },
          ...recordDates(sample, t, language),
        ]}
      />
      <OriginalSampleParts sample={sample} canEdit={mayEdit && modify && sample.valid === 1} />
      <ChangeLogCard entity={ORIGINAL_SAMPLE_ENTITY} id={sample.id} fetch={fetchOriginalSampleChangeLog} />
    </Flex>
  );
}

/** Spec §2 OriginalSampleDetail (`originalsample/{id}`): the sample, its parts and materials; `?edit=1` modifies; `originalsample/new` registers. */
export function OriginalSampleDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<OriginalSampleDetail>
      path="originalsample"
      permission="originalsample.edit"
      useRecord={useOriginalSample}
      onStale={useInvalidateOriginalSample()}
      texts={{
        createTitle: t('original-sample.createTitle'),
        editTitle: (sample) => t('original-sample.editTitle', { itemNo: sample.itemNo }),
        createdDone: t('original-sample.createdDone'),
        loadFailed: t('original-sample.loadFailed'),
      }}
      form={(props) => <OriginalSampleForm {...props} />}
      view={({ record, modify }) => <OriginalSampleView sample={record} modify={modify} />}
    />
  );
}
