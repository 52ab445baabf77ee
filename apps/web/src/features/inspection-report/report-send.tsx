import { Alert, Card, Checkbox, Flex, Form, List, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { subheading } from '../../components/record/record-card';
import { EMPTY, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import {
  type InspectionReportDetail,
  type ReportSendRecipients,
  useReportSendRecipients,
  useSendReport,
} from './api';
import { recipientRoles } from './report-texts';

interface Values {
  chosen: string[];
  others: string[];
}

/** A loose address check before the server's own: the field says which one it does not take. */
const looksLikeMail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

function SendForm({
  report,
  options,
  form,
  onSent,
  onStale,
}: {
  report: InspectionReportDetail;
  options: ReportSendRecipients;
  form: ReturnType<typeof Form.useForm<Values>>[0];
  onSent: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendReport();
  const roles = recipientRoles(t);
  const finish = async ({ chosen, others }: Values) => {
    const to = [...new Set([...chosen, ...others.map((o) => o.trim()).filter(Boolean)])];
    try {
      await send.mutateAsync({ id: report.id, version: report.version, to });
      notify('success', t('inspection-report.sentDone', { count: to.length }));
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
      <Flex vertical gap={8} style={{ marginBottom: 16 }}>
        {options.revised ? (
          <Alert type="warning" showIcon title={t('inspection-report.sendRevised')} />
        ) : null}
        {options.password ? <Alert type="info" showIcon title={t('inspection-report.sendPassword')} /> : null}
        {options.linkOnly ? <Alert type="info" showIcon title={t('inspection-report.sendLinkOnly')} /> : null}
        {options.size === null ? (
          <Alert type="info" showIcon title={t('inspection-report.pdfGenerating')} />
        ) : null}
      </Flex>
      <Form.Item
        name="chosen"
        label={t('inspection-report.sendTo')}
        rules={[
          {
            validator: (_rule, chosen: string[]) =>
              chosen.length > 0 || (form.getFieldValue('others') as string[]).length > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('inspection-report.sendNobody'))),
          },
        ]}
      >
        <Checkbox.Group style={{ width: '100%' }} data-testid="report-send-recipients">
          <Flex vertical gap={4}>
            {options.recipients.map((r) => (
              <Checkbox key={r.email} value={r.email}>
                <Tag>{roles[r.role]}</Tag>
                {r.name ? `${r.name} <${r.email}>` : r.email}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item
        name="others"
        label={t('inspection-report.sendOthers')}
        extra={t('inspection-report.sendOthersHint')}
        rules={[
          {
            validator: (_rule, others: string[]) => {
              const wrong = others.find((o) => !looksLikeMail(o.trim()));
              return wrong
                ? Promise.reject(new Error(t('inspection-report.sendBadAddress', { address: wrong })))
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
 * Send (issue 28): the recipients the server proposes (the client's report e-mails, its sales, the
 * factory contact), each to confirm, plus any other address; whether the link gets a password, the
 * mail carries the link only (over 20 MB) or the send is a revised one after a reopen.
 */
export function SendDialog({
  report,
  onClose,
  onStale,
}: {
  report: InspectionReportDetail;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const recipients = useReportSendRecipients(report.id, true);
  return (
    <GuardedModal
      open
      title={t('inspection-report.sendTitle', { reportNo: report.reportNo })}
      okText={t('inspection-report.send')}
      okButtonProps={{ disabled: !recipients.data, ...{ 'data-testid': 'report-send-ok' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {recipients.isPending ? <Skeleton active /> : null}
      {recipients.isError ? <Alert type="error" showIcon title={recipients.error.message} /> : null}
      {recipients.data ? (
        <SendForm report={report} options={recipients.data} form={form} onSent={onClose} onStale={onStale} />
      ) : null}
    </GuardedModal>
  );
}

/** Every send of the report, newest first: who, when, to whom, the link and whether it was revised. */
export function ReportSends({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (report.sends.length === 0) return null;
  return (
    <Card title={<h2 style={subheading}>{t('inspection-report.sendsTitle')}</h2>} data-testid="report-sends">
      <List
        dataSource={report.sends}
        renderItem={(send) => (
          <List.Item key={`${send.at}-${send.revision}`}>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Flex wrap gap={8} align="center">
                <Typography.Text strong>{formatDateTime(send.at)}</Typography.Text>
                <Typography.Text>{userDisplayName(send.by, language)}</Typography.Text>
                {send.revised ? <Tag color="orange">{t('inspection-report.revised')}</Tag> : null}
                {send.linkOnly ? <Tag>{t('inspection-report.linkOnly')}</Tag> : null}
                {send.share.password ? <Tag>{t('inspection-report.withPassword')}</Tag> : null}
              </Flex>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {send.to.join(', ') || EMPTY}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('inspection-report.shareUntil', { at: formatDateTime(send.share.expiresAt) })}{' '}
                <Typography.Link href={send.share.url} target="_blank" data-testid="report-share-link">
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
