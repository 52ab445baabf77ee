import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { fileDisplayName } from '@qcdesk/contract/files';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { and, eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema/identity';
import { inspectionReports } from '../../db/schema/inspection-report';
import { actorOf, type Principal } from '../../platform/auth';
import { businessDateTime } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob, setJobProgress } from '../../platform/jobs/job-queue';
import type { JobHandler } from '../../platform/jobs/job-worker';
import type { MadePdf, PdfPhoto } from '../../platform/pdf/pdf-document';
import type { FilesContext, FilesRuntime } from '../../platform/storage/files-context';
import { readStoredFile, storeGeneratedFile } from '../files/files.service';
import { ensurePhotoEvidence, readPrintImage } from '../files/photo-evidence.service';
import { signatureFileIds } from '../identity/user-account.service';
import type { InspectionReportRecord } from './inspection-report.rules';
import { readableReport, reportDetail } from './inspection-report-detail.service';
import { type ReportDetail, renderInspectionReportPdf } from './inspection-report-pdf.render';
import { PDF_LABELS } from './inspection-report-pdf.texts';
import { pdfStateOf, signPdfState } from './inspection-report-pdf-state';
import { severityBefore } from './inspection-report-sampling.service';

/** The verdict's colours by InspectionResult, shared with the loading report's PDF (issue 29). */
export { VERDICT_COLOURS } from './inspection-report-pdf.texts';

// The client-ready PDF of an inspection report (issue 28): a watermarked preview made on demand
// (never stored), and the final PDF made by a job when the report reaches 30 (approval, and again
// at each re-approval after a reopen, with the revision mark), kept in the object store.

type Ops = typeof areas.inspectionReport;
export const REPORT_PDF_JOB = 'inspection-report.pdf';
const { approved, sent, confirmed, cancelled } = INSPECTION_REPORT_STATUS;
const FINAL_STATUSES: readonly number[] = [approved, sent, confirmed];
const PDF_TYPE = 'application/pdf';

type Progress = (percent: number) => Promise<void>;

const photoCaption = (index: number, name: string, defect?: string) =>
  `${index}. ${defect ?? `${PDF_LABELS.photos.zh} ${PDF_LABELS.photos.en}`} · ${fileDisplayName(name)}`;

/** The photos of the report from their print-size copies: general ones, then each defect's. */
async function reportPhotos(db: Db, runtime: FilesRuntime, d: ReportDetail, progress: Progress) {
  const wanted: { fileId: bigint; name: string; defect?: string }[] = [
    ...d.photos.map((p) => ({ fileId: p.fileId, name: p.name })),
    ...d.defects.flatMap((x) =>
      x.photos.map((p) => ({
        fileId: p.fileId,
        name: p.name,
        defect: `${x.defect.nameZh ?? ''} ${x.defect.nameEn ?? ''}`.trim(),
      })),
    ),
  ];
  const evidence = await ensurePhotoEvidence(
    db,
    runtime.store,
    wanted.map((w) => w.fileId),
  );
  const photos: PdfPhoto[] = [];
  for (const [i, w] of wanted.entries()) {
    const e = evidence.get(w.fileId);
    const image = e ? await readPrintImage(runtime.store, e) : null;
    if (image) photos.push({ image, caption: photoCaption(photos.length + 1, w.name, w.defect) });
    if (i % 5 === 4) await progress(10 + Math.round(((i + 1) / wanted.length) * 60));
  }
  return photos;
}

async function signatureImages(db: Db, runtime: FilesRuntime, r: InspectionReportRecord) {
  const people = [r.inspectorId, r.auditL1By, r.auditL2By].flatMap((u) => (u === null ? [] : [u]));
  const files = await signatureFileIds(db, people);
  const read = async (id: bigint | null | undefined) =>
    id ? await readStoredFile(db, runtime.store, id) : null;
  return {
    factory: r.signOff ? await read(BigInt(r.signOff.fileId)) : null,
    inspector: await read(files.get(r.inspectorId)),
    l1: r.auditL1By ? await read(files.get(r.auditL1By)) : null,
    l2: r.auditL2By ? await read(files.get(r.auditL2By)) : null,
  };
}

