import { Badge, Button, Card, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import type { TableColumn } from '../../components/table-columns';
import { formatDateTime } from '../../lib/format';
import { type MailErrorRow, mailErrorsKey, requestMailErrors, useSolveMailError } from './api';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/**
 * Spec §7 "mail service error list and solve" (mail.admin): mails the outbox gave up on, unsolved
 * first; each can be marked solved (handled some other way) or queued to be sent again.
 */
export function MailErrorPanel() {
  const { t } = useTranslation();
  const solve = useSolveMailError();
  const [confirm, confirmHolder] = useConfirm();

  const columns = useMemo<TableColumn<MailErrorRow>[]>(() => {
    const act = async (row: MailErrorRow, action: 'solved' | 'resend') => {
      const ok = await confirm({
        title:
          action === 'resend'
            ? t('config.mail.resendConfirm', { to: row.to })
            : t('config.mail.solveConfirm', { to: row.to }),
        okText: action === 'resend' ? t('config.mail.resend') : t('config.mail.markSolved'),
      });
      if (!ok) return;
      solve.mutate(
        { id: row.id, action },
        {
          onSuccess: () =>
            notify('success', action === 'resend' ? t('config.mail.resent') : t('config.mail.solvedDone')),
        },
      );
    };
    return [
      {
        title: (t) => t('config.mail.to'),
        dataIndex: 'to',
        sort: 'to',
        wrapWidth: 220,
        // An address has no spaces to wrap at: it breaks anywhere, so the column can narrow.
        render: (value) => <span style={{ overflowWrap: 'anywhere' }}>{String(value)}</span>,
      },
      { title: (t) => t('config.mail.subject'), dataIndex: 'subject', hideInSearch: true, wrapWidth: 260 },
      { title: (t) => t('config.mail.template'), dataIndex: 'template', hideInSearch: true },
      {
        title: (t) => t('config.mail.lastError'),
        dataIndex: 'lastError',
        hideInSearch: true,
        render: (value) => (
          <Typography.Text
            type="danger"
            style={{ maxWidth: 320 }}
            ellipsis={{ tooltip: String(value ?? '') }}
          >
            {String(value ?? '-')}
          </Typography.Text>
        ),
      },
      {
        title: (t) => t('config.mail.attempts'),
        dataIndex: 'attempts',
        valueType: 'number',
        hideInSearch: true,
      },
      {
        title: (t) => t('config.mail.createdAt'),
        dataIndex: 'createdAt',
        hideInSearch: true,
        sort: 'createdAt',
        render: (value) => formatDateTime(value as string),
      },
      {
        title: (t) => t('config.mail.solved'),
        dataIndex: 'solved',
        valueType: 'bool',
        initialValue: false,
        render: (value) => (
          <Badge
            status={value ? 'success' : 'error'}
            text={value ? t('config.mail.solvedYes') : t('config.mail.solvedNo')}
          />
        ),
      },
      {
        key: 'actions',
        title: (t) => t('config.actions'),
        hideInSearch: true,
        // The actions stay in view however wide the mail's columns are.
        fixed: 'right',
        render: (_value, row) =>
          row.solved ? (
            '-'
          ) : (
            <Flex gap={4} wrap>
              <Button size="small" onClick={() => void act(row, 'resend')} loading={solve.isPending}>
                {t('config.mail.resend')}
              </Button>
              <Button size="small" onClick={() => void act(row, 'solved')} loading={solve.isPending}>
                {t('config.mail.markSolved')}
              </Button>
            </Flex>
          ),
      },
    ];
  }, [t, confirm, solve]);

  return (
    <Card title={<h1 style={heading}>{t('config.mail.title')}</h1>}>
      {confirmHolder}
      <Typography.Paragraph type="secondary">{t('config.mail.intro')}</Typography.Paragraph>
      <DataTable<MailErrorRow>
        columns={columns}
        rowKey="id"
        queryKey={mailErrorsKey}
        request={requestMailErrors}
      />
    </Card>
  );
}
