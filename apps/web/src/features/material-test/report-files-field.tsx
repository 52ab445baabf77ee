import { Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileList } from '../../components/file-list';
import { UploadingNote, UploadPicker, UploadProblems, uploadProblem } from '../../components/upload-picker';
import { useWidgetsTranslation } from '../../components/widgets-i18n';
import { currentLanguage } from '../../i18n/i18n';
import { fileHref, uploadReportFile } from './api';
import type { ReportFile } from './material-test-form-values';

/**
 * The report files of a material test as a form field: picked files are uploaded at once (spec §7
 * upload) and join the list; removing one only detaches it from the test. A refused file is named
 * under the picker with its reason (a wrong type, or content that is not what its name says), and
 * stays there until the next pick, rather than in a 2 s toast.
 */
export function ReportFilesField({
  value,
  onChange,
  disabled,
}: {
  value?: ReportFile[];
  onChange?: (files: ReportFile[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { t: widgetsT } = useWidgetsTranslation();
  const language = currentLanguage();
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  // Uploads finish one by one; each adds to the list as it is then, not as it was when picked.
  const latest = useRef<ReportFile[]>(value ?? []);
  latest.current = value ?? [];

  const upload = async (files: File[]) => {
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const stored = await uploadReportFile(file, language);
        latest.current = [...latest.current, stored];
        onChange?.(latest.current);
      } catch (error) {
        setProblems((list) => [...list, uploadProblem(file.name, error, widgetsT)]);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const files = value ?? [];
  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="center" wrap>
        <UploadPicker
          multiple
          disabled={disabled || uploading > 0}
          onPick={(picked) => {
            setProblems([]);
            void upload(picked);
          }}
          onRefuse={(refused, message) =>
            setProblems((list) => [
              ...new Set([...list, ...refused.map((file) => `${file.name}: ${message}`)]),
            ])
          }
        >
          {t('material-test.uploadReport')}
        </UploadPicker>
        <UploadingNote count={uploading} text={t('material-test.uploading', { count: uploading })} />
      </Flex>
      <UploadProblems problems={problems} testId="report-files-problems" />
      {files.length > 0 ? (
        <FileList
          files={files.map((file) => ({ ...file, url: fileHref(file.url) }))}
          onDelete={disabled ? undefined : (file) => onChange?.(files.filter((f) => f.id !== file.id))}
        />
      ) : (
        <Typography.Text type="secondary">{t('material-test.noFiles')}</Typography.Text>
      )}
    </Flex>
  );
}
