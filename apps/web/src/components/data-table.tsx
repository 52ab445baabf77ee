/**
 * A server-paged list: the search bar and the table come from one column array (table-columns.ts),
 * pages come from the area's search operation through TanStack Query. Page size 10, options
 * 10/20/30/40, jump items beyond 5 pages (pager.tsx); a capped total reads "10,000+". On phones
 * (≤ 414 px) the rows become cards. Empty and failed loads say so, the latter with a retry.
 *
 * DataTable props: columns, rowKey, queryKey, request(filters, page, pageSize, {count}) → Promise<PageResult>,
 * search? (true), toolbar?, cardTitle?(row), rowSelection?, onRow?, initialPageSize?
 *
 * Plugging an area in: queryKey = operationKey(searchOrders) and
 * request = (filters, page, pageSize, { count }) => api.call(searchOrders, { ...filters, page, pageSize, count }),
 * both from the area's api.ts. The table asks for the total once per filter; later pages send
 * `count: false` and keep it.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@qcdesk/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Result, Spin, Table, type TableProps } from 'antd';
import { type Key, type ReactNode, useRef, useState } from 'react';
import { Pager } from './pager';
import { SearchBar } from './search-bar';
import {
  columnKey,
  type Filters,
  formatCell,
  initialSearchValues,
  type TableColumn,
  tableColumns,
  toFilters,
} from './table-columns';
import { useIsPhone } from './use-is-phone';
import { useLabel, useWidgetsTranslation } from './widgets-i18n';

/**
 * The shape of every search answer (contract `pageOf`/`searchPageOf`): `total` is null when the
 * request said `count: false`.
 */
export interface PageResult<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number | null;
  totalCapped: boolean;
}

/**
 * `count` is false when the table already knows the total of these filters (only the page
 * changed): searches over large tables (contract `searchPaging`) then skip counting.
 */
export type PageRequest<T> = (
  filters: Filters,
  page: number,
  pageSize: number,
  options: { count: boolean },
) => Promise<PageResult<T>>;

interface Total {
  total: number;
  totalCapped: boolean;
}

export interface DataTableProps<T> {
  columns: readonly TableColumn<T>[];
  rowKey: (keyof T & string) | ((row: T) => Key);
  queryKey: readonly unknown[];
  request: PageRequest<T>;
  /** false hides the search bar (a list filtered only from outside). */
  search?: boolean;
  /** Buttons above the table (create, export, bulk actions). */
  toolbar?: ReactNode;
  /** A card's heading on phones; defaults to the first column's cell. */
  cardTitle?: (row: T) => ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
  onRow?: TableProps<T>['onRow'];
  initialPageSize?: number;
}

interface Query {
  filters: Filters;
  page: number;
  pageSize: number;
}

