import { DownloadOutlined } from '@ant-design/icons';
import { PRODUCT_CODE } from '@qcdesk/contract/constants';
import { Alert, Button, Card, Divider, Flex, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readStorage, writeStorage } from '../../lib/storage';
import { downloadOrderTemplate, useOrderImport } from './order-import-api';
import { isFinished } from './order-import-model';
import { OrderImportResult } from './order-import-result';
import { OrderImportUpload } from './order-import-upload';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** The tab's last import (session storage): coming back to the screen shows it again. */
const LAST_IMPORT = `${PRODUCT_CODE}.orderImport`;

/**
 * Spec §2 OrderFile (`orderfile`, issue 14): import an order file. The running import's id is the
 * URL's `job`, so a reload resumes following it; the tab remembers it, so leaving the screen and
 * coming back through the menu does too.
 */
export function OrderFilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const job = useOrderImport(jobId);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const last = readStorage('sessionStorage', LAST_IMPORT);
    if (jobId === null && last) setParams({ job: last }, { replace: true });
  }, [jobId, setParams]);
  // An import that cannot be read (another user's, a purged one) is not brought back.
  // A failed poll of an import already shown keeps it (the next poll tries again).
  const unreadable = job.isError && !job.data;
  useEffect(() => {
    if (unreadable) writeStorage('sessionStorage', LAST_IMPORT, null);
  }, [unreadable]);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadOrderTemplate();
    } finally {
      setDownloading(false);
    }
  };

  const finished = jobId === null || unreadable || isFinished(job.data?.status);
  return (
    <Card title={<h1 style={heading}>{t('order.file.title')}</h1>} data-testid="order-file">
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('order.file.explain')}</Typography.Paragraph>
        <div>
          <Button
            icon={<DownloadOutlined />}
            onClick={download}
            loading={downloading}
            data-testid="order-import-template"
          >
            {t('order.file.template')}
          </Button>
        </div>
        {jobId !== null ? (
          <section aria-live="polite" data-testid="order-import-job">
            {job.isPending ? <Spin /> : null}
            {unreadable ? <Alert type="error" showIcon title={t('order.file.loadFailed')} /> : null}
            {job.data ? <OrderImportResult job={job.data} /> : null}
          </section>
        ) : null}
        {finished ? (
          <>
            {jobId !== null ? <Divider style={{ margin: 0 }} /> : null}
            <OrderImportUpload
              label={jobId !== null ? t('order.file.again') : undefined}
              onStarted={(id) => {
                writeStorage('sessionStorage', LAST_IMPORT, id);
                setParams({ job: id });
              }}
            />
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
