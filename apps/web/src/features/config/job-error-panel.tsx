import { jobStoppedText } from '@qcdesk/contract/list-export';
import { Badge, Button, Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import type { TableColumn } from '../../components/table-columns';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import { type JobErrorRow, jobErrorsKey, requestJobErrors, useRetryJob } from './api';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Why a job gave up: its handler's error, or (dead) that its worker stopped on the last attempt. */
export function jobErrorReason(row: JobErrorRow, lang: 'zh' | 'en'): string {
  if (row.status === 'dead') return jobStoppedText(lang, row.attempts, row.maxAttempts);
  return row.lastError ?? '-';
}

/**
 * `config/joberror`, beside the mail errors (mail.admin): the job queue's dead letters (ADR 0016),
 * exports, imports and other background work that gave up, failed (its error) or dead (its worker
 * stopped while running it). A retry runs it once more; one that gives up again comes back here.
 */
export function JobErrorPanel() {
  const { t } = useTranslation();
  const retry = useRetryJob();
  const [confirm, confirmHolder] = useConfirm();

  const columns = useMemo<TableColumn<JobErrorRow>[]>(() => {
    const again = async (row: JobErrorRow) => {
      const ok = await confirm({
        title: t('config.jobs.retryConfirm', { kind: row.kind }),
        okText: t('config.jobs.retry'),
      });
      if (!ok) return;
      retry.mutate({ id: row.id }, { onSuccess: () => notify('success', t('config.jobs.retried')) });
    };
    return [
      { title: (t) => t('config.jobs.kind'), dataIndex: 'kind' },
      {
        title: (t) => t('config.jobs.status'),
        dataIndex: 'status',
        hideInSearch: true,
        render: (value) => (
          <Badge
            status={value === 'dead' ? 'warning' : 'error'}
            text={value === 'dead' ? t('config.jobs.dead') : t('config.jobs.failed')}
          />
        ),
      },
      {
        key: 'reason',
        title: (t) => t('config.jobs.reason'),
        hideInSearch: true,
        render: (_value, row) => {
          const reason = jobErrorReason(row, currentLanguage());
          return (
            <Typography.Text type="danger" style={{ maxWidth: 320 }} ellipsis={{ tooltip: reason }}>
              {reason}
            </Typography.Text>
          );
        },
      },
      {
        key: 'attempts',
        title: (t) => t('config.jobs.attempts'),
        hideInSearch: true,
        render: (_value, row) => `${row.attempts} / ${row.maxAttempts}`,
      },
      {
        title: (t) => t('config.jobs.finishedAt'),
        dataIndex: 'finishedAt',
        hideInSearch: true,
        render: (value) => (value ? formatDateTime(value as string) : '-'),
      },
      {
        key: 'actions',
        title: (t) => t('config.actions'),
        hideInSearch: true,
        fixed: 'right',
        render: (_value, row) => (
          <Button size="small" onClick={() => void again(row)} loading={retry.isPending}>
            {t('config.jobs.retry')}
          </Button>
        ),
      },
    ];
  }, [t, confirm, retry]);

  return (
    <Card title={<h1 style={heading}>{t('config.jobs.title')}</h1>}>
      {confirmHolder}
      <Typography.Paragraph type="secondary">{t('config.jobs.intro')}</Typography.Paragraph>
      <DataTable<JobErrorRow>
        columns={columns}
        rowKey="id"
        queryKey={jobErrorsKey}
        request={requestJobErrors}
      />
    </Card>
  );
}
