import { areas } from '@qcdesk/contract';
import { type ExportColumn, labelIn, listExport, updatedAtColumn } from '../../platform/list-export';
import { KINDS, type KindName, standardRowsOf, standardSearch } from './standard.queries';

// The XLSX exports of the two standard lists (issue 12): the rows of standard/search and
// countryrequire/search's filters (standards have no record scope).

const ops = areas.standard;

type StandardListRow = Awaited<ReturnType<typeof standardRowsOf>>[number];

/** A country standard's country (the common list has no such column). */
const countryColumn: ExportColumn<StandardListRow> = {
  key: 'country',
  label: { zh: '国家', en: 'Country' },
  value: (r, l) => labelIn(r.country, l),
};

function standardExport(kindName: KindName) {
  const kind = KINDS[kindName];
  const country = kindName === 'country';
  return listExport({
    operation: country ? ops.exportCountryRequirements : ops.exportCommonStandards,
    search: country ? ops.searchCountryRequirements : ops.searchCommonStandards,
    entity: kind.entity,
    title: country ? { zh: '国家标准', en: 'Country standards' } : { zh: '通用标准', en: 'Common standards' },
    table: kind.table,
    key: kind.table.id,
    where: (filters, { user }) => standardSearch(kindName, filters, user).where,
    rows: (db, keys) => standardRowsOf(db, kindName, keys),
    keyOf: (row) => row.id,
    columns: (column) => [
      ...(country ? [countryColumn] : []),
      column('name', { zh: '名称', en: 'Name' }, (r) => r.name, { width: 32 }),
      column('productScope', { zh: '适用产品', en: 'Product scope' }, (r) => r.productScope, { width: 32 }),
      column('testCount', { zh: '测试项目数', en: 'Test items' }, (r) => r.testCount, { width: 10 }),
      updatedAtColumn(),
    ],
  });
}

export const standardExports = [standardExport('common'), standardExport('country')];
