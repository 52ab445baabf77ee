/**
 * File picker for uploads (spec §5, DOMAIN.md §7.1): accepts pdf, doc, docx, xls, xlsx, jpg, jpeg, png
 * and bmp by file name and refuses anything else with the E_FILE_TYPE text. It only picks: the area
 * uploads the files with its own operation.
 *
 * UploadPicker props: onPick(files), multiple?, disabled?, children? (the button's text)
 */
import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_EXTENSIONS } from '@qcdesk/contract/constants';
import { formatMessage } from '@qcdesk/contract/messages';
import { Button, Upload } from 'antd';
import type { ReactNode } from 'react';
import { toast } from './toast';
import { useWidgetsTranslation } from './widgets-i18n';

const ACCEPTED: ReadonlySet<string> = new Set(UPLOAD_EXTENSIONS);

/** Whether a file name ends in an accepted extension (case does not matter). */
export function isAcceptedUpload(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && ACCEPTED.has(fileName.slice(dot + 1).toLowerCase());
}

export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export interface UploadPickerProps {
  onPick: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

export function UploadPicker({ onPick, multiple = false, disabled = false, children }: UploadPickerProps) {
  const { t, language } = useWidgetsTranslation();
  return (
    <Upload
      accept={UPLOAD_ACCEPT}
      multiple={multiple}
      disabled={disabled}
      showUploadList={false}
      beforeUpload={(file, batch) => {
        // Called once per file with the whole batch: act on the batch once, at its first file.
        if (file === batch[0]) {
          const accepted = batch.filter((f) => isAcceptedUpload(f.name));
          if (accepted.length < batch.length) toast.error(formatMessage('E_FILE_TYPE', language));
          if (accepted.length > 0) onPick(accepted);
        }
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled} title={t('widgets.upload.accepted')}>
        {children ?? t('widgets.upload.pick')}
      </Button>
    </Upload>
  );
}
