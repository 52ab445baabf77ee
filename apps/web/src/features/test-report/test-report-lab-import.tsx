import { Alert, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/api-error';
import { uploadFile } from '../../api/upload';
import { UploadPicker } from '../../components/upload-picker';
import { currentLanguage } from '../../i18n/i18n';
import { type LabResults, readLabResults } from './api';

/**
 * Faster lab entry (issue 25): the lab's XLSX (report no, item, result, remark) read by the server
 * for this report; its results fill the dialog's items in (each still changeable), or its row
 * errors are listed and nothing is filled in.
 */
export function LabImport({ reportId, onRead }: { reportId: string; onRead: (answer: LabResults) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<LabResults | { failed: string } | null>(null);
  const pick = async ([file]: File[]) => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadFile(file, language, { silent: true });
      const read = await readLabResults(reportId, stored.id);
      setAnswer(read);
      if (read.errors.length === 0) onRead(read);
    } catch (error) {
      setAnswer({ failed: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8} data-testid="test-report-lab-import">
      <Flex gap={8} wrap align="center">
        <UploadPicker extensions={['xlsx']} onPick={(files) => void pick(files)} disabled={busy}>
          {t('test-report.labImport')}
        </UploadPicker>
        <Typography.Text type="secondary">{t('test-report.labImportHint')}</Typography.Text>
      </Flex>
      {answer && 'failed' in answer ? <Alert type="error" showIcon title={answer.failed} /> : null}
      {answer && 'errors' in answer && answer.errors.length === 0 ? (
        <Alert
          type="success"
          showIcon
          data-testid="test-report-lab-filled"
          title={t('test-report.labFilled', { n: answer.items.length })}
        />
      ) : null}
      {answer && 'errors' in answer && answer.errors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          data-testid="test-report-lab-errors"
          title={t('test-report.labRefused')}
          description={
            <List
              size="small"
              dataSource={answer.errors}
              renderItem={(e) => (
                <List.Item data-testid="test-report-lab-error">
                  {t('test-report.labRow', { row: e.row })} · {e.value ? `${e.value} · ` : ''}
                  {language === 'en' ? e.en : e.zh}
                </List.Item>
              )}
            />
          }
        />
      ) : null}
    </Flex>
  );
}
