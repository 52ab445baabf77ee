import type { PersonNames } from '@qcdesk/contract/person-name';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Flex, Form, List, Select, Skeleton, Tag, Typography } from 'antd';
import { ApiError } from '../api/api-error';
import { formatDateTime } from '../lib/format';
import { GuardedModal } from './guarded-modal';
import { notify } from './notify';
import { subheading } from './record/record-card';
import { EMPTY, userDisplayName } from './ref-labels';
import { useWidgetsTranslation, type WidgetsT } from './widgets-i18n';

// A report's send (issues 28, 29), for any report type: the dialog with the recipients the server
// proposes (the client's report e-mails, its sales, the factory contact), each to confirm, plus any
// other address; and the card of the sends made, newest first.

/** What `…/send/recipients` answers: who a send would mail and what the mail would carry. */
export interface SendOptions {
  recipients: { email: string; name: string | null; role: 'client' | 'sales' | 'factory' | 'other' }[];
  /** The client asks for a password on its links. */
  password: boolean;
  /** A revised send (after a reopen). */
  revised?: boolean;
  /** The final PDF's size; null while it is made. */
  size?: number | null;
  /** Over 20 MB: the mail carries the link only. */
  linkOnly?: boolean;
}

/** One send as a report's detail answers it (`reportSend` of the contract). */
export interface ReportSendRow {
  at: string;
  by: PersonNames;
  to: string[];
  revision: number;
  revised: boolean;
  linkOnly: boolean;
  share: { url: string; expiresAt: string; password: boolean };
}

interface Values {
  chosen: string[];
  others: string[];
}

/** A loose address check before the server's own: the field says which one it does not take. */
const looksLikeMail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** Why a recipient gets the sent report. */
const recipientRoles = (t: WidgetsT): Record<SendOptions['recipients'][number]['role'], string> => ({
  client: t('widgets.report.recipient.client'),
  sales: t('widgets.report.recipient.sales'),
  factory: t('widgets.report.recipient.factory'),
  other: t('widgets.report.recipient.other'),
});

function SendNotices({ options }: { options: SendOptions }) {
  const { t } = useWidgetsTranslation();
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {options.revised ? <Alert type="warning" showIcon title={t('widgets.report.sendRevised')} /> : null}
      {options.password ? <Alert type="info" showIcon title={t('widgets.report.sendPassword')} /> : null}
      {options.linkOnly ? <Alert type="info" showIcon title={t('widgets.report.sendLinkOnly')} /> : null}
      {options.size === null ? (
        <Alert type="info" showIcon title={t('widgets.report.pdfGenerating')} />
      ) : null}
    </Flex>
  );
}

function SendForm({
  options,
  form,
  send,
  onSent,
  onStale,
}: {
  options: SendOptions;
  form: ReturnType<typeof Form.useForm<Values>>[0];
  send: (to: string[]) => Promise<unknown>;
  onSent: () => void;
  onStale: () => void;
}) {
  const { t } = useWidgetsTranslation();
  const roles = recipientRoles(t);
  const finish = async ({ chosen, others }: Values) => {
    const to = [...new Set([...chosen, ...others.map((o) => o.trim()).filter(Boolean)])];
    try {
      await send(to);
      notify('success', t('widgets.report.sentDone', { count: to.length }));
      onSent();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.reason === 'E_VERSION') onStale();
      notify('error', error.message);
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ chosen: options.recipients.map((r) => r.email), others: [] }}
      onFinish={(values) => void finish(values)}
    >
      <SendNotices options={options} />
      <Form.Item
        name="chosen"
        label={t('widgets.report.sendTo')}
        rules={[
          {
            validator: (_rule, chosen: string[]) =>
              chosen.length > 0 || (form.getFieldValue('others') as string[]).length > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('widgets.report.sendNobody'))),
          },
        ]}
      >
        <Checkbox.Group style={{ width: '100%' }} data-testid="report-send-recipients">
          <Flex vertical gap={4}>
            {options.recipients.map((r) => (
              <Checkbox key={r.email} value={r.email} style={{ wordBreak: 'break-all' }}>
                <Tag>{roles[r.role]}</Tag>
                {r.name ? `${r.name} <${r.email}>` : r.email}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item
        name="others"
        label={t('widgets.report.sendOthers')}
        extra={t('widgets.report.sendOthersHint')}
        rules={[
          {
            validator: (_rule, others: string[]) => {
              const wrong = others.find((o) => !looksLikeMail(o.trim()));
              return wrong
                ? Promise.reject(new Error(t('widgets.report.sendBadAddress', { address: wrong })))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} data-testid="report-send-others" />
      </Form.Item>
    </Form>
  );
}

/**
 * The send dialog: `recipients` is the area's `…/send/recipients` query, `send` its send with the
 * chosen addresses (the area's write, silent: a refusal is said here and keeps the dialog open;
 * E_VERSION also reloads the report through `onStale`).
 */
export function ReportSendDialog({
  reportNo,
  recipients,
  send,
  onClose,
  onStale,
}: {
  reportNo: string;
  recipients: UseQueryResult<SendOptions, ApiError>;
  send: (to: string[]) => Promise<unknown>;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useWidgetsTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <GuardedModal
      open
      title={t('widgets.report.sendTitle', { reportNo })}
      okText={t('widgets.report.send')}
      okButtonProps={{ disabled: !recipients.data, ...{ 'data-testid': 'report-send-ok' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {recipients.isPending ? <Skeleton active /> : null}
      {recipients.isError ? <Alert type="error" showIcon title={recipients.error.message} /> : null}
      {recipients.data ? (
        <SendForm options={recipients.data} form={form} send={send} onSent={onClose} onStale={onStale} />
      ) : null}
    </GuardedModal>
  );
}

/** Every send of a report, newest first: who, when, to whom, the link and whether it was revised. */
export function ReportSends({ sends }: { sends: readonly ReportSendRow[] }) {
  const { t, language } = useWidgetsTranslation();
  if (sends.length === 0) return null;
  return (
    <Card title={<h2 style={subheading}>{t('widgets.report.sendsTitle')}</h2>} data-testid="report-sends">
      <List
        dataSource={[...sends]}
        renderItem={(send) => (
          <List.Item key={`${send.at}-${send.revision}`}>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Flex wrap gap={8} align="center">
                <Typography.Text strong>{formatDateTime(send.at)}</Typography.Text>
                <Typography.Text>{userDisplayName(send.by, language)}</Typography.Text>
                {send.revised ? <Tag color="orange">{t('widgets.report.revised')}</Tag> : null}
                {send.linkOnly ? <Tag>{t('widgets.report.linkOnly')}</Tag> : null}
                {send.share.password ? <Tag>{t('widgets.report.withPassword')}</Tag> : null}
              </Flex>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {send.to.join(', ') || EMPTY}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {t('widgets.report.shareUntil', { at: formatDateTime(send.share.expiresAt) })}{' '}
                <Typography.Link
                  href={send.share.url}
                  target="_blank"
                  underline
                  data-testid="report-share-link"
                >
                  {send.share.url}
                </Typography.Link>
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
