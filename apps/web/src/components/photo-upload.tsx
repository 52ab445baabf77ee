/**
 * A form field of photos (issue 15): picks images only (jpg, jpeg, png, bmp), refuses one over
 * `maxMb` before sending it, uploads each through the files area as a photo upload (api/upload.ts:
 * the server checks type and size again), then shows the thumbnails with a remove button. Its value
 * is the uploaded files; the area's own operation attaches their ids.
 *
 * PhotoUpload props: value?, onChange?(files), maxMb? (the system's image limit), maxCount?, disabled?
 */
import { IMAGE_EXTENSIONS } from '@qcdesk/contract/constants';
import { formatMessage } from '@qcdesk/contract/messages';
import { Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import { type UploadedFile, uploadFile } from '../api/upload';
import { useUploadLimits } from '../api/upload-limits';
import { PhotoGallery } from './photo-gallery';
import { UploadPicker, uploadProblem } from './upload-picker';
import { useWidgetsTranslation } from './widgets-i18n';

export interface PhotoUploadProps {
  value?: readonly UploadedFile[] | undefined;
  onChange?: ((files: UploadedFile[]) => void) | undefined;
  /** Largest photo, in MB; by default the system's image limit (upload.maxImageMB), which the server applies. */
  maxMb?: number;
  maxCount?: number;
  disabled?: boolean;
}

const MB = 1024 * 1024;

export function PhotoUpload({
  value = [],
  onChange,
  maxMb: ownMaxMb,
  maxCount,
  disabled = false,
}: PhotoUploadProps) {
  const { t, language } = useWidgetsTranslation();
  const limits = useUploadLimits();
  const maxMb = ownMaxMb ?? limits.image;
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  // Uploads finish one by one while `value` may not have re-rendered yet: keep the latest list here.
  const latest = useRef<readonly UploadedFile[]>(value);
  latest.current = value;
  const room = maxCount === undefined ? Number.POSITIVE_INFINITY : maxCount - value.length;

  const onPick = async (picked: File[]) => {
    const found: string[] = [];
    const tooBig = formatMessage('E_FILE_TOO_BIG', language, { n: maxMb });
    const wanted = picked.filter((file) => {
      if (file.size <= maxMb * MB) return true;
      found.push(`${file.name}: ${tooBig}`);
      return false;
    });
    const sending = wanted.slice(0, Math.max(0, room));
    setProblems(found);
    setUploading((n) => n + sending.length);
    for (const file of sending) {
      try {
        const stored = await uploadFile(file, language, { silent: true, photo: { maxMb } });
        latest.current = [...latest.current, stored];
        onChange?.([...latest.current]);
      } catch (error) {
        found.push(uploadProblem(file.name, error, t));
        setProblems([...found]);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <Flex vertical gap={8}>
      {value.length > 0 && (
        <PhotoGallery
          photos={value}
          onRemove={
            disabled ? undefined : (photo) => onChange?.(value.filter((file) => file.id !== photo.id))
          }
        />
      )}
      <Flex wrap align="center" gap={8}>
        <UploadPicker
          extensions={IMAGE_EXTENSIONS}
          multiple
          disabled={disabled || uploading > 0 || room <= 0}
          onPick={(files) => void onPick(files)}
          onRefuse={(_files, message) => setProblems([message])}
        >
          {uploading > 0 ? t('widgets.photos.uploading', { count: uploading }) : t('widgets.photos.add')}
        </UploadPicker>
        <Typography.Text type="secondary">{t('widgets.photos.limit', { n: maxMb })}</Typography.Text>
      </Flex>
      {problems.map((problem) => (
        <Typography.Text key={problem} type="danger" role="alert">
          {problem}
        </Typography.Text>
      ))}
    </Flex>
  );
}
