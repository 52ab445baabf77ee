import { Empty, Spin, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { type FactoryScheduleRow, useScheduleMonth } from './api';
import { ScheduleDayList } from './factory-schedule-day-list';
import { daysOf, rowsOn } from './factory-schedule-days';
import { scheduleLabel } from './factory-schedule-tag';

/** ScheduleType cell colours of the month grid. */
const FILL: Record<number, string> = { 1: '#bae0ff', 2: '#efdbff', 3: '#d9f7be', 4: '#ffccc7' };

type FactoryLine = { factory: FactoryScheduleRow['factory']; schedules: FactoryScheduleRow[] };

/**
 * The month across factories: one row per factory with schedules, one column per day, a day's cell
 * coloured by what runs on it (closures first); a phone lists the days instead.
 */
export function FactoryScheduleMonth({ month, factory }: { month: string; factory: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const query = useScheduleMonth(month, factory || undefined);
  if (query.isPending) return <Spin />;
  const lines = query.data?.factories ?? [];
  if (lines.length === 0) return <Empty description={t('factory-schedule.nothing')} />;
  if (phone) return <ScheduleDayList rows={lines.flatMap((l) => l.schedules)} month={month} withFactory />;
  const closure = t('factory-schedule.closure');
  return (
    <Table<FactoryLine>
      size="small"
      bordered
      rowKey={(l) => l.factory.id}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines}
      data-testid="factory-schedule-month"
      columns={[
        {
          key: 'factory',
          title: t('factory-schedule.factory'),
          fixed: 'left',
          width: 160,
          render: (_v, l) => refName(l.factory, language),
        },
        ...daysOf(month).map((day) => ({
          key: day,
          title: day.slice(8),
          width: 34,
          align: 'center' as const,
          onCell: (l: FactoryLine) => {
            const on = rowsOn(l.schedules, day)[0];
            return { style: on ? { background: FILL[on.type] } : {} };
          },
          render: (_v: unknown, l: FactoryLine) => {
            const on = rowsOn(l.schedules, day);
            if (on.length === 0) return null;
            return (
              <Tooltip title={on.map((r) => scheduleLabel(r, closure)).join(', ')}>
                <span title={on.map((r) => scheduleLabel(r, closure)).join(', ')}>{on.length}</span>
              </Tooltip>
            );
          },
        })),
      ]}
    />
  );
}
