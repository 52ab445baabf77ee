/**
 * The table columns of a list as the person arranged them (toolbar column settings, density),
 * remembered per user and list: which show, in which order, and at which width a low-priority
 * column (`showFrom`) gives way until they choose columns themselves.
 */
import type { Breakpoint } from 'antd';
import { columnKey, type TableColumn, tableColumns } from './table-columns';
import { arrangeColumns, chosenColumns, type Density, moveColumn, toggleColumn } from './table-settings';
import { useTableSettings } from './use-table-settings';
import { useLabel } from './widgets-i18n';

export interface ColumnEntry<T> {
  /** Stable among the list's table columns (settings are stored by it). */
  key: string;
  column: TableColumn<T>;
  /** antd's `responsive`: the breakpoints that show the column. */
  responsive?: Breakpoint[];
}

const FROM: Record<NonNullable<TableColumn<unknown>['showFrom']>, Breakpoint[]> = {
  md: ['md', 'lg', 'xl', 'xxl'],
  lg: ['lg', 'xl', 'xxl'],
  xl: ['xl', 'xxl'],
  xxl: ['xxl'],
};

export function useArrangedColumns<T>(columns: readonly TableColumn<T>[], listKey: string) {
  const label = useLabel();
  const { settings, save } = useTableSettings(listKey);
  const all: ColumnEntry<T>[] = tableColumns(columns).map((column, i) => ({
    key: columnKey(column, i),
    column,
  }));
  const keys = all.map((entry) => entry.key);
  const arranged = arrangeColumns(keys, settings);
  const chosen = chosenColumns(settings);
  const byKey = new Map(all.map((entry) => [entry.key, entry]));

  const shown: ColumnEntry<T>[] = arranged
    .filter((c) => c.visible)
    .map((c) => {
      const entry = byKey.get(c.key)!;
      const from = entry.column.showFrom;
      return !chosen && from ? { ...entry, responsive: FROM[from] } : entry;
    });

  return {
    all,
    shown,
    settings: arranged.map((c) => ({ ...c, title: label(byKey.get(c.key)!.column.title) })),
    density: settings.density ?? ('large' as Density),
    setDensity: (density: Density) => save({ ...settings, density }),
    toggle: (key: string, visible: boolean) =>
      save({ ...settings, order: arranged.map((c) => c.key), hidden: toggleColumn(arranged, key, visible) }),
    move: (key: string, delta: number) =>
      save({
        ...settings,
        order: moveColumn(
          arranged.map((c) => c.key),
          key,
          delta,
        ),
        hidden: arranged.filter((c) => !c.visible).map((c) => c.key),
      }),
    /** Back to the list's own columns; the density stays. */
    reset: () => save(settings.density ? { density: settings.density } : {}),
  };
}
