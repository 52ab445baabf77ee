import { PictureOutlined } from '@ant-design/icons';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '../../api/upload';
import { PhotoUpload } from '../../components/photo-upload';
import { OfflinePhotoPicker } from '../../offline/offline-photo-picker';
import { LOCAL_PHOTO } from '../../offline/outbox';
import { photoUrl } from '../../offline/reports';
import { useOfflinePhotos } from '../../offline/use-offline';
import { codeText } from './report-logic';

/** A photo of the report: stored ones carry their integrity flags; those uploaded now their file (thumbnail). */
export interface ReportPhoto {
  id: string;
  name: string;
  flags: string[];
  /** Signed URLs of a stored photo (the report's detail signs them). */
  url?: string | null;
  thumbnailUrl?: string | null;
  file?: UploadedFile;
}

// The photos uploaded on this page stay in the upload list (with its remove buttons) after the save
// answers with the stored ones; stored photos show their signed thumbnails.
const uploadedHere = new Map<string, UploadedFile>();

export const storedPhoto = (p: {
  fileId: string;
  name: string;
  flags: string[];
  url?: string | null;
  thumbnailUrl?: string | null;
}): ReportPhoto => {
  const file = uploadedHere.get(p.fileId);
  return {
    id: p.fileId,
    name: p.name,
    flags: p.flags,
    url: p.url ?? null,
    thumbnailUrl: p.thumbnailUrl ?? null,
    ...(file ? { file } : {}),
  };
};

/** The name after the store's file marker ("123_photo.jpg" → "photo.jpg"). */
const shortName = (name: string) => name.replace(/^\d+_/, '');

/** A photo's flags for the auditor (NO_EXIF, NEAR_DUPLICATE, …), in the UI language. */
export function PhotoFlags({ flags }: { flags: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {flags.map((flag) => (
        <Tag key={flag} color="orange" data-testid="inspection-report-photo-flag">
          {codeText('flags', flag, t)}
        </Tag>
      ))}
    </>
  );
}

/**
 * The photos of a defect or of the report: those uploaded in this visit as thumbnails (the photo
 * upload's camera and gallery picker), the stored ones by name with their flags.
 */
export function ReportPhotoField({
  value,
  onChange,
  disabled,
  maxCount,
}: {
  value: readonly ReportPhoto[];
  onChange: (photos: ReportPhoto[]) => void;
  disabled: boolean;
  maxCount?: number;
}) {
  // Offline (issue 31) every photo shows as a tag, those taken offline from the device's copy.
  const offline = useOfflinePhotos();
  const stored = value.filter((p) => !p.file || offline.active);
  const uploaded = offline.active ? [] : value.flatMap((p) => (p.file ? [p.file] : []));
  const thumbnailOf = (photo: ReportPhoto) =>
    photo.id.startsWith(LOCAL_PHOTO) ? photoUrl(photo.id) : (photo.thumbnailUrl ?? photo.file?.thumbnailUrl);
  return (
    <Flex vertical gap={6}>
      {stored.length ? (
        <Flex wrap gap={4}>
          {stored.map((photo) => (
            <Tag
              key={photo.id}
              icon={<PictureOutlined />}
              closable={!disabled}
              onClose={() => onChange(value.filter((p) => p.id !== photo.id))}
              data-testid="inspection-report-photo"
              data-local={photo.id.startsWith(LOCAL_PHOTO) || undefined}
              style={{ maxWidth: '100%', whiteSpace: 'normal' }}
            >
              {thumbnailOf(photo) ? (
                <a href={photo.url ?? thumbnailOf(photo) ?? undefined} target="_blank" rel="noreferrer">
                  <img
                    src={thumbnailOf(photo) ?? undefined}
                    alt={shortName(photo.name)}
                    style={{
                      width: 40,
                      height: 40,
                      objectFit: 'cover',
                      verticalAlign: 'middle',
                      marginRight: 4,
                    }}
                  />
                </a>
              ) : null}
              {shortName(photo.name)} <PhotoFlags flags={photo.flags} />
            </Tag>
          ))}
        </Flex>
      ) : null}
      {disabled ? null : offline.active ? (
        <OfflinePhotoPicker
          room={maxCount === undefined ? undefined : maxCount - value.length}
          add={offline.add}
          onAdded={(photos) => onChange([...value, ...photos.map((p) => ({ ...p, flags: [] }))])}
        />
      ) : (
        <PhotoUpload
          value={uploaded}
          {...(maxCount === undefined ? {} : { maxCount: maxCount - stored.length + uploaded.length })}
          onChange={(files) => {
            for (const file of files) uploadedHere.set(file.id, file);
            const flags = new Map(value.map((p) => [p.id, p.flags]));
            onChange([
              ...stored,
              ...files.map((file) => ({
                id: file.id,
                name: file.name,
                flags: flags.get(file.id) ?? [],
                file,
              })),
            ]);
          }}
        />
      )}
    </Flex>
  );
}
