import { areas } from '@qcdesk/contract';
import { originalSamples } from '../../db/schema/original-sample';
import { clientColumn, listExport, updatedAtColumn, yesNo } from '../../platform/list-export';
import { sampleRows, sampleSearchWhere } from './original-sample.queries';
import { seesDeletedSamples } from './original-sample.rules';
import { ORIGINAL_SAMPLE_ENTITY } from './original-sample.service';

// The original-sample list's XLSX export (issue 12): the rows of originalsample/search's filters in
// the caller's scope (samples of clients in scope, and shared ones), as the list shows them.

export const originalSampleExport = listExport({
  operation: areas.originalSample.exportOriginalSamples,
  search: areas.originalSample.searchOriginalSamples,
  entity: ORIGINAL_SAMPLE_ENTITY,
  title: { zh: '原样', en: 'Original samples' },
  table: originalSamples,
  key: originalSamples.id,
  where: (filters, { user, scope }) =>
    sampleSearchWhere(filters, scope, filters.deleted && seesDeletedSamples(user)),
  rows: sampleRows,
  keyOf: (row) => row.id,
  columns: (column) => [
    column('itemNo', { zh: '货号', en: 'Item no' }, (r) => r.itemNo, { width: 18, client: true }),
    column('name', { zh: '名称', en: 'Name' }, (r) => r.name, { width: 32, client: true }),
    clientColumn({ client: true }),
    column('complete', { zh: '完整', en: 'Complete' }, (r, l) => yesNo(r.complete, l), {
      width: 10,
      client: true,
    }),
    column('partCount', { zh: '部件数', en: 'Parts' }, (r) => r.partCount, { width: 10, client: true }),
    updatedAtColumn(),
  ],
});
