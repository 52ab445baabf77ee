import type { Readable } from 'node:stream';
import type { OrderFeedError } from '@qcdesk/contract/order';
import type { orderImports } from '../../db/schema/order';
import type { Db } from '../../platform/db';
import type { JobContext } from '../../platform/jobs/job-worker';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { annotatedXlsx } from '../../platform/xlsx-annotated';
import { storeGeneratedFile } from '../files/files.service';
import { orderFileColumns } from './order-xlsx';

// A refused import's row errors as a download (issue 25 major 2): the uploaded rows with an errors
// column and a note on each cell in error, stored as the import owner's file; order/import/status
// links to it.

type ImportRow = typeof orderImports.$inferSelect;

export interface Annotate {
  open: () => Promise<Readable>;
  files: () => Promise<FilesRuntime>;
  job: ImportRow;
  log: JobContext['log'];
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The uploaded rows with their errors, stored as the import owner's file; answers its id. */
export async function storeAnnotated(
  db: Db,
  { open, files, job }: Annotate,
  errors: OrderFeedError[],
  errorCount: number,
) {
  const content = await annotatedXlsx(await open(), errors, {
    columnKeys: orderFileColumns,
    title: '错误 / Errors',
    note:
      errorCount > errors.length
        ? `前 ${errors.length} 条，共 ${errorCount} 条错误 / The first ${errors.length} of ${errorCount} errors`
        : undefined,
  });
  const { store } = await files();
  const base = job.fileName.replace(/\.xlsx$/i, '');
  const file = await storeGeneratedFile(
    db,
    store,
    { name: `${base} - 错误 errors.xlsx`, contentType: XLSX_TYPE, content },
    { userId: job.createdBy! },
  );
  return file.id;
}
