import { InboxOutlined } from '@ant-design/icons';
import { CONTRACT_FILES_MAX } from '@qcdesk/contract/contract';
import { fileKindOf } from '@qcdesk/contract/files';
import { formatMessage } from '@qcdesk/contract/messages';
import { Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/api-error';
import { uploadFile } from '../../api/upload';
import { DEFAULT_UPLOAD_MB, type UploadMb, useUploadLimits } from '../../api/upload-limits';
import { toast } from '../../components/toast';
import { UPLOAD_ACCEPT, UploadingNote, UploadProblems, uploadProblem } from '../../components/upload-picker';
import { useWidgetsTranslation } from '../../components/widgets-i18n';
import { currentLanguage } from '../../i18n/i18n';
import { useAttachContractFiles } from './api';

const MB = 1024 * 1024;
/** The default limits of the system parameters, until the server has answered the ones in force. */
export const UPLOAD_MB: UploadMb = DEFAULT_UPLOAD_MB;

/** Why a picked file is refused before uploading (type, then size); null when it may go. */
export function pickProblem(
  file: { name: string; size: number },
  language: 'zh' | 'en',
  tooBig: (mb: number) => string,
  limits: UploadMb = UPLOAD_MB,
) {
  const kind = fileKindOf(file.name);
  if (!kind) return `${file.name}: ${formatMessage('E_FILE_TYPE', language)}`;
  return file.size > limits[kind] * MB ? tooBig(limits[kind]) : null;
}

/**
 * Drag & drop (or click) upload of contract files (DOMAIN.md §4.14): type and size are checked
 * here, each accepted file is uploaded (spec §7), then all are attached with one `contract/files`
 * call. Refusals stay listed under the drop zone until the next drop.
 */
export function ContractUpload({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { t: widgetsT } = useWidgetsTranslation();
  const language = currentLanguage();
  const attach = useAttachContractFiles();
  const limits = useUploadLimits();
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);

  const send = async (batch: File[]) => {
    const found: string[] = [];
    const picked = batch.filter((file) => {
      const problem = pickProblem(
        file,
        language,
        (mb) => t('contract.tooBig', { name: file.name, mb: String(mb) }),
        limits,
      );
      if (problem) found.push(problem);
      return !problem;
    });
    if (picked.length > CONTRACT_FILES_MAX)
      found.push(t('contract.tooMany', { max: String(CONTRACT_FILES_MAX) }));
    const accepted = picked.slice(0, CONTRACT_FILES_MAX);
    setProblems(found);
    if (accepted.length === 0) return;
    setUploading(accepted.length);
    const fileIds: string[] = [];
    for (const file of accepted) {
      try {
        fileIds.push((await uploadFile(file, language)).id);
      } catch (error) {
        setProblems((list) => [...list, uploadProblem(file.name, error, widgetsT)]);
      }
    }
    try {
      if (fileIds.length > 0) {
        await attach.mutateAsync({ id: orderId, fileIds });
        toast.success(t('contract.uploaded', { count: fileIds.length }));
      }
    } catch (error) {
      setProblems((list) => [...list, errorMessage(error)]);
    } finally {
      setUploading(0);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="contract-upload">
      <Upload.Dragger
        accept={UPLOAD_ACCEPT}
        multiple
        disabled={uploading > 0}
        showUploadList={false}
        beforeUpload={(file, batch) => {
          // Called once per file with the whole batch: act on the batch once, at its first file.
          if (file === batch[0]) void send(batch);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('contract.drop')}</p>
        <p className="ant-upload-hint">
          {t('contract.dropHint', {
            docMb: String(limits.document),
            imageMb: String(limits.image),
            max: String(CONTRACT_FILES_MAX),
          })}
        </p>
      </Upload.Dragger>
      <UploadingNote count={uploading} text={t('contract.uploading', { count: uploading })} />
      <UploadProblems problems={problems} testId="contract-upload-problems" />
    </Flex>
  );
}
