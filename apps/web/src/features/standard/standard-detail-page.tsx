import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { createdText, FULL_ROW, LongText, RecordCard } from '../../components/record/record-card';
import { RecordLifecycleActions } from '../../components/record/record-lifecycle-actions';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, refName } from '../../components/ref-labels';
import { TagList } from '../../components/tag-list';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import {
  fetchStandardChangeLog,
  STANDARD_ENTITIES,
  type StandardDetail,
  type StandardKind,
  standardPath,
  useInvalidateStandard,
  useStandard,
  useUpdateStandard,
} from './api';
import { StandardForm } from './standard-form';
import { StandardTests } from './standard-tests';

function StandardView({
  kind,
  standard,
  modify,
}: {
  kind: StandardKind;
  standard: StandardDetail;
  modify: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const mayEdit = hasPermission(session, 'standard.edit');
  const country = standard.country ? refName(standard.country, language) : null;
  const actions = (
    <RecordLifecycleActions
      record={standard}
      path={standardPath(kind)}
      testId="standard"
      edit={mayEdit && modify}
      allowed={{ delete: mayEdit && modify, undelete: mayEdit }}
      update={useUpdateStandard(kind)}
      texts={{
        delete: {
          confirm: t('standard.deleteConfirm', { name: standard.name }),
          done: t('standard.deletedDone'),
        },
        undelete: {
          confirm: t('standard.undeleteConfirm', { name: standard.name }),
          done: t('standard.undeletedDone'),
        },
      }}
    />
  );
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="standard-detail"
        title={standard.name}
        tags={country ? <Tag>{country}</Tag> : null}
        actions={actions}
        notices={[standard.valid === 0 && <Alert type="warning" showIcon title={t('standard.isDeleted')} />]}
        items={[
          ...(country ? [{ key: 'country', label: t('standard.country'), children: country }] : []),
          { key: 'testCount', label: t('standard.testCount'), children: standard.testCount },
          { key: 'created', label: t('common.created'), children: createdText(standard, language) },
          {
            key: 'updated',
            label: t('common.updated'),
            span: 'filled',
            children: formatDateTime(standard.updatedAt),
          },
          {
            key: 'productScope',
            label: t('standard.productScope'),
            span: FULL_ROW,
            children: standard.productScope || EMPTY,
          },
          {
            key: 'standards',
            label: t('standard.standards'),
            span: FULL_ROW,
            children: (
              <TagList
                items={standard.standards.map((norm) => ({
                  key: norm.id,
                  label: norm.code ?? refName(norm, language),
                }))}
                empty={EMPTY}
              />
            ),
          },
          {
            key: 'description',
            label: t('standard.description'),
            span: FULL_ROW,
            children: <LongText text={standard.description} />,
          },
        ]}
      />
      <StandardTests kind={kind} id={standard.id} />
      <ChangeLogCard entity={STANDARD_ENTITIES[kind]} id={standard.id} fetch={fetchStandardChangeLog} />
    </Flex>
  );
}

function StandardDetailPage({ kind }: { kind: StandardKind }) {
  const { t } = useTranslation();
  return (
    <RecordRoute<StandardDetail>
      path={standardPath(kind)}
      permission="standard.edit"
      useRecord={(id) => useStandard(kind, id)}
      onStale={useInvalidateStandard(kind)}
      texts={{
        createTitle: kind === 'common' ? t('standard.createCommon') : t('standard.createCountry'),
        editTitle: (standard) => t('standard.editTitle', { name: standard.name }),
        createdDone: t('standard.createdDone'),
        loadFailed: t('standard.loadFailed'),
      }}
      form={(props) => <StandardForm kind={kind} {...props} />}
      view={({ record, modify }) => <StandardView kind={kind} standard={record} modify={modify} />}
    />
  );
}

/** Spec §2 StandardCommonDetail (`standard/common/{id}`); `new` creates, `?edit=1` modifies. */
export function CommonStandardDetailPage() {
  return <StandardDetailPage kind="common" />;
}

/** Spec §2 StandardCountryDetail (`standard/country/{id}`); `new` creates, `?edit=1` modifies. */
export function CountryStandardDetailPage() {
  return <StandardDetailPage kind="country" />;
}
