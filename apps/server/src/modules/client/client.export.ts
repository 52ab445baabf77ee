import { areas } from '@qcdesk/contract';
import { clients } from '../../db/schema/client';
import {
  departmentColumn,
  enumColumn,
  listExport,
  personColumn,
  referenceColumn,
  updatedAtColumn,
} from '../../platform/list-export';
import { clientRows, clientSearchWhere } from './client.queries';
import { CLIENT_ENTITY } from './client.service';

// The client list's XLSX export (issue 12): the rows of client/search's filters in the caller's
// scope, with the columns of the list and the settings behind them. A client user (DOMAIN.md §5.4)
// would read its own client's name and terms, never who handles it inside the company.

export const clientExport = listExport({
  operation: areas.client.exportClients,
  search: areas.client.searchClients,
  entity: CLIENT_ENTITY,
  title: { zh: '客户', en: 'Clients' },
  table: clients,
  key: clients.id,
  where: (filters, { user, scope }) => clientSearchWhere(filters, scope, user),
  rows: clientRows,
  keyOf: (row) => row.id,
  columns: (column) => [
    column('code', { zh: '编码', en: 'Code' }, (r) => r.code, { width: 14, client: true }),
    column('name', { zh: '名称', en: 'Name' }, (r) => r.name, { width: 32, client: true }),
    referenceColumn('country', { zh: '国家', en: 'Country' }, { client: true }),
    enumColumn('type', { zh: '类型', en: 'Type' }, 'ClientType', { client: true }),
    personColumn('sales', { zh: '业务员', en: 'Sales' }),
    departmentColumn(),
    column('samplingLevel', { zh: '抽样水平', en: 'Sampling level' }, (r) => r.samplingLevel.code, {
      width: 12,
    }),
    referenceColumn('tensionLevel', { zh: '拉力等级', en: 'Tension level' }),
    column('majorAql', { zh: '严重缺陷AQL', en: 'Major AQL' }, (r) => Number(r.majorAql)),
    column('minorAql', { zh: '轻微缺陷AQL', en: 'Minor AQL' }, (r) => Number(r.minorAql)),
    column('advanceDays', { zh: '提前天数', en: 'Advance days' }, (r) => r.advanceDays, { client: true }),
    enumColumn('state', { zh: '状态', en: 'State' }, 'ActiveFlag', { width: 10, client: true }),
    updatedAtColumn(),
  ],
});
