import { AppError } from '../../platform/errors';
import type { FileRow } from './files.service';

// Photos (issue 15): uploads an area takes only as images of at most N MB (first-sample check
// items, inspections). The upload may ask for it up front (`accept=image`, `maxMb`: a clear refusal
// before the bytes are stored); the area checks again when it attaches the files, since the upload
// options are the client's to send.

const MB = 1024 * 1024;

/** Multipart fields of POST /api/file/upload that make it a photo upload. */
export interface PhotoOptions {
  /** `image`: anything but an image is refused with E_IMAGE_ONLY. */
  accept?: 'image';
  /** Refuse a file over this many MB with E_FILE_TOO_BIG {n} (under the system's image limit). */
  maxMb?: number;
}

/** The photo options among an upload's fields; undefined when a value is not one. */
export function photoOptionOf(
  fieldname: string,
  value: string,
): { accept: 'image' } | { maxMb: number } | 'ignored' | undefined {
  if (fieldname === 'accept') return value === 'image' ? { accept: 'image' } : undefined;
  if (fieldname === 'maxMb') {
    const n = Number(value);
    return /^\d{1,4}(\.\d{1,2})?$/.test(value) && n > 0 ? { maxMb: n } : undefined;
  }
  return 'ignored';
}

export const photoMaxBytes = (options: PhotoOptions) =>
  options.maxMb === undefined ? Number.POSITIVE_INFINITY : Math.floor(options.maxMb * MB);

/**
 * What an area runs on the files it attaches as photos: each must be an image of at most `maxMb`.
 * Refuses with E_IMAGE_ONLY or E_FILE_TOO_BIG {n}, on `field`.
 */
export function requirePhotos(rows: readonly FileRow[], maxMb: number, field = 'photos'): void {
  for (const row of rows) {
    if (row.kind !== 'image' || !row.contentType.startsWith('image/'))
      throw new AppError('E_IMAGE_ONLY', { field }, { field });
    if (row.size > maxMb * MB) throw new AppError('E_FILE_TOO_BIG', { n: maxMb, field }, { field });
  }
}
