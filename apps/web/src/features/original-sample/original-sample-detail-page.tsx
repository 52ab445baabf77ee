import { DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Descriptions, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { hasPermission, routePermitted } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { ChangeLogViewer } from '../../components/change-log-viewer';
import { useConfirm } from '../../components/confirm-dialog';
import {
  DetailLoadFailed,
  DetailLoading,
  FormCard,
  detailHeading as heading,
} from '../../components/detail-states';
import { notify } from '../../components/notify';
import { EMPTY, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
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

function OriginalSampleActions({ sample, modify }: { sample: OriginalSampleDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const update = useUpdateOriginalSample();
  const canEdit = hasPermission(session, 'originalsample.edit') && modify;

  const setValid = async (valid: 0 | 1) => {
    const ok = await confirm({
      title:
        valid === 0
          ? t('originalSample.deleteConfirm', { itemNo: sample.itemNo })
          : t('originalSample.undeleteConfirm', { itemNo: sample.itemNo }),
      danger: valid === 0,
      okText: valid === 0 ? t('originalSample.delete') : t('originalSample.undelete'),
    });
    if (!ok) return;
    update.mutate(
      { id: sample.id, version: sample.version, valid },
      {
        onSuccess: () => {
          notify(
            'success',
            valid === 0 ? t('originalSample.deletedDone') : t('originalSample.undeletedDone'),
          );
          if (valid === 0) void navigate(`/${language}/originalsample`);
        },
      },
    );
  };

  return (
    <Flex gap={8} wrap>
      {holder}
      {canEdit && sample.valid === 1 ? (
        <ButtonLink
          type="primary"
          icon={<EditOutlined />}
          to={`/${language}/originalsample/${sample.id}?edit=1`}
          data-testid="original-sample-edit"
        >
          {t('originalSample.edit')}
        </ButtonLink>
      ) : null}
      {sample.valid === 1 ? <CartToggle sample={sample} /> : null}
      <OriginalSampleCartButton />
      {canEdit && sample.valid === 1 ? (
        <Button danger icon={<DeleteOutlined />} loading={update.isPending} onClick={() => void setValid(0)}>
          {t('originalSample.delete')}
        </Button>
      ) : null}
      {hasPermission(session, 'originalsample.edit') && sample.valid === 0 ? (
        <Button icon={<UndoOutlined />} loading={update.isPending} onClick={() => void setValid(1)}>
          {t('originalSample.undelete')}
        </Button>
      ) : null}
    </Flex>
  );
}

function OriginalSampleView({ sample, modify }: { sample: OriginalSampleDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const phone = useIsPhone();
  const clientLink = session ? routePermitted(session, 'ClientDetail') : false;
  const canEdit = hasPermission(session, 'originalsample.edit') && modify && sample.valid === 1;
  return (
    <Flex vertical gap={16}>
      <Card data-testid="original-sample-detail">
        <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
          <Flex gap={8} align="center" wrap>
            <h1 style={heading}>
              {sample.itemNo} | {sample.name}
            </h1>
            {sample.complete ? (
              <Badge status="success" text={t('originalSample.completeYes')} />
            ) : (
              <Badge status="warning" text={t('originalSample.completeNo')} />
            )}
          </Flex>
          <OriginalSampleActions sample={sample} modify={modify} />
        </Flex>
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          {sample.valid === 0 ? (
            <Alert type="warning" showIcon title={t('originalSample.isDeleted')} />
          ) : null}
          {sample.valid === 1 && !sample.complete ? (
            <Alert type="info" showIcon title={t('originalSample.incompleteHint')} />
          ) : null}
        </Flex>
        <Descriptions
          bordered
          size="small"
          layout={phone ? 'vertical' : 'horizontal'}
          column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
          items={[
            { key: 'itemNo', label: t('originalSample.itemNo'), children: sample.itemNo },
            { key: 'name', label: t('originalSample.name'), children: sample.name },
            {
              key: 'client',
              label: t('originalSample.client'),
              children: sample.client ? (
                clientLink ? (
                  <Link to={`/${language}/client/${sample.client.id}`}>{sample.client.name}</Link>
                ) : (
                  sample.client.name
                )
              ) : (
                EMPTY
              ),
            },
            { key: 'partCount', label: t('originalSample.partCount'), children: sample.partCount },
            {
              key: 'created',
              label: t('originalSample.created'),
              children: `${formatDateTime(sample.createdAt)}${sample.createdBy ? ` · ${userDisplayName(sample.createdBy, language)}` : ''}`,
            },
            {
              key: 'updated',
              label: t('originalSample.updated'),
              children: formatDateTime(sample.updatedAt),
            },
          ]}
        />
      </Card>
      <OriginalSampleParts sample={sample} canEdit={canEdit} />
      <Card>
        <ChangeLogViewer
          entity={ORIGINAL_SAMPLE_ENTITY}
          id={sample.id}
          fetch={fetchOriginalSampleChangeLog}
        />
      </Card>
    </Flex>
  );
}

/** Spec §2 OriginalSampleDetail (`originalsample/{id}`): the sample, its parts and materials; `?edit=1` modifies; `originalsample/new` registers. */
export function OriginalSampleDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const language = currentLanguage();
  const creating = id === 'new';
  const query = useOriginalSample(creating ? undefined : id);
  const invalidate = useInvalidateOriginalSample();
  const list = `/${language}/originalsample`;

  if (creating) {
    if (!hasPermission(session, 'originalsample.edit'))
      return <Result status="403" title={t('invalidate.title')} />;
    return (
      <FormCard title={t('originalSample.createTitle')}>
        <OriginalSampleForm
          onDone={(newId) => {
            notify('success', t('originalSample.createdDone'));
            void navigate(`/${language}/originalsample/${newId}`, { replace: true });
          }}
          onCancel={() => void navigate(list)}
        />
      </FormCard>
    );
  }
  if (query.isPending) return <DetailLoading />;
  if (query.isError) {
    return (
      <DetailLoadFailed
        title={t('originalSample.loadFailed')}
        message={query.error.message}
        backTo={list}
        backLabel={t('originalSample.backToList')}
      />
    );
  }
  const sample = query.data.data;
  const modify = query.data.modify ?? false;
  if (
    params.get('edit') === '1' &&
    modify &&
    hasPermission(session, 'originalsample.edit') &&
    sample.valid === 1
  ) {
    return (
      <FormCard title={t('originalSample.editTitle', { itemNo: sample.itemNo })}>
        <OriginalSampleForm
          key={sample.version}
          sample={sample}
          onStale={invalidate}
          onDone={() => {
            notify('success', t('originalSample.saved'));
            void navigate(`/${language}/originalsample/${sample.id}`, { replace: true });
          }}
          onCancel={() => void navigate(`/${language}/originalsample/${sample.id}`)}
        />
      </FormCard>
    );
  }
  return <OriginalSampleView sample={sample} modify={modify} />;
}
