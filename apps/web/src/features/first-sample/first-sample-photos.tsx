import { CloseOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSIONS } from '@qcdesk/contract/constants';
import { Button, Flex, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadPicker, uploadProblem } from '../../components/upload-picker';
import { useWidgetsTranslation } from '../../components/widgets-i18n';
import { currentLanguage } from '../../i18n/i18n';
import { fileHref, uploadPhoto } from './api';

export interface Photo {
  id: string;
  name: string;
  url: string;
}

const thumb = { width: 72, height: 72, objectFit: 'cover', borderRadius: 6, display: 'block' } as const;

/**
 * The photos of a check item as thumbnails of the originals, each opening the full image. (The
 * files area's gallery component, with server-made thumbnails, replaces this once it is merged.)
 */
export function PhotoThumbs({
  photos,
  onRemove,
}: {
  photos: readonly Photo[];
  onRemove?: (photo: Photo) => void;
}) {
  if (photos.length === 0) return null;
  return (
    <Flex gap={8} wrap data-testid="first-sample-photos">
      {photos.map((photo) => (
        <div key={photo.id} style={{ position: 'relative' }}>
          <a href={fileHref(photo.url)} target="_blank" rel="noreferrer" title={photo.name}>
            <img src={fileHref(photo.url)} alt={photo.name} style={thumb} loading="lazy" />
          </a>
          {onRemove ? (
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={photo.name}
              onClick={() => onRemove(photo)}
              style={{ position: 'absolute', top: -6, right: -6 }}
            />
          ) : null}
        </div>
      ))}
    </Flex>
  );
}

/** A check item's photos as a field: picked images upload at once (api/upload.ts) and join the list. */
export function PhotosField({ value, onChange }: { value: Photo[]; onChange: (photos: Photo[]) => void }) {
  const { t } = useTranslation();
  const { t: widgetsT } = useWidgetsTranslation();
  const language = currentLanguage();
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  // Uploads finish one by one; each adds to the list as it is then, not as it was when picked.
  const latest = useRef(value);
  latest.current = value;
  const upload = async (files: File[]) => {
    setUploading((n) => n + files.length);
    for (const file of files) {
      try {
        const stored = await uploadPhoto(file, language, { silent: true });
        latest.current = [...latest.current, stored];
        onChange(latest.current);
      } catch (error) {
        setProblems((list) => [...list, uploadProblem(file.name, error, widgetsT)]);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  return (
    <Flex vertical gap={8}>
      <PhotoThumbs photos={value} onRemove={(photo) => onChange(value.filter((p) => p.id !== photo.id))} />
      <Flex gap={8} align="center" wrap>
        <UploadPicker
          multiple
          extensions={IMAGE_EXTENSIONS}
          disabled={uploading > 0}
          onPick={(picked) => {
            setProblems([]);
            void upload(picked);
          }}
          onRefuse={(refused, message) => setProblems(refused.map((file) => `${file.name}: ${message}`))}
        >
          {t('first-sample.addPhotos')}
        </UploadPicker>
        {uploading > 0 ? <Spin size="small" aria-label={t('first-sample.uploading')} /> : null}
      </Flex>
      {problems.map((problem) => (
        <Typography.Text key={problem} type="danger" role="alert">
          {problem}
        </Typography.Text>
      ))}
    </Flex>
  );
}
