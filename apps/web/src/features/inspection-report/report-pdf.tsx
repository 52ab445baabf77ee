import { DownloadOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileHref } from '../../api/upload';
import { subheading } from '../../components/record/record-card';
import { useIsPhone } from '../../components/use-is-phone';
import { formatDateTime, formatFileSize } from '../../lib/format';
import {
  type InspectionReportDetail,
  type ReportPdfPreview,
  useInvalidateInspectionReport,
  useReportPreview,
} from './api';

/** How often the page asks again while the final PDF is being made. */
const GENERATING_POLL_MS = 2000;

/** The preview's bytes as a blob URL the browser shows (and downloads) itself; revoked on close. */
function usePdfUrl(preview: ReportPdfPreview | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    const bytes = Uint8Array.from(atob(preview.base64), (c) => c.charCodeAt(0));
    const made = URL.createObjectURL(new Blob([bytes], { type: preview.contentType }));
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [preview]);
  return url;
}

/** The watermarked preview in the page (an embedded PDF viewer), with its download. */
function PreviewModal({ preview, onClose }: { preview: ReportPdfPreview; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const url = usePdfUrl(preview);
  return (
    <Modal
      open
      title={t('inspection-report.pdfPreviewTitle', { pages: preview.pages })}
      onCancel={onClose}
      width={phone ? '100%' : 960}
      style={phone ? { top: 0, maxWidth: '100%', padding: 0 } : { top: 24 }}
      footer={
        url ? (
          <Button
            icon={<DownloadOutlined />}
            href={url}
            download={preview.name}
            data-testid="report-pdf-download-preview"
          >
            {t('inspection-report.pdfDownload')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      {url ? (
        <iframe
          title={preview.name}
          src={url}
          data-testid="report-pdf-frame"
          style={{ width: '100%', height: phone ? '70vh' : '75vh', border: 0 }}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/**
 * The client-ready PDF (issue 28): the final one made at approval (its download, or "Generating the
 * report, please wait" while its job runs, the page asking again until it is there), and a
 * watermarked preview made on demand for the auditor.
 */
export function ReportPdfCard({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const previewing = useReportPreview();
  const refresh = useInvalidateInspectionReport();
  const [preview, setPreview] = useState<ReportPdfPreview | null>(null);
  const { file, job } = report.pdf;
  const generating = job !== null && (job.state === 'queued' || job.state === 'running');
  const canPreview = report.actions.includes('preview');

  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(refresh, GENERATING_POLL_MS);
    return () => clearInterval(timer);
  }, [generating, refresh]);

  if (!file && !job && !canPreview) return null;
  const openPreview = async () => {
    const answer = await previewing.mutateAsync({ id: report.id, preview: true });
    setPreview(answer.preview);
  };
  return (
    <Card
      title={<h2 style={subheading}>{t('inspection-report.pdfTitle')}</h2>}
      data-testid="report-pdf"
      extra={
        canPreview ? (
          <Button
            icon={<EyeOutlined />}
            loading={previewing.isPending}
            onClick={() => void openPreview()}
            data-testid="report-pdf-preview"
          >
            {t('inspection-report.pdfPreview')}
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={8}>
        {generating ? (
          <Alert
            type="info"
            showIcon
            icon={<Spin size="small" />}
            title={t('inspection-report.pdfGenerating')}
            data-testid="report-pdf-generating"
          />
        ) : null}
        {job?.state === 'failed' ? (
          <Alert type="error" showIcon title={t('inspection-report.pdfFailed')} />
        ) : null}
        {file ? (
          <Flex wrap gap={8} align="center" data-testid="report-pdf-final">
            <FilePdfOutlined />
            <Typography.Link href={file.url ? fileHref(file.url) : undefined} target="_blank">
              {file.name}
            </Typography.Link>
            <Typography.Text type="secondary">
              {t('inspection-report.pdfFacts', {
                revision: file.revision,
                pages: file.pages,
                size: formatFileSize(file.size),
                at: formatDateTime(file.madeAt),
              })}
            </Typography.Text>
          </Flex>
        ) : null}
        {!file && !job ? (
          <Typography.Text type="secondary">{t('inspection-report.pdfBeforeApproval')}</Typography.Text>
        ) : null}
      </Flex>
      {preview ? <PreviewModal preview={preview} onClose={() => setPreview(null)} /> : null}
    </Card>
  );
}
