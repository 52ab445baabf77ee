import {
  DeleteOutlined,
  EditOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  UndoOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { formatMessage } from '@qcdesk/contract/messages';
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
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import {
  CLIENT_ENTITY,
  type ClientDetail,
  fetchClientChangeLog,
  useClient,
  useInvalidateClient,
  useUpdateClient,
} from './api';
import { StateBadge } from './client-columns';
import { DownloadRequirementsButton } from './client-download-button';
import { ClientForm } from './client-form';
import { aqlText } from './client-labels';
import { ClientTestRequirements } from './client-test-requirements';

const longText = { whiteSpace: 'pre-wrap', margin: 0 } as const;
/** Lists and long texts take a whole row of the description at every width. */
const FULL_ROW = { xs: 1, sm: 1, md: 1, lg: 2, xl: 3, xxl: 3 } as const;

function ClientActions({ client, modify }: { client: ClientDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [confirm, confirmHolder] = useConfirm();
  const update = useUpdateClient();
  const canEdit = hasPermission(session, 'client.edit') && modify;
  const admin = hasPermission(session, 'client.admin');

  // Freeze, delete and undelete are client.admin's (DOMAIN.md §5.2); each carries the version read.
  const change = async (what: 'freeze' | 'unfreeze' | 'delete' | 'undelete') => {
    const texts = {
      freeze: {
        title: t('client.freezeConfirm', { name: client.name }),
        ok: t('client.freeze'),
        done: t('client.frozenDone'),
      },
      unfreeze: {
        title: t('client.unfreezeConfirm', { name: client.name }),
        ok: t('client.unfreeze'),
        done: t('client.unfrozenDone'),
      },
      delete: {
        title: t('client.deleteConfirm', { name: client.name }),
        ok: t('client.delete'),
        done: t('client.deletedDone'),
      },
      undelete: {
        title: t('client.undeleteConfirm', { name: client.name }),
        ok: t('client.undelete'),
        done: t('client.undeletedDone'),
      },
    }[what];
    const danger = what === 'freeze' || what === 'delete';
    if (!(await confirm({ title: texts.title, danger, okText: texts.ok }))) return;
    const fields =
      what === 'freeze'
        ? { state: 0 as const }
        : what === 'unfreeze'
          ? { state: 1 as const }
          : { valid: what === 'delete' ? (0 as const) : (1 as const) };
    update.mutate(
      { id: client.id, version: client.version, ...fields },
      {
        onSuccess: () => {
          notify('success', texts.done);
          if (what === 'delete') void navigate(`/${language}/client`);
        },
      },
    );
  };

  return (
    <Flex gap={8} wrap>
      {confirmHolder}
      {canEdit && client.valid === 1 ? (
        <ButtonLink
          to={`/${language}/client/${client.id}?edit=1`}
          type="primary"
          icon={<EditOutlined />}
          data-testid="client-edit"
        >
          {t('client.edit')}
        </ButtonLink>
      ) : null}
      <ButtonLink
        to={`/${language}/client/safetest/${client.id}`}
        icon={<SafetyCertificateOutlined />}
        data-testid="client-safetest"
      >
        {t('client.safeTests')}
      </ButtonLink>
      <DownloadRequirementsButton clientId={client.id} />
      {admin && modify && client.valid === 1 ? (
        <Button
          icon={client.state === 1 ? <LockOutlined /> : <UnlockOutlined />}
          loading={update.isPending}
          onClick={() => void change(client.state === 1 ? 'freeze' : 'unfreeze')}
        >
          {client.state === 1 ? t('client.freeze') : t('client.unfreeze')}
        </Button>
      ) : null}
      {admin && modify && client.valid === 1 ? (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={update.isPending}
          onClick={() => void change('delete')}
        >
          {t('client.delete')}
        </Button>
      ) : null}
      {admin && client.valid === 0 ? (
        <Button icon={<UndoOutlined />} loading={update.isPending} onClick={() => void change('undelete')}>
          {t('client.undelete')}
        </Button>
      ) : null}
    </Flex>
  );
}

function ClientView({
  client,
  modify,
  scopeRefused,
}: {
  client: ClientDetail;
  modify: boolean;
  scopeRefused: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const salesName = userDisplayName(client.sales, language);
  const mayEditSome = hasPermission(session, 'client.edit');
  const phone = useIsPhone();
  return (
    <Flex vertical gap={16}>
      <Card data-testid="client-detail">
        <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
          <Flex gap={8} align="center" wrap>
            <h1 style={heading}>{client.name}</h1>
            <Tag>{client.code}</Tag>
          </Flex>
          <ClientActions client={client} modify={modify} />
        </Flex>
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          {client.valid === 0 ? <Alert type="warning" showIcon title={t('client.isDeleted')} /> : null}
          {scopeRefused ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={formatMessage('E_SCOPE', language)}
              description={t('client.notOwner', { name: salesName })}
            />
          ) : mayEditSome && !modify && client.valid === 1 ? (
            <Alert type="info" showIcon title={t('client.notOwner', { name: salesName })} />
          ) : null}
        </Flex>
        <Descriptions
          bordered
          size="small"
          layout={phone ? 'vertical' : 'horizontal'}
          column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 3, xxl: 3 }}
          items={[
            { key: 'country', label: t('client.country'), children: refName(client.country, language) },
            { key: 'type', label: t('client.type'), children: enumText('ClientType', client.type, language) },
            { key: 'sales', label: t('client.sales'), children: salesName },
            {
              key: 'department',
              label: t('client.department'),
              children: refName(client.department, language),
            },
            { key: 'state', label: t('client.state'), children: <StateBadge state={client.state} /> },
            {
              key: 'samplingLevel',
              label: t('client.samplingLevel'),
              children: client.samplingLevel.code ?? refName(client.samplingLevel, language),
            },
            {
              key: 'tensionLevel',
              label: t('client.tensionLevel'),
              children: refName(client.tensionLevel, language),
            },
            { key: 'majorAql', label: t('client.majorAql'), children: aqlText(client.majorAql) },
            { key: 'minorAql', label: t('client.minorAql'), children: aqlText(client.minorAql) },
            { key: 'advanceDays', label: t('client.advanceDays'), children: client.advanceDays },
            {
              key: 'sharePassword',
              label: t('client.sharePassword'),
              children: client.sharePassword ? t('client.yes') : t('client.no'),
            },
            {
              key: 'created',
              label: t('client.created'),
              children: `${formatDateTime(client.createdAt)}${client.createdBy ? ` · ${userDisplayName(client.createdBy, language)}` : ''}`,
            },
            {
              key: 'updated',
              label: t('client.updated'),
              span: 'filled',
              children: formatDateTime(client.updatedAt),
            },
            {
              key: 'destinationCountries',
              label: t('client.destinationCountries'),
              span: FULL_ROW,
              children: client.destinationCountries.length
                ? client.destinationCountries.map((c) => <Tag key={c.id}>{refName(c, language)}</Tag>)
                : t('client.allDestinations'),
            },
            {
              key: 'reportEmails',
              label: t('client.reportEmails'),
              span: FULL_ROW,
              children: client.reportEmails.length
                ? client.reportEmails.map((e) => <Tag key={e}>{e}</Tag>)
                : EMPTY,
            },
            {
              key: 'inspectionRequirement',
              label: t('client.inspectionRequirement'),
              span: FULL_ROW,
              children: (
                <Typography.Paragraph style={longText}>
                  {client.inspectionRequirement || EMPTY}
                </Typography.Paragraph>
              ),
            },
            {
              key: 'safetyRequirement',
              label: t('client.safetyRequirement'),
              span: FULL_ROW,
              children: (
                <Typography.Paragraph style={longText}>
                  {client.safetyRequirement || EMPTY}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <ClientTestRequirements clientId={client.id} />
      <Card>
        <ChangeLogViewer entity={CLIENT_ENTITY} id={client.id} fetch={fetchClientChangeLog} />
      </Card>
    </Flex>
  );
}

/** Spec §2 ClientDetail (`client/{id}`): settings, test requirements, change log; `?edit=1` modifies; `client/new` creates. */
export function ClientDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const language = currentLanguage();
  const creating = id === 'new';
  const query = useClient(creating ? undefined : id);
  const invalidate = useInvalidateClient();
  const list = `/${language}/client`;

  if (creating) {
    if (!hasPermission(session, 'client.edit')) return <Result status="403" title={t('invalidate.title')} />;
    return (
      <FormCard title={t('client.createTitle')}>
        <ClientForm
          onDone={(newId) => {
            notify('success', t('client.createdDone'));
            void navigate(`/${language}/client/${newId}`, { replace: true });
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
        title={t('client.loadFailed')}
        message={query.error.message}
        backTo={list}
        backLabel={t('client.backToList')}
      />
    );
  }
  const client = query.data.data;
  const modify = query.data.modify ?? false;
  const editRequested = params.get('edit') === '1';
  if (editRequested && modify && hasPermission(session, 'client.edit') && client.valid === 1) {
    return (
      <FormCard title={t('client.editTitle', { name: client.name })}>
        <ClientForm
          key={client.version}
          client={client}
          onStale={invalidate}
          onDone={() => {
            notify('success', t('client.saved'));
            void navigate(`/${language}/client/${client.id}`, { replace: true });
          }}
          onCancel={() => void navigate(`/${language}/client/${client.id}`)}
        />
      </FormCard>
    );
  }
  // Sales edit only their own clients (DOMAIN.md §5.4): asked to edit another's, the page says why.
  return <ClientView client={client} modify={modify} scopeRefused={editRequested && !modify} />;
}
