import { FileOutlined } from '@ant-design/icons';
import { fileDisplayName } from '@qcdesk/contract/files';
import { Button, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadedFile, uploadFile } from '../../api/upload';
import { notify } from '../../components/notify';
import { EMPTY } from '../../components/ref-labels';
import { UploadPicker, uploadProblem } from '../../components/upload-picker';
import { useWidgetsTranslation } from '../../components/widgets-i18n';
import { currentLanguage } from '../../i18n/i18n';

/** A stored file as a download link (the quotation's or the invoice's on the detail). */
export function FileLink({ file }: { file: UploadedFile }) {
  const name = fileDisplayName(file.name);
  return (
    <Space size={4}>
      <FileOutlined aria-hidden />
      <a href={file.url} download={name} style={{ wordBreak: 'break-all' }}>
        {name}
      </a>
    </Space>
  );
}

/** A quotation or an invoice on the detail: its number and its file, either of them, or "-". */
export function DocumentRef({
  text,
  file,
  testId,
}: {
  text: string | null;
  file: UploadedFile | null;
  testId: string;
}) {
  if (!text && !file) return <span data-testid={testId}>{EMPTY}</span>;
  return (
    <Space size={12} wrap data-testid={testId}>
      {text}
      {file && <FileLink file={file} />}
    </Space>
  );
}

/**
 * Issue 24: the file of a test order's quotation or invoice in the edit dialog, one at a time: the
 * current one (a download link), replaced by an upload or removed. The value is the file's id.
 */
export function TestOrderFileField({
  value,
  onChange,
  current,
  testId,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The order's file when the dialog opened. */
  current: UploadedFile | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const widgets = useWidgetsTranslation();
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const shown = [uploaded, current].find((f) => f && f.id === value) ?? null;
  const pick = async ([file]: File[]) => {
    if (!file) return;
    setUploading(true);
    try {
      const stored = await uploadFile(file, currentLanguage(), { silent: true });
      setUploaded(stored);
      onChange?.(stored.id);
    } catch (error) {
      notify('error', uploadProblem(file.name, error, widgets.t));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Flex gap={8} align="center" wrap data-testid={testId}>
      {shown ? (
        <>
          <FileLink file={shown} />
          <Button size="small" onClick={() => onChange?.(null)}>
            {t('test-order.removeFile')}
          </Button>
        </>
      ) : (
        <Typography.Text type="secondary">{t('test-order.noFile')}</Typography.Text>
      )}
      <UploadPicker onPick={(files) => void pick(files)} disabled={uploading}>
        {shown ? t('test-order.replaceFile') : t('test-order.uploadFile')}
      </UploadPicker>
    </Flex>
  );
}