function errorText(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

export function DataTable<T extends object>({
  columns,
  rowKey,
  queryKey,
  request,
  search = true,
  toolbar,
  cardTitle,
  rowSelection,
  onRow,
  initialPageSize = DEFAULT_PAGE_SIZE,
}: DataTableProps<T>) {
  const { t } = useWidgetsTranslation();
  const label = useLabel();
  const phone = useIsPhone();
  const [query, setQuery] = useState<Query>(() => ({
    filters: toFilters(columns, initialSearchValues(columns)),
    page: DEFAULT_PAGE,
    pageSize: initialPageSize,
  }));
  // The total of the current filters and page size, counted once on the first page asked for.
  const known = useRef<{ key: string; total: Total } | null>(null);
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: async () => {
      const key = JSON.stringify([queryKey, query.filters, query.pageSize]);
      const had = known.current?.key === key ? known.current.total : null;
      const answer = await request(query.filters, query.page, query.pageSize, { count: had === null });
      const total: Total =
        answer.total === null
          ? (had ?? { total: 0, totalCapped: false })
          : { total: answer.total, totalCapped: answer.totalCapped };
      known.current = { key, total };
      return { ...answer, total: total.total, totalCapped: total.totalCapped };
    },
    placeholderData: keepPreviousData,
  });

  const shown = tableColumns(columns);
  const yesNo = { yes: t('widgets.search.yes'), no: t('widgets.search.no'), label };
  const cell = (column: TableColumn<T>, row: T, index: number): ReactNode => {
    const value = column.dataIndex === undefined ? undefined : row[column.dataIndex];
    return column.render ? column.render(value, row, index) : formatCell(column, value, yesNo);
  };
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.table.empty')} />;
  const page = result.data;

  let body: ReactNode;
  if (result.isError && !page) {
    body = (
      <Result
        status="error"
        title={t('widgets.table.errorTitle')}
        subTitle={errorText(result.error)}
        extra={
          <Button type="primary" onClick={() => void result.refetch()}>
            {t('widgets.table.retry')}
          </Button>
        }
      />
    );
  } else if (phone) {
    const [first, ...rest] = shown;
    body = (
      <Spin spinning={result.isFetching}>
        {page && page.list.length > 0 ? (
          <ul aria-label={t('widgets.table.cards')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {page.list.map((row, index) => (
              <li key={keyOf(row)} style={{ marginBottom: 12 }}>
                <Card
                  size="small"
                  title={cardTitle ? cardTitle(row) : first ? cell(first, row, index) : null}
                  // A card's title is the row's name: it wraps to read whole on a phone, never "…".
                  styles={{ title: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                >
                  <dl style={{ margin: 0 }}>
                    {(cardTitle ? shown : rest).map((column, i) => (
                      <Flex
                        key={columnKey(column, i)}
                        justify="space-between"
                        gap={12}
                        style={{ padding: '2px 0' }}
                      >
                        {/* The label keeps its line ("适用产/品" was split); a long value wraps instead. */}
                        <dt
                          style={{
                            color: 'var(--ant-color-text-secondary)',
                            flexShrink: 0,
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {label(column.title)}
                        </dt>
                        <dd style={{ margin: 0, textAlign: 'end', minWidth: 0, overflowWrap: 'anywhere' }}>
                          {cell(column, row, index)}
                        </dd>
                      </Flex>
                    ))}
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          empty
        )}
      </Spin>
    );
  } else {
    body = (
      <Table<T>
        rowKey={keyOf}
        dataSource={page?.list ?? []}
        loading={result.isFetching}
        pagination={false}
        rowSelection={rowSelection}
        onRow={onRow}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        columns={shown.map((column, index) => ({
          key: columnKey(column, index),
          title: label(column.title),
          dataIndex: column.dataIndex,
          width: column.width,
          align: column.align,
          ellipsis: column.ellipsis,
          fixed: column.fixed,
          render: (_: unknown, row: T, rowIndex: number) => cell(column, row, rowIndex),
        }))}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      {search ? (
        <SearchBar
          columns={columns}
          loading={result.isFetching}
          onSearch={(filters) => setQuery((q) => ({ ...q, filters, page: DEFAULT_PAGE }))}
        />
      ) : null}
      {toolbar ? (
        <Flex gap={8} wrap justify="flex-end">
          {toolbar}
        </Flex>
      ) : null}
      <div>
        {result.isError && page ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('widgets.table.errorTitle')}
            description={errorText(result.error)}
            action={
              <Button size="small" onClick={() => void result.refetch()}>
                {t('widgets.table.retry')}
              </Button>
            }
          />
        ) : null}
        {body}
        {page && page.total > 0 ? (
          <Pager
            page={query.page}
            pageSize={query.pageSize}
            total={page.total}
            totalCapped={page.totalCapped}
            disabled={result.isFetching}
            onChange={(next, pageSize) => setQuery((q) => ({ ...q, page: next, pageSize }))}
          />
        ) : null}
      </div>
    </Flex>
  );
}
