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
  columns: [
    { key: 'itemNo', label: { zh: '货号', en: 'Item no' }, value: (r) => r.itemNo, width: 18, client: true },
    { key: 'name', label: { zh: '名称', en: 'Name' }, value: (r) => r.name, width: 32, client: true },
    clientColumn({ client: true }),
    {
      key: 'complete',
      label: { zh: '完整', en: 'Complete' },
      value: (r, l) => yesNo(r.complete, l),
      width: 10,
      client: true,
    },
    {
      key: 'partCount',
      label: { zh: '部件数', en: 'Parts' },
      value: (r) => r.partCount,
      width: 10,
      client: true,
    },
    updatedAtColumn(),
  ],
});
