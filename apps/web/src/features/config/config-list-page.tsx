import { configList, isConfigListName } from '@qcdesk/contract/config-lists';
import { Button, Card, Col, Flex, Grid, List, Result, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { languageOf } from '../../components/widgets-i18n';
import { useConfigs } from './api';
import { ConfigListView } from './config-list-view';
import { ConfigPicker, groupEntries, groupTitle, type PickerEntry } from './config-picker';
import { HolidayListView } from './holiday-list-view';
import { JobErrorPanel } from './job-error-panel';
import { MailErrorPanel } from './mail-error-panel';

/** `config/mailerror`: the mail-error list (mail.admin). */
export const MAIL_ERROR_CONFIG_TYPE = 'mailerror';
/** `config/joberror`: the background jobs that gave up, beside the mail errors (mail.admin, ADR 0016). */
export const JOB_ERROR_CONFIG_TYPE = 'joberror';
/** `config/mailbox`: the outbox, a screen of its own area that the route hands in. */
export const MAILBOX_CONFIG_TYPE = 'mailbox';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** The list of lists (`config` without a type, DOMAIN.md §2.10): every list the caller may open, by group. */
function ConfigOverview({ entries }: { entries: readonly PickerEntry[] }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const other = language === 'en' ? 'zh' : 'en';
  return (
    <Card title={<h1 style={heading}>{t('config.title')}</h1>} data-testid="config-overview">
      <Typography.Paragraph type="secondary">{t('config.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {groupEntries(entries).map(({ group, entries: items }) => (
          <Col key={group} xs={24} md={12} xxl={8}>
            <Card size="small" title={<h2 style={{ fontSize: 15, margin: 0 }}>{groupTitle(group, t)}</h2>}>
              <List
                size="small"
                dataSource={[...items]}
                renderItem={(entry) => (
                  <List.Item>
                    <Link
                      to={`/${language}/config/${entry.name}`}
                      style={{ whiteSpace: 'nowrap', marginInlineEnd: 12 }}
                    >
                      {entry[language]}
                    </Link>
                    {entry[other] === entry[language] ? null : (
                      <Typography.Text type="secondary" lang={other} style={{ textAlign: 'end' }}>
                        {entry[other]}
                      </Typography.Text>
                    )}
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/**
 * Spec §2 Config (`/{language}/config/{configType}`): the back office of master-data lists. A picker
 * of the lists the caller may open (a side list on wide screens, a select otherwise), and the chosen
 * list; mail administrators also find the mail errors, the jobs that gave up and the outbox here.
 */
export function ConfigListPage({ mailbox }: { mailbox?: ReactNode }) {
  const { t } = useTranslation();
  const { configType } = useParams();
  const session = useSession();
  const mailAdmin = hasPermission(session, 'mail.admin');
  const configs = useConfigs();
  const wide = Grid.useBreakpoint().xl === true;

  const entries: PickerEntry[] = [
    ...(configs.data?.lists ?? []).map((l) => ({ name: l.name, zh: l.zh, en: l.en, group: l.group })),
    ...(mailAdmin
      ? [
          // Pages of this language only: the same text under both keys.
          {
            name: MAIL_ERROR_CONFIG_TYPE,
            zh: t('config.mail.title'),
            en: t('config.mail.title'),
            group: 'mail' as const,
          },
          {
            name: JOB_ERROR_CONFIG_TYPE,
            zh: t('config.jobs.title'),
            en: t('config.jobs.title'),
            group: 'mail' as const,
          },
          {
            name: MAILBOX_CONFIG_TYPE,
            zh: t('mailbox.title'),
            en: t('mailbox.title'),
            group: 'mail' as const,
          },
        ]
      : []),
  ];

  let content: ReactNode;
  if (configs.isPending) {
    content = (
      <Card>
        <Skeleton active />
      </Card>
    );
  } else if (configs.isError) {
    content = (
      <Result
        status="error"
        title={t('config.loadFailed')}
        subTitle={configs.error.message}
        extra={
          <Button type="primary" onClick={() => void configs.refetch()}>
            {t('config.retry')}
          </Button>
        }
      />
    );
  } else if (!configType) {
    content = <ConfigOverview entries={entries} />;
  } else if (configType === MAILBOX_CONFIG_TYPE && mailAdmin) {
    content = mailbox;
  } else if (configType === MAIL_ERROR_CONFIG_TYPE && mailAdmin) {
    content = <MailErrorPanel />;
  } else if (configType === JOB_ERROR_CONFIG_TYPE && mailAdmin) {
    content = <JobErrorPanel />;
  } else {
    const entry = configs.data.lists.find((l) => l.name === configType);
    const View = entry?.name === 'holiday' ? HolidayListView : ConfigListView;
    content =
      entry && isConfigListName(entry.name) ? (
        <View
          key={entry.name}
          list={configList(entry.name)}
          editable={entry.editable}
          extend={configs.data.extend && entry.editable}
        />
      ) : (
        <Result
          status="404"
          title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('config.unknownList')}</h1>}
          subTitle={t('config.unknownListHint')}
        />
      );
  }

  const picker = configs.data ? (
    <ConfigPicker entries={entries} current={configType} variant={wide ? 'side' : 'select'} />
  ) : null;

  if (wide) {
    return (
      <Flex gap={16} align="flex-start">
        <Card
          size="small"
          style={{
            width: 232,
            flex: 'none',
            position: 'sticky',
            top: 16,
            // Taller than the window, the list scrolls on its own rather than hiding its last entries.
            maxHeight: 'calc(100vh - 32px)',
            overflowY: 'auto',
          }}
          styles={{ body: { padding: 4 } }}
        >
          {picker}
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>{content}</div>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      {picker}
      {content}
    </Flex>
  );
}
