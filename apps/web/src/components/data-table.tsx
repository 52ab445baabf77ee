/**
 * A server-paged list: the search bar and the table come from one column array (table-columns.ts),
 * pages come from the area's search operation through TanStack Query. Page size 10, options
 * 10/20/30/40, jump items beyond 5 pages (pager.tsx); a capped total reads "10,000+". On phones
 * (≤ 414 px) the rows become cards. Empty and failed loads say so, the latter with a retry.
 *
 * Issue 12: the search, page, page size and sort live in the URL (use-list-state.ts), so Back,
 * reload, bookmarks and the breadcrumb return to the list as it was; a bare URL opens the user's last
 * search of the list. A column with `sort` sorts server-side from its header (a select on phones).
 * The toolbar (table-toolbar.tsx) refreshes, sets the density and the columns (remembered per user).
 *
 * DataTable props: columns, rowKey, queryKey, request(query) → Promise<PageResult>, search? (true),
 * toolbar? (the list's buttons), exportButton?, cardTitle?(row), rowSelection?, onRow?,
 * initialPageSize?, listKey? (storage name; default from queryKey), paramPrefix? (two lists on a page)
 *
 * Plugging an area in: queryKey = operationKey(searchOrders) and
 * request = ({ filters, page, pageSize, count, ...sort }) =>
 *   api.call(searchOrders, { ...filters, page, pageSize, count, ...sortInput(sort, ORDER_SORTS) }),
 * both from the area's api.ts. The table asks for the total once per filter; later pages send
 * `count: false` and keep it. A page opened from the URL asks for it on its first request.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@qcdesk/contract/constants';
import { Alert, Button, Empty, Flex, Result, Spin, Table, type TableProps } from 'antd';
import type { SortOrder as AntSortOrder, SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useRef } from 'react';
import { DataCards } from './data-cards';
import { fitCell } from './fit-cell';
import './data-table.css';
import { type ListState, type SortOrder, sameParams, searchValues } from './list-state';
import { type PageRequest, usePageQuery } from './page-query';
import { Pager } from './pager';
import { SearchBar } from './search-bar';
import { type Filters, formatCell, type TableColumn, toFilters } from './table-columns';
import { TableToolbar } from './table-toolbar';
import { useArrangedColumns } from './use-arranged-columns';
import { useIsPhone } from './use-is-phone';
import { useListState } from './use-list-state';
import { useTableScroll } from './use-table-scroll';
import { useLabel, useWidgetsTranslation } from './widgets-i18n';

export type { PageQuery, PageRequest, PageResult } from './page-query';

export interface DataTableProps<T> {
  columns: readonly TableColumn<T>[];
  rowKey: (keyof T & string) | ((row: T) => Key);
  queryKey: readonly unknown[];
  request: PageRequest<T>;
  /** false hides the search bar (a list filtered only from outside). */
  search?: boolean;
  /** The list's buttons above the table (create, cart, bulk actions). */
  toolbar?: ReactNode;
  /**
   * The list's export (components/export-button.tsx), placed among the table tools; it gets the
   * filters the table shows (the URL's), so the file holds what the user sees.
   */
  exportButton?: (filters: Filters) => ReactNode;
  /** A card's heading on phones; defaults to the first column's cell. */
  cardTitle?: (row: T) => ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
  onRow?: TableProps<T>['onRow'];
  initialPageSize?: number;
  /** Names the list in browser storage (last search, columns); defaults to the query key. */
  listKey?: string;
  /** Prefixes the list's URL parameters, for a page that shows two lists. */
  paramPrefix?: string;
}

/** The shell's header is sticky and 64 px high (antd Layout.Header): table headers stick below it. */
const APP_HEADER_HEIGHT = 64;

