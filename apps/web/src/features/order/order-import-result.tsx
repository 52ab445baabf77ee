import { DownloadOutlined } from '@ant-design/icons';
import type { OrderImport } from '@qcdesk/contract/order';
import { Alert, Flex, List, Progress, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { type ImportErrorRow, importErrorRows, importPercent, isFinished } from './order-import-model';

const PAGE_SIZE = 10;

/** A running import: its phase and a progress bar. */
function ImportProgress({ job }: { job: OrderImport }) {
  const { t } = useTranslation();
  let phase: string = t('order.file.queued');
  if (job.status === 'reading') phase = t('order.file.reading', { n: job.rowsRead.toLocaleString() });
  if (job.status === 'writing') phase = t('order.file.writing');
  return (
    <Flex vertical gap={4} data-testid="order-import-progress">
      <Typography.Text>
        {job.fileName} · {phase}
      </Typography.Text>
      <Progress percent={importPercent(job)} status="active" aria-label={t('order.file.progress')} />
    </Flex>
  );
}

/** The written orders: links to each (the first 100), and how many more there are. */
function ImportDone({ job }: { job: OrderImport }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const more = job.created + job.updated - job.orders.length;
  const lines = job.rowsTotal ?? job.rowsRead;
  return (
    <Alert
      type="success"
      showIcon
      data-testid="order-import-done"
      title={t('order.file.done')}
      description={
        <Flex vertical gap={4}>
          <span>{t('order.file.summary', { created: job.created, updated: job.updated, lines })}</span>
          <span>
            {t('order.file.ordersWritten')}{' '}
            {job.orders.map((o, i) => (
              <span key={o.id}>
                {i > 0 ? ', ' : null}
                <Link to={`/${language}/order/${o.id}`}>{o.orderNo}</Link>
              </span>
            ))}
            {more > 0 ? ` ${t('order.file.moreOrders', { n: more })}` : null}
          </span>
        </Flex>
      }
    />
  );
}

/** The row errors: a paginated table, a list of cards on a phone. */
function ImportErrors({ job }: { job: OrderImport }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const rows = useMemo(() => importErrorRows(job.errors, language), [job.errors, language]);
  const pagination = { pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false } as const;
  const count =
    t('order.file.errorCount', { n: job.errorCount }) +
    (job.errorCount > rows.length ? ` (${t('order.file.errorsKept', { shown: rows.length })})` : '');
  return (
    <Flex vertical gap={12} data-testid="order-import-refused">
      <Alert
        type="error"
        showIcon
        title={t('order.file.refused')}
        description={
          <Flex vertical gap={4} align="start">
            <span>{count}</span>
            {job.errorFile ? (
              <Typography.Link href={job.errorFile.url} download data-testid="order-import-error-file">
                <DownloadOutlined /> {t('order.file.errorFile')}
              </Typography.Link>
            ) : null}
          </Flex>
        }
      />
      {phone ? (
        <List<ImportErrorRow>
          dataSource={rows}
          rowKey="key"
          pagination={{ ...pagination, size: 'small', align: 'center' }}
          data-testid="order-import-errors"
          renderItem={(e) => (
            <List.Item data-testid="order-import-error">
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text strong>
                  {t('order.file.rowOf', { row: e.row })} · {e.column}
                </Typography.Text>
                {e.value ? <Typography.Text code>{e.value}</Typography.Text> : null}
                <Typography.Text type="danger">{e.message}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Table<ImportErrorRow>
          size="small"
          rowKey="key"
          dataSource={rows}
          pagination={pagination}
          data-testid="order-import-errors"
          onRow={() => ({ 'data-testid': 'order-import-error' }) as object}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('order.file.row'), width: 80 },
            { key: 'column', dataIndex: 'column', title: t('order.file.column'), width: 160 },
            { key: 'value', dataIndex: 'value', title: t('order.file.value'), ellipsis: true },
            { key: 'message', dataIndex: 'message', title: t('order.file.message') },
          ]}
        />
      )}
    </Flex>
  );
}

/** An import as it stands: progress while it runs, then its result. */
export function OrderImportResult({ job }: { job: OrderImport }) {
  const { t } = useTranslation();
  if (!isFinished(job.status)) return <ImportProgress job={job} />;
  if (job.status === 'done') return <ImportDone job={job} />;
  if (job.status === 'refused') return <ImportErrors job={job} />;
  return <Alert type="error" showIcon title={t('order.file.failed')} data-testid="order-import-failed" />;
}
