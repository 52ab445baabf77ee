import { Alert, Calendar, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { useSchedules } from './api';
import { ScheduleDayList } from './factory-schedule-day-list';
import { monthRange, rowsOn } from './factory-schedule-days';
import { ScheduleTag } from './factory-schedule-tag';

/**
 * One factory's calendar (spec §2 `factory/schedule`): its production runs and closures of the month
 * on each day (antd Calendar on a tablet or PC, a list per day on a phone).
 */
export function FactoryScheduleCalendar({
  factoryId,
  month,
  onMonth,
}: {
  factoryId: string | null;
  month: string;
  onMonth: (month: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const query = useSchedules(
    { ...(factoryId ? { factoryId } : {}), ...monthRange(month) },
    Boolean(factoryId),
  );
  if (!factoryId) return <Alert type="info" showIcon title={t('factory-schedule.pickFirst')} />;
  if (query.isPending) return <Spin />;
  const rows = query.data?.list ?? [];
  if (phone) return <ScheduleDayList rows={rows} month={month} withFactory={false} />;
  return (
    <Calendar
      value={dayjs(`${month}-01`)}
      headerRender={() => null}
      onPanelChange={(date) => onMonth(date.format('YYYY-MM'))}
      cellRender={(date, info) => {
        if (info.type !== 'date' || date.format('YYYY-MM') !== month) return null;
        return rowsOn(rows, date.format('YYYY-MM-DD')).map((row) => (
          <ScheduleTag key={row.id} row={row} language={language} closure={t('factory-schedule.closure')} />
        ));
      }}
      data-testid="factory-schedule-calendar"
    />
  );
}