/** Makes the PDF of a report as `user` reads it. */
export async function makeReportPdf(
  db: Db,
  runtime: FilesRuntime,
  r: InspectionReportRecord,
  user: Principal,
  options: { watermark?: string; progress?: Progress } = {},
): Promise<MadePdf> {
  const progress = options.progress ?? (async () => {});
  const detail = await reportDetail(db, r.id, user);
  await progress(10);
  const photos = await reportPhotos(db, runtime, detail, progress);
  const state = await severityBefore(db, r);
  const signatures = await signatureImages(db, runtime, r);
  let made: MadePdf;
  try {
    made = await renderInspectionReportPdf({
      detail,
      severityReason: state.reason,
      photos,
      signatures,
      madeAt: businessDateTime(new Date()),
      time: businessDateTime,
      watermark: options.watermark,
    });
  } catch (error) {
    // A layout failure is ours, not the caller's input: said as such, with the cause kept.
    throw Object.assign(new AppError('E_PDF_FAILED'), { cause: error });
  }
  await progress(90);
  return made;
}

export const reportPdfName = (r: Pick<InspectionReportRecord, 'reportNo' | 'revision'>) =>
  `${r.reportNo}${r.revision > 0 ? `-R${r.revision}` : ''}.pdf`;

/** Makes and stores the final PDF of the report's current revision, and records it on the report. */
export async function storeFinalPdf(
  db: Db,
  runtime: FilesRuntime,
  r: InspectionReportRecord,
  user: Principal,
  progress?: Progress,
) {
  const made = await makeReportPdf(db, runtime, r, user, progress ? { progress } : {});
  const file = await storeGeneratedFile(
    db,
    runtime.store,
    { name: reportPdfName(r), contentType: PDF_TYPE, content: made.buffer },
    actorOf(user),
  );
  const pdf = {
    fileId: String(file.id),
    revision: r.revision,
    pages: made.pages,
    size: made.buffer.length,
    madeAt: new Date().toISOString(),
  };
  await db.update(inspectionReports).set({ pdf, pdfJobId: null }).where(eq(inspectionReports.id, r.id));
  return { file, pdf };
}

/**
 * The hook of approval (issue 28): a report reaching 30 queues the job that makes its final PDF
 * (in the approval's transaction: no PDF for a rolled-back approval). Its progress is the approver's.
 */
export async function queueReportPdf(db: Db, reportId: bigint, revision: number, user: Principal) {
  const jobId = await enqueueJob(
    db,
    REPORT_PDF_JOB,
    { reportId: String(reportId), revision, userId: String(user.userId) },
    { requestedBy: user.userId, tracksProgress: true, maxAttempts: 3 },
  );
  await db.update(inspectionReports).set({ pdfJobId: jobId }).where(eq(inspectionReports.id, reportId));
  return jobId;
}

/** A job's user as a principal (its permissions now: a locked or deleted user gets nothing). */
async function principalById(db: Db, userId: bigint): Promise<Principal | null> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(users.valid, 1)));
  if (!row) return null;
  return {
    userId: row.user.id,
    username: row.user.username,
    displayName: row.user.name,
    permissions: new Set(row.role.permissions),
    roleCode: row.role.code,
    departmentId: row.user.departmentId,
    clientId: row.user.clientId,
  };
}

/** The job: the final PDF of the revision it was queued for (a later revision queues its own). */
export function reportPdfHandler(files: FilesContext): JobHandler {
  return async (payload, ctx) => {
    const { db } = ctx;
    const reportId = BigInt(String(payload.reportId));
    const [r] = await db.select().from(inspectionReports).where(eq(inspectionReports.id, reportId));
    if (!r || r.revision !== Number(payload.revision) || !FINAL_STATUSES.includes(r.status)) return;
    if (r.pdf?.revision === r.revision) return;
    const user = await principalById(db, BigInt(String(payload.userId)));
    if (!user) return;
    const runtime = await files.ready();
    await storeFinalPdf(db, runtime, r, user, (p) => setJobProgress(db, ctx.jobId, p));
  };
}

/** inspection/report/pdf: the watermarked preview (made now, not stored), and the final PDF's state. */
export async function getReportPdf(
  db: Db,
  files: FilesContext,
  input: ParsedInputOf<Ops['getReportPdf']>,
  user: Principal,
) {
  const r = await readableReport(db, input.id, user);
  const runtime = await files.ready();
  const final = signPdfState(await pdfStateOf(db, r), runtime);
  if (!input.preview) return { preview: null, final };
  if (r.status === cancelled) throw new AppError('E_STATUS');
  const made = await makeReportPdf(db, runtime, r, user, {
    watermark: `${PDF_LABELS.preview.zh} ${PDF_LABELS.preview.en}`,
  });
  return {
    preview: {
      name: `${r.reportNo}-preview.pdf`,
      contentType: PDF_TYPE as typeof PDF_TYPE,
      base64: made.buffer.toString('base64'),
      size: made.buffer.length,
      pages: made.pages,
    },
    final,
  };
}
