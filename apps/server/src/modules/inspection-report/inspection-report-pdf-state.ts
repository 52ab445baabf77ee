import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/files';
import { jobs } from '../../db/schema/platform';
import type { Db } from '../../platform/db';
import { type FileUrlSigning, signedFileUrl } from '../files/files.service';
import type { InspectionReportRecord } from './inspection-report.rules';

// What the detail says of the client-ready PDF and the sends (issue 28): the final PDF of the
// current revision or the job making it (the sends: reportSendsOf of inspection-report-share.service.ts).

type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface PdfState {
  file: {
    fileId: bigint;
    name: string;
    url: string | null;
    size: number;
    pages: number;
    revision: number;
    madeAt: Date;
  } | null;
  job: { jobId: bigint; state: JobState } | null;
}

/** The final PDF of the report's current revision, and the job making it while it runs. */
export async function pdfStateOf(db: Db, r: InspectionReportRecord): Promise<PdfState> {
  let file: PdfState['file'] = null;
  if (r.pdf && r.pdf.revision === r.revision) {
    const [row] = await db
      .select({ id: files.id, name: files.name })
      .from(files)
      .where(eq(files.id, BigInt(r.pdf.fileId)));
    if (row)
      file = {
        fileId: row.id,
        name: row.name,
        url: null,
        size: r.pdf.size,
        pages: r.pdf.pages,
        revision: r.pdf.revision,
        madeAt: new Date(r.pdf.madeAt),
      };
  }
  let job: PdfState['job'] = null;
  if (r.pdfJobId !== null && !file) {
    const [row] = await db
      .select({ id: jobs.id, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.id, r.pdfJobId));
    if (row) job = { jobId: row.id, state: row.status === 'dead' ? 'failed' : row.status };
  }
  return { file, job };
}

/** The PDF state with its file's signed URL. */
export function signPdfState<S extends { file: { fileId: bigint; url: string | null } | null }>(
  state: S,
  runtime: FileUrlSigning,
): S {
  if (!state.file) return state;
  return {
    ...state,
    file: {
      ...state.file,
      url: signedFileUrl(runtime.signer, state.file.fileId, runtime.tokenSeconds, {
        basePath: runtime.basePath,
      }),
    },
  };
}
