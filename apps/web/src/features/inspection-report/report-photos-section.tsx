import { REPORT_PHOTOS_MAX } from '@qcdesk/contract/inspection-report';
import { Button, Flex, Input, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { uploadFile } from '../../api/upload';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import { type InspectionReportDetail, useUpdateReport } from './api';
import { type ReportPhoto, ReportPhotoField, storedPhoto } from './report-photos';
import { ReportSection } from './report-section';
import { SignaturePad, signatureFile } from './signature-pad';
import type { ReportSave } from './use-report-saver';
import { useSectionDraft } from './use-report-saver';

/** The report's general photos (the goods, the cartons, the site). */
export function PhotosSection({
  report,
  editable,
  save,
}: {
  report: InspectionReportDetail;
  editable: boolean;
  save: ReportSave;
}) {
  const { t } = useTranslation();
  const update = useUpdateReport();
  const send = useCallback(
    (photos: ReportPhoto[]) =>
      save((version) => update.mutateAsync({ id: report.id, version, photoIds: photos.map((p) => p.id) })),
    [save, update.mutateAsync, report.id],
  );
  const { draft, setDraft, status } = useSectionDraft(
    report.photos.map(storedPhoto),
    send,
    undefined,
    'photos',
  );
  return (
    <ReportSection
      id="photos"
      title={t('inspection-report.photos')}
      status={status}
      readOnly={!editable}
      empty={report.photos.length === 0}
    >
      <ReportPhotoField value={draft} onChange={setDraft} disabled={!editable} maxCount={REPORT_PHOTOS_MAX} />
    </ReportSection>
  );
}

/** The factory representative's sign-off: a name and a signature drawn on the inspector's phone. */
export function SignOffSection({
  report,
  editable,
  save,
}: {
  report: InspectionReportDetail;
  editable: boolean;
  save: ReportSave;
}) {
  const { t } = useTranslation();
  const update = useUpdateReport();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [name, setName] = useState('');
  const [drawn, setDrawn] = useState(false);
  const [busy, setBusy] = useState(false);
  const signOff = report.signOff;

  const submit = async () => {
    if (!canvas.current) return;
    setBusy(true);
    try {
      const file = await signatureFile(canvas.current);
      const stored = await uploadFile(file, currentLanguage(), { photo: {} });
      await save((version) =>
        update.mutateAsync({
          id: report.id,
          version,
          signOff: { name: name.trim(), signatureFileId: stored.id },
        }),
      );
      notify('success', t('inspection-report.signedDone'));
      setName('');
      setDrawn(false);
    } catch (error) {
      if (error instanceof ApiError && error.reason !== 'E_VERSION') return;
      if (!(error instanceof ApiError)) notify('error', t('inspection-report.signFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ReportSection
      id="signoff"
      title={t('inspection-report.signOff')}
      readOnly={!editable}
      empty={report.signOff === null}
    >
      <Flex vertical gap={10}>
        {signOff ? (
          <Flex vertical gap={6}>
            <Typography.Text data-testid="inspection-report-signed">
              {t('inspection-report.signedBy', { name: signOff.name, at: formatDateTime(signOff.at) })}
            </Typography.Text>
            {signOff.signature.url ? (
              <img
                src={signOff.signature.url}
                alt={t('inspection-report.signOff')}
                data-testid="inspection-report-signature-image"
                style={{
                  maxWidth: 280,
                  border: '1px solid rgba(0, 0, 0, 0.15)',
                  borderRadius: 4,
                  background: '#fff',
                }}
              />
            ) : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('inspection-report.notSigned')}</Typography.Text>
        )}
        {editable ? (
          <>
            <Input
              placeholder={t('inspection-report.signerName')}
              aria-label={t('inspection-report.signerName')}
              maxLength={60}
              value={name}
              data-testid="inspection-report-signer"
              onChange={(e) => setName(e.target.value)}
            />
            <SignaturePad canvasRef={canvas} onChange={setDrawn} disabled={busy} />
            <Button
              type="primary"
              loading={busy}
              disabled={!drawn || !name.trim()}
              onClick={() => void submit()}
              data-testid="inspection-report-sign"
            >
              {t('inspection-report.saveSignOff')}
            </Button>
          </>
        ) : null}
      </Flex>
    </ReportSection>
  );
}
