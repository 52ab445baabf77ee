/**
 * File picker for uploads (spec §5, DOMAIN.md §7.1): accepts pdf, doc, docx, xls, xlsx, jpg, jpeg, png
 * and bmp by file name (or the narrower `extensions` of its use) and refuses anything else with the
 * E_FILE_TYPE text — as a toast, or handed to `onRefuse` for the field to show. It only picks: the
 * area uploads the files with its own operation; `uploadProblem` words the server's refusal of one.
 *
 * UploadPicker props: onPick(files), onRefuse?(files, message), extensions?, multiple?, disabled?,
 * children? (the button's text)
 */
import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_EXTENSIONS } from '@qcdesk/contract/constants';
import { formatMessage } from '@qcdesk/contract/messages';
import { Button, Flex, Spin, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../api/api-error';
import { toast } from './toast';
import { useWidgetsTranslation, type WidgetsT } from './widgets-i18n';

/** A file name's extension, lower case ('' without one). */
const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** Whether a file name ends in an accepted extension (case does not matter). */
export function isAcceptedUpload(
  fileName: string,
  extensions: readonly string[] = UPLOAD_EXTENSIONS,
): boolean {
  const extension = extensionOf(fileName);
  return extension !== '' && extensions.includes(extension);
}

const acceptOf = (extensions: readonly string[]) => extensions.map((extension) => `.${extension}`).join(',');

export const UPLOAD_ACCEPT = acceptOf(UPLOAD_EXTENSIONS);

/**
 * What to say at the field when the server refused an upload. The server answers E_FILE_TYPE both for
 * a name it does not accept and for content that is not what the name says; a name this picker let
 * through was accepted, so for it the content is the reason ("report.pdf is not a real PDF file").
 */
export function uploadProblem(fileName: string, error: unknown, t: WidgetsT): string {
  if (isApiError(error) && error.reason === 'E_FILE_TYPE' && isAcceptedUpload(fileName))
    return t('widgets.upload.mismatch', { name: fileName, type: extensionOf(fileName).toUpperCase() });
  const message = errorMessage(error);
  return `${fileName}: ${message}`;
}

export interface UploadPickerProps {
  onPick: (files: File[]) => void;
  /** Files refused by name, with the message; without it the message is a toast. */
  onRefuse?: (files: File[], message: string) => void;
  /** The extensions this use accepts (a subset of the upload types, e.g. ['xlsx']). */
  extensions?: readonly string[];
  multiple?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

export function UploadPicker({
  onPick,
  onRefuse,
  extensions = UPLOAD_EXTENSIONS,
  multiple = false,
  disabled = false,
  children,
}: UploadPickerProps) {
  const { t, language } = useWidgetsTranslation();
  const all = extensions === UPLOAD_EXTENSIONS;
  const refusal = all
    ? formatMessage('E_FILE_TYPE', language)
    : t('widgets.upload.only', { types: extensions.join(', ') });
  return (
    <Upload
      accept={acceptOf(extensions)}
      multiple={multiple}
      disabled={disabled}
      showUploadList={false}
      beforeUpload={(file, batch) => {
        // Called once per file with the whole batch: act on the batch once, at its first file.
        if (file === batch[0]) {
          const accepted = batch.filter((f) => isAcceptedUpload(f.name, extensions));
          const refused = batch.filter((f) => !accepted.includes(f));
          if (accepted.length > 0) onPick(accepted);
          // After onPick, so a field that clears its old problems on a pick keeps these.
          if (refused.length > 0) {
            if (onRefuse) onRefuse(refused, refusal);
            else toast.error(refusal);
          }
        }
        return Upload.LIST_IGNORE;
      }}
    >
      <Button
        icon={<UploadOutlined />}
        disabled={disabled}
        title={all ? t('widgets.upload.accepted') : extensions.join(', ')}
      >
        {children ?? t('widgets.upload.pick')}
      </Button>
    </Upload>
  );
}

/** "Uploading n files" beside a spinner while `count` uploads run; nothing otherwise. */
export function UploadingNote({ count, text }: { count: number; text: string }) {
  if (count === 0) return null;
  return (
    <Flex gap={8} align="center">
      <Spin size="small" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  );
}

/** The files refused or failed, each with its reason, listed under the picker until the next pick. */
export function UploadProblems({ problems, testId }: { problems: readonly string[]; testId: string }) {
  if (problems.length === 0) return null;
  return (
    <Flex vertical role="alert" data-testid={testId}>
      {problems.map((problem) => (
        <Typography.Text key={problem} type="danger">
          {problem}
        </Typography.Text>
      ))}
    </Flex>
  );
}
