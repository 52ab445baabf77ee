/**
 * A list's rows as cards on phones (≤ 414 px): the card's title is the row's name (`cardTitle`, else
 * the first column's cell), below it each shown column as label and value.
 */
import { Card, Flex } from 'antd';
import type { Key, ReactNode } from 'react';
import { columnKey, type TableColumn } from './table-columns';
import { useLabel, useWidgetsTranslation } from './widgets-i18n';

export interface DataCardsProps<T> {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  keyOf: (row: T) => Key;
  cell: (column: TableColumn<T>, row: T, index: number) => ReactNode;
  cardTitle?: ((row: T) => ReactNode) | undefined;
}

export function DataCards<T>({ rows, columns, keyOf, cell, cardTitle }: DataCardsProps<T>) {
  const { t } = useWidgetsTranslation();
  const label = useLabel();
  const [first, ...rest] = columns;
  return (
    <ul aria-label={t('widgets.table.cards')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row, index) => (
        <li key={keyOf(row)} style={{ marginBottom: 12 }}>
          <Card
            size="small"
            title={cardTitle ? cardTitle(row) : first ? cell(first, row, index) : null}
            // A card's title is the row's name: it wraps to read whole on a phone, never "…".
            styles={{ title: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
          >
            <dl style={{ margin: 0 }}>
              {(cardTitle ? columns : rest).map((column, i) => (
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
  );
}
