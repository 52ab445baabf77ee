/**
 * The bar above a list (after Ant Design Pro's table toolbar): the list's own buttons (create,
 * cart…), the export button when the list has one, then the table tools — refresh, density, column
 * settings. On phones, where rows are cards, a sort select stands in for the column headers and
 * density gives way.
 */
import { ColumnHeightOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { ColumnSettings, type ColumnSettingsProps } from './column-settings';
import type { SortOrder } from './list-state';
import type { Density } from './table-settings';
import { useWidgetsTranslation } from './widgets-i18n';

export interface SortChoice {
  sort: string;
  title: string;
}

export interface TableToolbarProps extends ColumnSettingsProps {
  actions?: ReactNode;
  exportButton?: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
  density: Density;
  onDensity: (density: Density) => void;
  phone: boolean;
  sortChoices: readonly SortChoice[];
  sort: string | undefined;
  order: SortOrder;
  onSort: (sort: string | undefined, order: SortOrder) => void;
}

export function TableToolbar({
  actions,
  exportButton,
  onRefresh,
  refreshing,
  density,
  onDensity,
  phone,
  sortChoices,
  sort,
  order,
  onSort,
  ...columnSettings
}: TableToolbarProps) {
  const { t } = useWidgetsTranslation();
  const densityLabel: Record<Density, string> = {
    large: t('widgets.toolbar.densityLarge'),
    middle: t('widgets.toolbar.densityMiddle'),
    small: t('widgets.toolbar.densitySmall'),
  };
  const sortValue = sort ? `${sort}:${order}` : '';
  return (
    <Flex gap={8} wrap justify="flex-end" align="center" data-testid="table-toolbar">
      {actions}
      {exportButton}
      <Flex gap={2} align="center" role="toolbar" aria-label={t('widgets.toolbar.label')}>
        {phone && sortChoices.length > 0 ? (
          <Select
            size="small"
            aria-label={t('widgets.toolbar.sort')}
            value={sortValue}
            style={{ minWidth: 150 }}
            popupMatchSelectWidth={false}
            data-testid="table-sort"
            onChange={(value: string) => {
              const [key, direction] = value.split(':');
              onSort(key || undefined, direction === 'desc' ? 'desc' : 'asc');
            }}
            options={[
              { value: '', label: t('widgets.toolbar.sortNone') },
              ...sortChoices.flatMap((choice) => [
                { value: `${choice.sort}:asc`, label: t('widgets.toolbar.sortAsc', { name: choice.title }) },
                {
                  value: `${choice.sort}:desc`,
                  label: t('widgets.toolbar.sortDesc', { name: choice.title }),
                },
              ]),
            ]}
          />
        ) : null}
        <Tooltip title={t('widgets.toolbar.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined spin={refreshing} />}
            aria-label={t('widgets.toolbar.refresh')}
            onClick={onRefresh}
            data-testid="table-refresh"
          />
        </Tooltip>
        {phone ? null : (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [density],
              items: (['large', 'middle', 'small'] as const).map((key) => ({
                key,
                label: densityLabel[key],
              })),
              onClick: ({ key }) => onDensity(key as Density),
            }}
          >
            <Tooltip title={t('widgets.toolbar.density')}>
              <Button
                type="text"
                icon={<ColumnHeightOutlined />}
                aria-label={t('widgets.toolbar.density')}
                data-testid="table-density"
              />
            </Tooltip>
          </Dropdown>
        )}
        <ColumnSettings {...columnSettings} />
      </Flex>
    </Flex>
  );
}
