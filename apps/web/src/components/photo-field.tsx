/**
 * The photos of a field record (an inspection report's defect or general photos, a supervise
 * report's checkpoint): those uploaded in this visit as thumbnails (the photo upload's camera and
 * gallery picker, api/upload.ts: hash, capture time and duplicates are checked by the files area),
 * the stored ones as tags with their thumbnail and the flags the area renders. Offline (issue 31)
 * every photo shows as a tag, those taken offline from the device's copy.
 *
 * PhotoField props: value, onChange(photos), disabled, maxCount?, testId?, renderFlags?(flags)
 */
import { PictureOutlined } from '@ant-design/icons';
import { Flex, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { UploadedFile } from '../api/upload';
import { OfflinePhotoPicker } from '../offline/offline-photo-picker';
import { LOCAL_PHOTO } from '../offline/outbox';
import { photoUrl } from '../offline/reports';
import { useOfflinePhotos } from '../offline/use-offline';
import { PhotoUpload } from './photo-upload';

/** A photo of the record: stored ones carry their integrity flags; those uploaded now their file (thumbnail). */
export interface FieldPhoto {
  id: string;
  name: string;
  flags: string[];
  /** Signed URLs of a stored photo (the record's detail signs them). */
  url?: string | null;
  thumbnailUrl?: string | null;
  file?: UploadedFile;
}

// The photos uploaded on this page stay in the upload list (with its remove buttons) after the save
// answers with the stored ones; stored photos show their signed thumbnails.
const uploadedHere = new Map<string, UploadedFile>();

/** A stored photo as the field shows it (with its upload of this visit, when there is one). */
export const storedPhoto = (p: {
  fileId: string;
  name: string;
  flags: string[];
  url?: string | null;
  thumbnailUrl?: string | null;
}): FieldPhoto => {
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
export const shortPhotoName = (name: string) => name.replace(/^\d+_/, '');

export function PhotoField({
  value,
  onChange,
  disabled,
  maxCount,
  testId = 'photo',
  renderFlags,
}: {
  value: readonly FieldPhoto[];
  onChange: (photos: FieldPhoto[]) => void;
  disabled: boolean;
  maxCount?: number | undefined;
  /** The stored photos' tags are `<testId>`. */
  testId?: string;
  /** A stored photo's flags (NO_EXIF, NEAR_DUPLICATE, …) in the area's words. */
  renderFlags?: (flags: readonly string[]) => ReactNode;
}) {
  const offline = useOfflinePhotos();
  const stored = value.filter((p) => !p.file || offline.active);
  const uploaded = offline.active ? [] : value.flatMap((p) => (p.file ? [p.file] : []));
  const thumbnailOf = (photo: FieldPhoto) =>
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
              data-testid={testId}
              data-local={photo.id.startsWith(LOCAL_PHOTO) || undefined}
              style={{ maxWidth: '100%', whiteSpace: 'normal' }}
            >
              {thumbnailOf(photo) ? (
                <a href={photo.url ?? thumbnailOf(photo) ?? undefined} target="_blank" rel="noreferrer">
                  <img
                    src={thumbnailOf(photo) ?? undefined}
                    alt={shortPhotoName(photo.name)}
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
              {shortPhotoName(photo.name)} {renderFlags?.(photo.flags)}
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
