/**
 * The toolbar's column settings (after Ant Design Pro): a popover listing the list's columns with a
 * checkbox each (shown or not) and buttons moving it up or down, and a reset to the list's own
 * columns. The choice is the caller's to keep (use-table-settings.ts).
 */
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import type { ArrangedColumn } from './table-settings';
import { useWidgetsTranslation } from './widgets-i18n';

export interface ColumnSettingsProps {
  columns: readonly (ArrangedColumn & { title: string })[];
  onToggle: (key: string, visible: boolean) => void;
  onMove: (key: string, delta: number) => void;
  onReset: () => void;
}

export function ColumnSettings({ columns, onToggle, onMove, onReset }: ColumnSettingsProps) {
  const { t } = useWidgetsTranslation();
  const visibleCount = columns.filter((c) => c.visible).length;
  const content = (
    <Flex vertical gap={4} style={{ minWidth: 220 }} data-testid="column-settings">
      <Flex justify="space-between" align="center" gap={16}>
        <Typography.Text strong>{t('widgets.toolbar.columnsTitle')}</Typography.Text>
        <Button type="link" size="small" onClick={onReset} style={{ paddingInline: 0 }}>
          {t('widgets.toolbar.columnsReset')}
        </Button>
      </Flex>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {columns.map((column, index) => (
          <li key={column.key}>
            <Flex align="center" justify="space-between" gap={8} style={{ padding: '2px 0' }}>
              <Checkbox
                checked={column.visible}
                // The last column shown stays: a table of no columns helps nobody.
                disabled={column.visible && visibleCount === 1}
                onChange={(event) => onToggle(column.key, event.target.checked)}
              >
                {column.title}
              </Checkbox>
              <Flex gap={2}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('widgets.toolbar.moveUp', { name: column.title })}
                  disabled={index === 0}
                  onClick={() => onMove(column.key, -1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('widgets.toolbar.moveDown', { name: column.title })}
                  disabled={index === columns.length - 1}
                  onClick={() => onMove(column.key, 1)}
                />
              </Flex>
            </Flex>
          </li>
        ))}
      </ul>
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title={t('widgets.toolbar.columns')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('widgets.toolbar.columns')}
          data-testid="table-columns"
        />
      </Tooltip>
    </Popover>
  );
}
