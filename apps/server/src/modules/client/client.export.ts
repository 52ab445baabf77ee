import { areas } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { clients } from '../../db/schema/client';
import { departmentColumn, labelIn, listExport, personIn, updatedAtColumn } from '../../platform/list-export';
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
  columns: [
    { key: 'code', label: { zh: '编码', en: 'Code' }, value: (r) => r.code, width: 14, client: true },
    { key: 'name', label: { zh: '名称', en: 'Name' }, value: (r) => r.name, width: 32, client: true },
    {
      key: 'country',
      label: { zh: '国家', en: 'Country' },
      value: (r, l) => labelIn(r.country, l),
      client: true,
    },
    {
      key: 'type',
      label: { zh: '类型', en: 'Type' },
      value: (r, l) => enumLabel('ClientType', r.type, l),
      client: true,
    },
    { key: 'sales', label: { zh: '业务员', en: 'Sales' }, value: (r, l) => personIn(r.sales, l) },
    departmentColumn(),
    {
      key: 'samplingLevel',
      label: { zh: '抽样水平', en: 'Sampling level' },
      value: (r) => r.samplingLevel.code,
      width: 12,
    },
    {
      key: 'tensionLevel',
      label: { zh: '拉力等级', en: 'Tension level' },
      value: (r, l) => labelIn(r.tensionLevel, l),
    },
    { key: 'majorAql', label: { zh: '严重缺陷AQL', en: 'Major AQL' }, value: (r) => Number(r.majorAql) },
    { key: 'minorAql', label: { zh: '轻微缺陷AQL', en: 'Minor AQL' }, value: (r) => Number(r.minorAql) },
    {
      key: 'advanceDays',
      label: { zh: '提前天数', en: 'Advance days' },
      value: (r) => r.advanceDays,
      client: true,
    },
    {
      key: 'state',
      label: { zh: '状态', en: 'State' },
      value: (r, l) => enumLabel('ActiveFlag', r.state, l),
      width: 10,
      client: true,
    },
    updatedAtColumn(),
  ],
});