function errorText(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

const toAnt = (order: SortOrder): AntSortOrder => (order === 'desc' ? 'descend' : 'ascend');

export function DataTable<T extends object>({
  columns,
  rowKey,
  queryKey,
  request,
  search = true,
  toolbar,
  exportButton,
  cardTitle,
  rowSelection,
  onRow,
  initialPageSize = DEFAULT_PAGE_SIZE,
  listKey,
  paramPrefix = '',
}: DataTableProps<T>) {
  const { t } = useWidgetsTranslation();
  const label = useLabel();
  const phone = useIsPhone();
  const name = listKey ?? JSON.stringify(queryKey);
  const list = useListState({
    columns,
    listKey: name,
    prefix: paramPrefix,
    defaultPageSize: initialPageSize,
  });
  const { state } = list;
  const arranged = useArrangedColumns(columns, name);
  const filters = toFilters(columns, state.values);

  const { result, refresh } = usePageQuery<T>(queryKey, request, {
    filters,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
  });
  const go = (changes: Partial<ListState>, mode: 'push' | 'replace' = 'push') => list.commit(changes, mode);

  const onSearch = (_filters: Filters, values: Filters) => {
    const changes = { values: searchValues(columns, values), page: DEFAULT_PAGE };
    // The same search again re-runs it: people press Search to see what changed meanwhile.
    if (sameParams(list.params, list.encode({ ...state, ...changes }))) refresh();
    else go(changes);
  };

  const yesNo = { yes: t('widgets.search.yes'), no: t('widgets.search.no'), label };
  const cell = (column: TableColumn<T>, row: T, index: number): ReactNode => {
    const value = column.dataIndex === undefined ? undefined : row[column.dataIndex];
    return column.render ? column.render(value, row, index) : formatCell(column, value, yesNo);
  };
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.table.empty')} />;
  const page = result.data;
  const shown = arranged.shown;
  const tableBox = useRef<HTMLDivElement>(null);
  const scrollX = useTableScroll(tableBox, [
    page?.list,
    shown.map((entry) => entry.key).join(),
    arranged.density,
    phone,
  ]);

  const onTableChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const column = shown.find((entry) => entry.key === one?.columnKey)?.column;
    if (!one?.order || !column?.sort) go({ sort: undefined, order: 'asc', page: DEFAULT_PAGE });
    else go({ sort: column.sort, order: one.order === 'descend' ? 'desc' : 'asc', page: DEFAULT_PAGE });
  };

  let body: ReactNode;
  if (result.isError && !page) {
    body = (
      <Result
        status="error"
        title={t('widgets.table.errorTitle')}
        subTitle={errorText(result.error)}
        extra={
          <Button type="primary" onClick={refresh}>
            {t('widgets.table.retry')}
          </Button>
        }
      />
    );
  } else if (phone) {
    body = (
      <Spin spinning={result.isFetching}>
        {page && page.list.length > 0 ? (
          <DataCards
            rows={page.list}
            columns={shown.map((entry) => entry.column)}
            keyOf={keyOf}
            cell={cell}
            cardTitle={cardTitle}
          />
        ) : (
          empty
        )}
      </Spin>
    );
  } else {
    body = (
      <Table<T>
        className="qc-data-table"
        rowKey={keyOf}
        dataSource={page?.list ?? []}
        loading={result.isFetching}
        pagination={false}
        rowSelection={rowSelection}
        onRow={onRow}
        size={arranged.density}
        // Long pages keep the header in view below the shell's header; wide tables scroll inside.
        sticky={{ offsetHeader: APP_HEADER_HEIGHT }}
        // As wide as the card: cells wrap before the table scrolls sideways (inside itself), and long
        // texts wrap or end in "…" at their column's width (fitCell).
        scroll={{ x: scrollX }}
        tableLayout="auto"
        locale={{ emptyText: empty }}
        onChange={onTableChange}
        showSorterTooltip={false}
        columns={shown.map(({ key, column, responsive }) => ({
          key,
          title: label(column.title),
          dataIndex: column.dataIndex,
          width: column.width,
          align: column.align,
          fixed: column.fixed,
          ...(responsive ? { responsive } : {}),
          ...(column.sort
            ? { sorter: true, sortOrder: state.sort === column.sort ? toAnt(state.order) : null }
            : {}),
          render: (_: unknown, row: T, rowIndex: number) => fitCell(column, cell(column, row, rowIndex)),
        }))}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      {search ? (
        <SearchBar columns={columns} values={state.values} loading={result.isFetching} onSearch={onSearch} />
      ) : null}
      <TableToolbar
        actions={toolbar}
        exportButton={exportButton?.(filters)}
        onRefresh={refresh}
        refreshing={result.isFetching}
        density={arranged.density}
        onDensity={arranged.setDensity}
        phone={phone}
        sortChoices={arranged.all
          .filter((entry) => entry.column.sort)
          .map((entry) => ({ sort: entry.column.sort!, title: label(entry.column.title) }))}
        sort={state.sort}
        order={state.order}
        onSort={(sort, order) => go({ sort, order, page: DEFAULT_PAGE })}
        columns={arranged.settings}
        onToggle={arranged.toggle}
        onMove={arranged.move}
        onReset={arranged.reset}
      />
      <div>
        {result.isError && page ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('widgets.table.errorTitle')}
            description={errorText(result.error)}
            action={
              <Button size="small" onClick={refresh}>
                {t('widgets.table.retry')}
              </Button>
            }
          />
        ) : null}
        <div ref={tableBox}>{body}</div>
        {page && page.total > 0 ? (
          <Pager
            page={state.page}
            pageSize={state.pageSize}
            total={page.total}
            totalCapped={page.totalCapped}
            disabled={result.isFetching}
            onChange={(next, pageSize) =>
              // Another page size starts over at page 1 and replaces: Back should not step through sizes.
              pageSize === state.pageSize
                ? go({ page: next })
                : go({ page: DEFAULT_PAGE, pageSize }, 'replace')
            }
          />
        ) : null}
      </div>
    </Flex>
  );
}
