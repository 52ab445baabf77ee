import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { eq } from 'drizzle-orm';
import { superviseReports } from '../../db/schema/supervise-report';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDateTime } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { MadePdf, PdfPhoto } from '../../platform/pdf/pdf-document';
import type { FilesContext, FilesRuntime } from '../../platform/storage/files-context';
import { readStoredFile, storeGeneratedFile } from '../files/files.service';
import { ensurePhotoEvidence, readPrintImage } from '../files/photo-evidence.service';
import { signatureFileIds } from '../identity/user-account.service';
import { VERDICT_COLOURS } from '../inspection-report/inspection-report-pdf.service';
import { assertReadable, superviseDetail } from './supervise-report.service';
import { renderSuperviseReportPdf, type SuperviseDetail } from './supervise-report-pdf.render';
import { SUPERVISE_PDF_LABELS as L } from './supervise-report-pdf.texts';

// The client-ready PDF of a loading report (issue 29), from the inspection report's engine and
// blocks: made on demand (watermarked "预览 PREVIEW" before approval) for the web, and made and
// stored at each send (the PDF the mail attaches and the share link opens).

type Ops = typeof areas.superviseReport;
const { approved, sent, cancelled } = SUPERVISE_REPORT_STATUS;
const PDF_TYPE = 'application/pdf';

/** The checkpoints' photos from their print-size copies, captioned with their checkpoint. */
async function checkpointPhotos(db: Db, runtime: FilesRuntime, d: SuperviseDetail): Promise<PdfPhoto[]> {
  const wanted = d.checkpoints.flatMap((c) =>
    c.photoIds.map((id) => ({
      fileId: BigInt(id),
      name: [c.checkpoint.nameZh, c.checkpoint.nameEn].filter(Boolean).join(' ') || (c.checkpoint.code ?? ''),
    })),
  );
  const evidence = await ensurePhotoEvidence(
    db,
    runtime.store,
    wanted.map((w) => w.fileId),
  );
  const photos: PdfPhoto[] = [];
  for (const w of wanted) {
    const e = evidence.get(w.fileId);
    const image = e ? await readPrintImage(runtime.store, e) : null;
    if (image) photos.push({ image, caption: `${photos.length + 1}. ${w.name}` });
  }
  return photos;
}

async function signatureImages(db: Db, runtime: FilesRuntime, d: SuperviseDetail) {
  const inspector = BigInt(d.inspector.id);
  const approver = d.approvedBy ? BigInt(d.approvedBy.id) : null;
  const files = await signatureFileIds(db, approver === null ? [inspector] : [inspector, approver]);
  const read = async (id: bigint | undefined) => (id ? await readStoredFile(db, runtime.store, id) : null);
  return {
    inspector: await read(files.get(inspector)),
    approver: approver === null ? null : await read(files.get(approver)),
  };
}

/** Makes the PDF of a report as `user` reads it; the watermark unless approved or sent. */
export async function makeSupervisePdf(
  db: Db,
  runtime: FilesRuntime,
  id: bigint,
  user: Principal,
): Promise<MadePdf & { preview: boolean; detail: SuperviseDetail }> {
  const detail = await superviseDetail(db, id, user);
  const preview = detail.status !== approved && detail.status !== sent;
  let made: MadePdf;
  try {
    made = await renderSuperviseReportPdf({
      detail,
      photos: await checkpointPhotos(db, runtime, detail),
      signatures: await signatureImages(db, runtime, detail),
      verdictColours: VERDICT_COLOURS,
      madeAt: businessDateTime(new Date()),
      time: businessDateTime,
      watermark: preview ? `${L.preview.zh} ${L.preview.en}` : undefined,
    });
  } catch (error) {
    // A layout failure is ours, not the caller's input: said as such, with the cause kept.
    throw Object.assign(new AppError('E_PDF_FAILED'), { cause: error });
  }
  return { ...made, preview, detail };
}

/** Makes and stores the final PDF of an approved report (the one a send attaches). */
export async function storeSupervisePdf(db: Db, runtime: FilesRuntime, id: bigint, user: Principal) {
  const made = await makeSupervisePdf(db, runtime, id, user);
  const file = await storeGeneratedFile(
    db,
    runtime.store,
    { name: `${made.detail.reportNo}.pdf`, contentType: PDF_TYPE, content: made.buffer },
    actorOf(user),
  );
  return { file, size: made.buffer.length, detail: made.detail };
}

/** supervisereport/pdf: the PDF made now (a preview before approval), not stored. */
export async function getSuperviseReportPdf(
  db: Db,
  files: FilesContext,
  input: ParsedInputOf<Ops['getSuperviseReportPdf']>,
  user: Principal,
) {
  await assertReadable(db, input.id, user);
  const [row] = await db
    .select({ status: superviseReports.status })
    .from(superviseReports)
    .where(eq(superviseReports.id, input.id));
  if (!row || row.status === cancelled) throw new AppError('E_STATUS');
  const made = await makeSupervisePdf(db, await files.ready(), input.id, user);
  return {
    name: `${made.detail.reportNo}${made.preview ? '-preview' : ''}.pdf`,
    contentType: PDF_TYPE as typeof PDF_TYPE,
    base64: made.buffer.toString('base64'),
    size: made.buffer.length,
    pages: made.pages,
    preview: made.preview,
  };
}
