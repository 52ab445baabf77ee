import { and, eq } from 'drizzle-orm';
import { inspectionReportDefects } from '../../db/schema/inspection-report';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { getSystemParam } from '../../platform/system-params';
import { type FileUrlSigning, fileThumbnailUrl, signedFileUrl } from '../files/files.service';
import { photoFiles } from '../files/photo-files.service';
import type { InspectionReportRecord } from './inspection-report.rules';
import { signPdfState } from './inspection-report-pdf-state';

// The photos of an inspection report (issue 27): general ones and each defect line's. Every photo
// is a stored image under the image limit; the same photo twice in one report — the same file, or
// another file with the same content (SHA-256) — is refused (E_DUPLICATE on photoIds).

/** The photos the report holds after a save: the given parts replace the stored ones. */
async function photosAfter(
  db: Db,
  report: InspectionReportRecord,
  given: { general?: readonly bigint[] | undefined; defects?: readonly bigint[] | undefined },
): Promise<bigint[]> {
  const general = given.general ?? report.photoIds.map((id) => BigInt(id));
  let defects = given.defects;
  if (defects === undefined) {
    const lines = await db
      .select({ photoIds: inspectionReportDefects.photoIds })
      .from(inspectionReportDefects)
      .where(and(eq(inspectionReportDefects.reportId, report.id), eq(inspectionReportDefects.valid, 1)));
    defects = lines.flatMap((l) => l.photoIds.map((id) => BigInt(id)));
  }
  return [...general, ...defects];
}

/** Refuses a save whose photos are not images, too big, missing, or the same photo twice. */
export async function assertPhotos(
  db: Db,
  report: InspectionReportRecord,
  given: { general?: readonly bigint[] | undefined; defects?: readonly bigint[] | undefined },
): Promise<void> {
  if (given.general === undefined && given.defects === undefined) return;
  const ids = await photosAfter(db, report, given);
  const duplicate = () => new AppError('E_DUPLICATE', { field: 'photoIds' }, { field: 'photoIds' });
  if (new Set(ids).size !== ids.length) throw duplicate();
  if (ids.length === 0) return;
  const rows = await photoFiles(db, ids, await getSystemParam(db, 'upload.maxImageMB'), 'photoIds');
  if (new Set(rows.map((f) => f.sha256)).size !== rows.length) throw duplicate();
}

type Signed = { fileId: bigint; contentType: string; url: string | null; thumbnailUrl?: string | null };

/** The detail with its photos' and signature's URLs signed (they need the files runtime). */
export function withPhotoUrls<
  D extends { photos: Signed[]; defects: { photos: Signed[] }[]; signOff: { signature: Signed } | null },
>(detail: D, runtime: FileUrlSigning): D {
  const sign = <P extends Signed>(p: P): P => ({
    ...p,
    url: signedFileUrl(runtime.signer, p.fileId, runtime.tokenSeconds, { basePath: runtime.basePath }),
    ...('thumbnailUrl' in p
      ? { thumbnailUrl: fileThumbnailUrl(runtime, { id: p.fileId, contentType: p.contentType }) }
      : {}),
  });
  return {
    ...detail,
    photos: detail.photos.map(sign),
    defects: detail.defects.map((d) => ({ ...d, photos: d.photos.map(sign) })),
    signOff: detail.signOff ? { ...detail.signOff, signature: sign(detail.signOff.signature) } : null,
  };
}

type WithUrls = Parameters<typeof withPhotoUrls>[0] & {
  pdf: Parameters<typeof signPdfState>[0];
  sends: { share: { url: string } }[];
};

/** A report detail with every URL it carries: photos, signature, the PDF, the share links (issue 28). */
export function withReportUrls<D extends WithUrls>(detail: D, runtime: FileUrlSigning, publicUrl: string): D {
  return withPhotoUrls(
    {
      ...detail,
      pdf: signPdfState(detail.pdf, runtime),
      sends: detail.sends.map((s) => ({ ...s, share: { ...s.share, url: `${publicUrl}${s.share.url}` } })),
    },
    runtime,
  );
}
