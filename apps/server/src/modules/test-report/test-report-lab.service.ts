import type { Readable } from 'node:stream';
import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { LAB_RESULT_ROWS_MAX, TEST_REPORT_STATUS } from '@qcdesk/contract/test-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import { cellText, readXlsxRows } from '../../platform/xlsx-reader';
import { ownSpreadsheet } from '../files/files.service';
import { itemRows } from './test-report.queries';
import { mayWriteReport, readableReport, type TestReportDeps } from './test-report.service';
import { checkLabRows, type LabCells, labColumnOf, labError } from './test-report-lab.rules';

// testreport/result/import (issue 25, faster lab entry): a lab's result file read for the result
// dialog of one pending report. Nothing is written: the dialog fills its items in, and
// testreport/result/update checks them again when the user enters the result.

type ImportInput = ParsedInputOf<typeof areas.testReport.importTestReportResults>;

/** The data rows of the file: cells by column from the header row (row 1); header-like rows skipped. */
async function labRows(input: Readable) {
  let columns: Map<number, keyof LabCells> | undefined;
  const rows: { row: number; cells: LabCells }[] = [];
  // The header row and a second header row (zh / en) besides the data rows.
  for await (const row of readXlsxRows(input, { rows: LAB_RESULT_ROWS_MAX + 2 })) {
    const values = row.values.map(cellText);
    if (!columns) {
      columns = new Map();
      for (const [index, text] of values.entries()) {
        const column = text ? labColumnOf(text) : undefined;
        if (column) columns.set(index, column);
      }
      continue;
    }
    if (values.filter((v) => v && labColumnOf(v)).length >= 2) continue;
    const cells: LabCells = {};
    for (const [index, column] of columns) if (values[index]) cells[column] = values[index];
    if (Object.keys(cells).length > 0) rows.push({ row: row.number, cells });
  }
  const present = new Set(columns?.values() ?? []);
  const missing = (['item', 'result'] as const).filter((c) => !present.has(c));
  return { rows, missing };
}

export async function importLabResults(db: Db, deps: TestReportDeps, input: ImportInput, user: Principal) {
  const scope = await scopeOf(db, user);
  const report = await readableReport(db, input.id, scope);
  if (!(await mayWriteReport(db, scope, report))) throw new AppError('E_SCOPE');
  if (report.status !== TEST_REPORT_STATUS.pending || report.valid !== 1) throw new AppError('E_STATUS');
  const file = await ownSpreadsheet(db, input.fileId, user.userId);
  const { store } = await deps.files();
  const object = await store.get(file.storageKey);
  if (!object) throw new AppError('E_REF_NOT_FOUND', { field: 'fileId' }, { field: 'fileId' });
  const { rows, missing } = await labRows(object.body);
  if (missing.length > 0)
    return { reportNo: null, items: [], errors: missing.map((c) => labError(1, c, '', 'E_REQUIRED')) };
  const items = (await itemRows(db, input.id)).map((r) => ({
    id: r.item.id,
    code: r.testItem.code,
    nameZh: r.testItem.nameZh,
    nameEn: r.testItem.nameEn,
  }));
  return checkLabRows(rows, items, report.reportNo);
}
