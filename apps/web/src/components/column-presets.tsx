/**
 * Columns several lists share, one definition each (issue 24): the client (its name, searched with
 * the client auto-complete) and a master-data reference (department, lab, test type: its name in
 * the UI language, searched with the list's select). An area's column list spreads them in:
 *
 *   clientColumn<Row>(t('test-order.client'), { showFrom: 'lg' }),
 *   refColumn<Row>('department', t('test-order.department'), language, (row) => row.department),
 */

import type { ConfigListName } from '@qcdesk/contract/config-lists';
import type { Language } from '@qcdesk/contract/messages';
import { ConfigSelect } from './config-select';
import { searchClientOptions } from './pickers';
import { EMPTY, type RefLike, refName } from './ref-labels';
import { ClientAutoComplete, type RemoteOption } from './remote-auto-complete';
import type { TableColumn } from './table-columns';

type Overrides<T> = Partial<Omit<TableColumn<T>, 'title' | 'render'>>;

/** The row's client by name; the search bar's client auto-complete filters by its id (`client`). */
export function clientColumn<T extends { client: { name: string } | null }>(
  title: string,
  overrides: Overrides<T> = {},
): TableColumn<T> {
  return {
    key: 'client',
    title,
    searchKey: 'client',
    render: (_value, row) => row.client?.name ?? EMPTY,
    renderFormItem: ({ value, onChange, id }) => (
      <ClientAutoComplete
        id={id}
        aria-label={title}
        search={searchClientOptions}
        value={(value as RemoteOption | null | undefined) ?? null}
        onChange={(option) => onChange?.(option)}
      />
    ),
    searchTransform: (value) => ({ client: (value as RemoteOption).value }),
    ...overrides,
  };
}

/**
 * A master-data reference by its name in the UI language, filtered by the list's select under the
 * same key (`department`, `lab`, `testType`); the department shows from `xxl` unless told.
 */
export function refColumn<T>(
  list: ConfigListName,
  title: string,
  language: Language,
  refOf: (row: T) => Omit<RefLike, 'id'> | null | undefined,
  overrides: Overrides<T> = {},
): TableColumn<T> {
  return {
    key: list,
    title,
    searchKey: list,
    ...(list === 'department' ? { showFrom: 'xxl' as const } : {}),
    render: (_value, row) => refName(refOf(row), language),
    renderFormItem: (props) => (
      <ConfigSelect<string | null>
        list={list}
        allowClear
        placeholder={title}
        id={props.id}
        value={(props.value as string | null | undefined) ?? null}
        onChange={(v) => props.onChange?.(v)}
      />
    ),
    ...overrides,
  };
}
