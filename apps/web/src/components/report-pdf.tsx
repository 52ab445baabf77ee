import { DownloadOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Modal, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { fileHref } from '../api/upload';
import { formatDateTime, formatFileSize } from '../lib/format';
import { subheading } from './record/record-card';
import { useIsPhone } from './use-is-phone';
import { useWidgetsTranslation } from './widgets-i18n';

// A report's client-ready PDF on its page (issues 28, 29), for any report type: a PDF made now on
// demand and shown in the page (watermarked before approval), and the stored final PDF with the
// job making it where the report type keeps one (inspection reports; a loading report's is stored
// at each send).

/** A PDF made now, as the `…/pdf` operations answer it. */
export interface MadeReportPdf {
  name: string;
  contentType: string;
  /** The PDF, base64. */
  base64: string;
  pages: number;
  /** Watermarked "预览 PREVIEW" (before approval). */
  watermarked: boolean;
}

/** The stored final PDF of the current revision, or the job making it (`reportPdfState` of the contract). */
export interface FinalReportPdf {
  file: {
    name: string;
    url: string | null;
    size: number;
    pages: number;
    revision: number;
    madeAt: string;
  } | null;
  job: { state: 'queued' | 'running' | 'done' | 'failed' } | null;
}

/** How often the page asks again while the final PDF is being made. */
const GENERATING_POLL_MS = 2000;

/** The PDF's bytes as a blob URL the browser shows (and downloads) itself; revoked on close. */
function usePdfUrl(pdf: MadeReportPdf | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) return;
    const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
    const made = URL.createObjectURL(new Blob([bytes], { type: pdf.contentType }));
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [pdf]);
  return url;
}

/** The PDF made now, in the page (an embedded PDF viewer), with its download. */
function PdfModal({ pdf, onClose }: { pdf: MadeReportPdf; onClose: () => void }) {
  const { t } = useWidgetsTranslation();
  const phone = useIsPhone();
  const url = usePdfUrl(pdf);
  return (
    <Modal
      open
      title={
        pdf.watermarked
          ? t('widgets.report.pdfPreviewTitle', { pages: pdf.pages })
          : t('widgets.report.pdfMadeTitle', { pages: pdf.pages })
      }
      onCancel={onClose}
      width={phone ? '100%' : 960}
      style={phone ? { top: 0, maxWidth: '100%', padding: 0 } : { top: 24 }}
      footer={
        url ? (
          <Button
            icon={<DownloadOutlined />}
            href={url}
            download={pdf.name}
            data-testid="report-pdf-download-preview"
          >
            {t('widgets.report.pdfDownload')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      {url ? (
        <iframe
          title={pdf.name}
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

/** The stored final PDF: its download, "Generating the report, please wait" while its job runs. */
function FinalPdf({ final, onRefresh }: { final: FinalReportPdf; onRefresh: () => void }) {
  const { t } = useWidgetsTranslation();
  const { file, job } = final;
  const generating = job !== null && (job.state === 'queued' || job.state === 'running');
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(onRefresh, GENERATING_POLL_MS);
    return () => clearInterval(timer);
  }, [generating, onRefresh]);
  return (
    <>
      {generating ? (
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          title={t('widgets.report.pdfGenerating')}
          data-testid="report-pdf-generating"
        />
      ) : null}
      {job?.state === 'failed' ? <Alert type="error" showIcon title={t('widgets.report.pdfFailed')} /> : null}
      {file ? (
        <Flex wrap gap={8} align="center" data-testid="report-pdf-final">
          <FilePdfOutlined />
          <Typography.Link href={file.url ? fileHref(file.url) : undefined} target="_blank">
            {file.name}
          </Typography.Link>
          <Typography.Text type="secondary">
            {t('widgets.report.pdfFacts', {
              revision: file.revision,
              pages: file.pages,
              size: formatFileSize(file.size),
              at: formatDateTime(file.madeAt),
            })}
          </Typography.Text>
        </Flex>
      ) : null}
    </>
  );
}

/**
 * The PDF card of a report page. `make` makes the PDF now (null: the caller may not; `watermarked`
 * names the button Preview, else Open PDF); `final` is the stored final PDF where the report type
 * keeps one (`onRefresh` asks again while it is made); `note` says when the final PDF comes.
 */
export function ReportPdfCard({
  make,
  watermarked,
  final,
  onRefresh,
  note,
}: {
  make: { run: () => Promise<MadeReportPdf>; pending: boolean } | null;
  watermarked: boolean;
  final?: FinalReportPdf;
  onRefresh?: () => void;
  note?: ReactNode;
}) {
  const { t } = useWidgetsTranslation();
  const [made, setMade] = useState<MadeReportPdf | null>(null);
  const hasFinal = final !== undefined && (final.file !== null || final.job !== null);
  if (!make && !hasFinal) return null;
  return (
    <Card
      title={<h2 style={subheading}>{t('widgets.report.pdfTitle')}</h2>}
      data-testid="report-pdf"
      extra={
        make ? (
          <Button
            icon={<EyeOutlined />}
            loading={make.pending}
            onClick={() => void make.run().then(setMade, () => undefined)}
            data-testid="report-pdf-preview"
          >
            {watermarked ? t('widgets.report.pdfPreview') : t('widgets.report.pdfOpen')}
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={8}>
        {final ? <FinalPdf final={final} onRefresh={onRefresh ?? (() => undefined)} /> : null}
        {note && !hasFinal ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
      </Flex>
      {made ? <PdfModal pdf={made} onClose={() => setMade(null)} /> : null}
    </Card>
  );
}
