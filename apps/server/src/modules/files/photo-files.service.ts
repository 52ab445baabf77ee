import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type FileRow, findFiles } from './files.service';
import { requirePhotos } from './photos';

/**
 * The files an area attaches as photos (photos.ts): each a valid stored file (E_REF_NOT_FOUND),
 * an image of at most `maxMb` (E_IMAGE_ONLY, E_FILE_TOO_BIG), all on `field`. In the order asked.
 */
export async function photoFiles(
  db: Db,
  ids: readonly bigint[],
  maxMb: number,
  field: string,
): Promise<FileRow[]> {
  const rows = await findFiles(db, ids);
  if (rows.length !== ids.length) throw new AppError('E_REF_NOT_FOUND', { field }, { field });
  requirePhotos(rows, maxMb, field);
  return rows;
}
