import { DATE_TIME_FORMAT } from '@qcdesk/contract/constants';
import { Badge, Card, Descriptions, Drawer, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import type { TableColumn } from '../../components/table-columns';
import { useScreen } from '../../components/use-screen';
import { MAIL_STATUSES, type MailRow, type MailStatus, mailboxKey, requestMail } from './api';

const STATUS_BADGE: Record<MailStatus, 'default' | 'processing' | 'success' | 'error' | 'warning'> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  held: 'warning',
};

const time = (value: string | null) => (value ? dayjs(value).format(DATE_TIME_FORMAT) : '-');

/**
 * The mail outbox for administrators (mail.admin). With no SMTP server configured (MAIL_URL) this is
 * the dev mailbox: sign-in codes and reset links can be read here, so the product works on one laptop.
 */
export function MailboxPage() {
  const { t } = useTranslation();
  const phone = useScreen() === 'phone';
  const [open, setOpen] = useState<MailRow | null>(null);

  const statusText: Record<MailStatus, string> = {
    pending: t('mailbox.pending'),
    sending: t('mailbox.sending'),
    sent: t('mailbox.sent'),
    failed: t('mailbox.failed'),
    held: t('mailbox.held'),
  };

  const columns = useMemo<TableColumn<MailRow>[]>(
    () => [
      {
        title: (t) => t('mailbox.to'),
        dataIndex: 'to',
        sort: 'to',
        wrapWidth: 220,
        // An address has no spaces to wrap at: it breaks anywhere, so the column can narrow.
        render: (value) => <span style={{ overflowWrap: 'anywhere' }}>{String(value)}</span>,
      },
      {
        title: (t) => t('mailbox.subject'),
        dataIndex: 'subject',
        hideInSearch: true,
        // Long subjects wrap, so status and times stay in view at PC width.
        wrapWidth: 280,
        render: (_value, row) => (
          <Typography.Link onClick={() => setOpen(row)} data-testid="mail-open">
            {row.subject}
          </Typography.Link>
        ),
      },
      {
        title: (t) => t('mailbox.status'),
        dataIndex: 'status',
        valueType: 'select',
        options: MAIL_STATUSES.map((s) => ({ value: s, label: statusText[s] })),
        render: (value) => (
          <Badge status={STATUS_BADGE[value as MailStatus]} text={statusText[value as MailStatus]} />
        ),
      },
      { title: (t) => t('mailbox.attempts'), dataIndex: 'attempts', valueType: 'number', hideInSearch: true },
      {
        title: (t) => t('mailbox.createdAt'),
        dataIndex: 'createdAt',
        hideInSearch: true,
        sort: 'createdAt',
        render: (value) => time(value as string),
      },
      {
        title: (t) => t('mailbox.sentAt'),
        dataIndex: 'sentAt',
        hideInSearch: true,
        sort: 'sentAt',
        render: (value) => time(value as string | null),
      },
    ],
    [t],
  );

  return (
    <Card title={<h1 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{t('mailbox.title')}</h1>}>
      <Typography.Paragraph type="secondary">{t('mailbox.intro')}</Typography.Paragraph>
      <DataTable<MailRow> columns={columns} rowKey="id" queryKey={mailboxKey} request={requestMail} />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={phone ? '100%' : 640}
        title={open?.subject}
        data-testid="mail-drawer"
      >
        {open ? (
          <>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'to', label: t('mailbox.to'), children: open.to },
                { key: 'status', label: t('mailbox.status'), children: statusText[open.status] },
                { key: 'created', label: t('mailbox.createdAt'), children: time(open.createdAt) },
                ...(open.lastError
                  ? [{ key: 'error', label: t('mailbox.lastError'), children: open.lastError }]
                  : []),
              ]}
            />
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="mail-text">
              {open.text}
            </Typography.Paragraph>
          </>
        ) : null}
      </Drawer>
    </Card>
  );
}
