import { CalendarOutlined, TableOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfigListView, type ConfigListViewProps } from './config-list-view';
import { HolidayCalendar, MONTH_FORMAT, monthOf } from './holiday-calendar';

type HolidayView = 'calendar' | 'table';

/**
 * The holiday list (`config/holiday`): a month calendar by default, or the list's table. The view
 * and the month live in the address (`?view=table`, `?month=2026-10`), so a reload or a shared link
 * shows the same.
 */
export function HolidayListView(props: ConfigListViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: HolidayView = params.get('view') === 'table' ? 'table' : 'calendar';
  const month = monthOf(params.get('month'));

  const change = (values: Record<string, string | null>, replace: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(values)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );

  return (
    <ConfigListView
      {...props}
      extra={
        <Segmented<HolidayView>
          value={view}
          onChange={(next) => change({ view: next === 'calendar' ? null : next }, false)}
          options={[
            { value: 'calendar', label: t('config.holiday.viewCalendar'), icon: <CalendarOutlined /> },
            { value: 'table', label: t('config.holiday.viewTable'), icon: <TableOutlined /> },
          ]}
          aria-label={t('config.holiday.view')}
          data-testid="holiday-view"
        />
      }
    >
      {view === 'calendar' ? (
        <HolidayCalendar
          month={month}
          // This month needs no parameter; paging through months replaces the entry rather than
          // filling the history with them.
          onMonthChange={(next) =>
            change({ month: next === dayjs().format(MONTH_FORMAT) ? null : next }, true)
          }
          editable={props.editable}
        />
      ) : undefined}
    </ConfigListView>
  );
}
