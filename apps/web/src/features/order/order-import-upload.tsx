import { FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Switch, Typography, Upload } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/api-error';
import { currentLanguage } from '../../i18n/i18n';
import { formatFileSize } from '../../lib/format';
import { startOrderImport } from './order-import-api';
import { ORDER_FILE_MAX_MB, orderFileProblem } from './order-import-model';

export interface OrderImportUploadProps {
  /** The import was queued: its id. */
  onStarted: (id: string) => void;
  /** The button's text (Import, or Import another file after a result). */
  label?: string;
}

/** The upload area (XLSX only, size shown and checked here), the replace switch and Import. */
export function OrderImportUpload({ onStarted, label }: OrderImportUploadProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const replaceId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (picked: File) => {
    const reason = orderFileProblem(picked);
    if (reason === 'tooBig') {
      const size = formatFileSize(picked.size);
      setProblem(t('order.file.tooBig', { name: picked.name, size, mb: ORDER_FILE_MAX_MB }));
    } else if (reason === 'notXlsx') setProblem(t('order.file.notXlsx'));
    else setProblem(null);
    setFile(reason ? null : picked);
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const job = await startOrderImport(file, replace, language);
      setFile(null);
      onStarted(job.id);
    } catch (error) {
      // The server's refusal (too big, not XLSX, no permission), in the current language.
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={12} data-testid="order-import-upload">
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(picked) => {
          pick(picked);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('order.file.drop')}</p>
        <p className="ant-upload-hint">{t('order.file.limit', { mb: ORDER_FILE_MAX_MB })}</p>
      </Upload.Dragger>
      {file ? (
        <Typography.Text data-testid="order-import-file">
          <FileExcelOutlined /> {file.name} · {formatFileSize(file.size)}
        </Typography.Text>
      ) : null}
      {problem ? <Alert type="error" showIcon title={problem} data-testid="order-import-problem" /> : null}
      <Flex gap={8} align="center">
        <Switch id={replaceId} checked={replace} onChange={setReplace} disabled={busy} />
        <label htmlFor={replaceId}>{t('order.file.replace')}</label>
      </Flex>
      <Typography.Text type="secondary">{t('order.file.replaceHelp')}</Typography.Text>
      <div>
        <Button
          type="primary"
          onClick={start}
          disabled={!file}
          loading={busy}
          data-testid="order-import-start"
        >
          {busy ? t('order.file.uploading') : (label ?? t('order.file.start'))}
        </Button>
      </div>
    </Flex>
  );
}
