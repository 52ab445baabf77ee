/**
 * A record's child rows as read (a client's test requirements and safety tests, a standard's tests):
 * "none" when there are none, one block per row on a phone, a small table on a wider screen.
 */
import { Empty, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useIsPhone } from '../use-is-phone';

export function ChildRowsTable<R extends { id: string }>({
  rows,
  label,
  emptyText,
  columns,
  phoneRow,
  fitContent = false,
}: {
  rows: readonly R[];
  /** The phone list's accessible name (the card's title). */
  label: string;
  emptyText: string;
  columns: TableColumnsType<R>;
  /** A row's block on a phone. */
  phoneRow: (row: R) => ReactNode;
  /** The table as wide as its content, scrolled sideways when that is wider than the card. */
  fitContent?: boolean;
}) {
  const phone = useIsPhone();
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={label}>
        {rows.map((row) => (
          <li
            key={row.id}
            style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
          >
            {phoneRow(row)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<R>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      scroll={fitContent ? { x: 'max-content' } : undefined}
      columns={columns}
    />
  );
}
