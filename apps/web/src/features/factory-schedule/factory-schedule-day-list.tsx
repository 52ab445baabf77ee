import { Empty, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import type { FactoryScheduleRow } from './api';
import { daysWithRows } from './factory-schedule-days';
import { ScheduleTag } from './factory-schedule-tag';

/** A month as a list of its days with something on them: the calendar and month view on a phone. */
export function ScheduleDayList({
  rows,
  month,
  withFactory,
}: {
  rows: readonly FactoryScheduleRow[];
  month: string;
  withFactory: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const days = daysWithRows(rows, month);
  if (days.length === 0) return <Empty description={t('factory-schedule.nothing')} />;
  return (
    <List
      size="small"
      dataSource={days}
      data-testid="factory-schedule-days"
      renderItem={(d) => (
        <List.Item key={d.day}>
          <Flex vertical gap={4} style={{ width: '100%' }}>
            <Typography.Text strong>{formatDate(d.day)}</Typography.Text>
            <div>
              {d.rows.map((row) => (
                <ScheduleTag
                  key={row.id}
                  row={row}
                  language={language}
                  closure={t('factory-schedule.closure')}
                  withFactory={withFactory}
                />
              ))}
            </div>
          </Flex>
        </List.Item>
      )}
    />
  );
}
