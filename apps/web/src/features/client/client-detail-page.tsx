import { formatMessage } from '@qcdesk/contract/messages';
import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { createdText, LongText, RecordCard } from '../../components/record/record-card';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { TagList } from '../../components/tag-list';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import {
  CLIENT_ENTITY,
  type ClientDetail,
  fetchClientChangeLog,
  useClient,
  useInvalidateClient,
} from './api';
import { ClientActions } from './client-actions';
import { StateBadge } from './client-columns';
import { ClientForm } from './client-form';
import { aqlText } from './client-labels';
import { ClientSeverities } from './client-severities';
import { ClientTestRequirements } from './client-test-requirements';

/** Lists and long texts take a whole row of the description at every width. */
const FULL_ROWS = { xs: 1, sm: 1, md: 1, lg: 2, xl: 3, xxl: 3 } as const;

function ClientView({
  client,
  modify,
  editRefused,
}: {
  client: ClientDetail;
  modify: boolean;
  editRefused: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const salesName = userDisplayName(client.sales, language);
  const mayEditSome = hasPermission(session, 'client.edit');
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="client-detail"
        title={client.name}
        tags={<Tag>{client.code}</Tag>}
        actions={<ClientActions client={client} modify={modify} />}
        columns={3}
        notices={[
          client.valid === 0 && <Alert type="warning" showIcon title={t('client.isDeleted')} />,
          // Sales edit only their own clients (DOMAIN.md §5.4): asked to edit another's, the page says why.
          editRefused ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={formatMessage('E_SCOPE', language)}
              description={t('client.notOwner', { name: salesName })}
            />
          ) : (
            mayEditSome &&
            !modify &&
            client.valid === 1 && (
              <Alert type="info" showIcon title={t('client.notOwner', { name: salesName })} />
            )
          ),
        ]}
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
            children: client.sharePassword ? t('common.yes') : t('common.no'),
          },
          { key: 'created', label: t('common.created'), children: createdText(client, language) },
          {
            key: 'updated',
            label: t('common.updated'),
            span: 'filled',
            children: formatDateTime(client.updatedAt),
          },
          {
            key: 'destinationCountries',
            label: t('client.destinationCountries'),
            span: FULL_ROWS,
            children: (
              <TagList
                items={client.destinationCountries.map((c) => ({ key: c.id, label: refName(c, language) }))}
                empty={t('client.allDestinations')}
              />
            ),
          },
          {
            key: 'reportEmails',
            label: t('client.reportEmails'),
            span: FULL_ROWS,
            children: (
              <TagList items={client.reportEmails.map((e) => ({ key: e, label: e }))} empty={EMPTY} />
            ),
          },
          {
            key: 'inspectionRequirement',
            label: t('client.inspectionRequirement'),
            span: FULL_ROWS,
            children: <LongText text={client.inspectionRequirement} />,
          },
          {
            key: 'safetyRequirement',
            label: t('client.safetyRequirement'),
            span: FULL_ROWS,
            children: <LongText text={client.safetyRequirement} />,
          },
        ]}
      />
      <ClientTestRequirements clientId={client.id} />
      <ClientSeverities clientId={client.id} />
      <ChangeLogCard entity={CLIENT_ENTITY} id={client.id} fetch={fetchClientChangeLog} />
    </Flex>
  );
}

/** Spec §2 ClientDetail (`client/{id}`): settings, test requirements, change log; `?edit=1` modifies; `client/new` creates. */
export function ClientDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<ClientDetail>
      path="client"
      permission="client.edit"
      useRecord={useClient}
      onStale={useInvalidateClient()}
      texts={{
        createTitle: t('client.createTitle'),
        editTitle: (client) => t('client.editTitle', { name: client.name }),
        createdDone: t('client.createdDone'),
        loadFailed: t('client.loadFailed'),
      }}
      form={(props) => <ClientForm {...props} />}
      view={(state) => (
        <ClientView client={state.record} modify={state.modify} editRefused={state.editRefused} />
      )}
    />
  );
}
