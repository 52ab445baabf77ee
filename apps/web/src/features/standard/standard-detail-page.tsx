import { DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
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
import { EMPTY, refName, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
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

const FULL_ROW = { xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 } as const;

function StandardActions({
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
  const navigate = useNavigate();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const update = useUpdateStandard(kind);
  const canEdit = hasPermission(session, 'standard.edit') && modify;
  const base = `/${language}/${standardPath(kind)}`;

  const setValid = async (valid: 0 | 1) => {
    const ok = await confirm({
      title:
        valid === 0
          ? t('standard.deleteConfirm', { name: standard.name })
          : t('standard.undeleteConfirm', { name: standard.name }),
      danger: valid === 0,
      okText: valid === 0 ? t('standard.delete') : t('standard.undelete'),
    });
    if (!ok) return;
    update.mutate(
      { id: standard.id, version: standard.version, valid },
      {
        onSuccess: () => {
          notify('success', valid === 0 ? t('standard.deletedDone') : t('standard.undeletedDone'));
          if (valid === 0) void navigate(base);
        },
      },
    );
  };

  return (
    <Flex gap={8} wrap>
      {holder}
      {canEdit && standard.valid === 1 ? (
        <ButtonLink
          type="primary"
          icon={<EditOutlined />}
          to={`${base}/${standard.id}?edit=1`}
          data-testid="standard-edit"
        >
          {t('standard.edit')}
        </ButtonLink>
      ) : null}
      {canEdit && standard.valid === 1 ? (
        <Button danger icon={<DeleteOutlined />} loading={update.isPending} onClick={() => void setValid(0)}>
          {t('standard.delete')}
        </Button>
      ) : null}
      {hasPermission(session, 'standard.edit') && standard.valid === 0 ? (
        <Button icon={<UndoOutlined />} loading={update.isPending} onClick={() => void setValid(1)}>
          {t('standard.undelete')}
        </Button>
      ) : null}
    </Flex>
  );
}

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
  const language = currentLanguage();
  const phone = useIsPhone();
  return (
    <Flex vertical gap={16}>
      <Card data-testid="standard-detail">
        <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
          <Flex gap={8} align="center" wrap>
            <h1 style={heading}>{standard.name}</h1>
            {standard.country ? <Tag>{refName(standard.country, language)}</Tag> : null}
          </Flex>
          <StandardActions kind={kind} standard={standard} modify={modify} />
        </Flex>
        {standard.valid === 0 ? (
          <Alert type="warning" showIcon title={t('standard.isDeleted')} style={{ marginBottom: 16 }} />
        ) : null}
        <Descriptions
          bordered
          size="small"
          layout={phone ? 'vertical' : 'horizontal'}
          column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
          items={[
            ...(standard.country
              ? [
                  {
                    key: 'country',
                    label: t('standard.country'),
                    children: refName(standard.country, language),
                  },
                ]
              : []),
            { key: 'testCount', label: t('standard.testCount'), children: standard.testCount },
            {
              key: 'created',
              label: t('standard.created'),
              children: `${formatDateTime(standard.createdAt)}${standard.createdBy ? ` · ${userDisplayName(standard.createdBy, language)}` : ''}`,
            },
            {
              key: 'updated',
              label: t('standard.updated'),
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
              children: standard.standards.length
                ? standard.standards.map((norm) => (
                    <Tag key={norm.id}>{norm.code ?? refName(norm, language)}</Tag>
                  ))
                : EMPTY,
            },
            {
              key: 'description',
              label: t('standard.description'),
              span: FULL_ROW,
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {standard.description || EMPTY}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <StandardTests kind={kind} id={standard.id} />
      <Card>
        <ChangeLogViewer entity={STANDARD_ENTITIES[kind]} id={standard.id} fetch={fetchStandardChangeLog} />
      </Card>
    </Flex>
  );
}

function StandardDetailPage({ kind }: { kind: StandardKind }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const language = currentLanguage();
  const creating = id === 'new';
  const query = useStandard(kind, creating ? undefined : id);
  const invalidate = useInvalidateStandard(kind);
  const base = `/${language}/${standardPath(kind)}`;

  if (creating) {
    if (!hasPermission(session, 'standard.edit'))
      return <Result status="403" title={t('invalidate.title')} />;
    return (
      <Card
        title={
          <h1 style={heading}>
            {kind === 'common' ? t('standard.createCommon') : t('standard.createCountry')}
          </h1>
        }
      >
        <StandardForm
          kind={kind}
          onDone={(newId) => {
            notify('success', t('standard.createdDone'));
            void navigate(`${base}/${newId}`, { replace: true });
          }}
          onCancel={() => void navigate(base)}
        />
      </Card>
    );
  }
  if (query.isPending) return <DetailLoading />;
  if (query.isError) {
    return (
      <DetailLoadFailed
        title={t('standard.loadFailed')}
        message={query.error.message}
        backTo={base}
        backLabel={t('standard.backToList')}
      />
    );
  }
  const standard = query.data.data;
  const modify = query.data.modify ?? false;
  if (
    params.get('edit') === '1' &&
    modify &&
    hasPermission(session, 'standard.edit') &&
    standard.valid === 1
  ) {
    return (
      <FormCard title={t('standard.editTitle', { name: standard.name })}>
        <StandardForm
          key={standard.version}
          kind={kind}
          standard={standard}
          onStale={invalidate}
          onDone={() => {
            notify('success', t('standard.saved'));
            void navigate(`${base}/${standard.id}`, { replace: true });
          }}
          onCancel={() => void navigate(`${base}/${standard.id}`)}
        />
      </FormCard>
    );
  }
  return <StandardView kind={kind} standard={standard} modify={modify} />;
}

/** Spec §2 StandardCommonDetail (`standard/common/{id}`); `new` creates, `?edit=1` modifies. */
export function CommonStandardDetailPage() {
  return <StandardDetailPage kind="common" />;
}

/** Spec §2 StandardCountryDetail (`standard/country/{id}`); `new` creates, `?edit=1` modifies. */
export function CountryStandardDetailPage() {
  return <StandardDetailPage kind="country" />;
}
