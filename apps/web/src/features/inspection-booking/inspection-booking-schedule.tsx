import { Alert, Card, Empty, Flex, List, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../components/date-picker';
import { refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday, formatDate } from '../../lib/format';
import { bookingPath, type BookingSchedule as Schedule, useBookingSchedule } from './api';
import { UrgentTag } from './inspection-booking-columns';

/** A business date `days` later (calendar days, no time zone). */
const addDaysTo = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The assignment view covers two weeks from today. */
const DAYS = 14;

type LoadRow = Schedule['inspectors'][number];

/**
 * The booking admin's assignment view (DOMAIN.md §4.6): every submitted booking by inspection date,
 * each opened to check it out and assign, and every active inspector's man-days per day of two
 * weeks from a chosen day (today unless moved).
 */
export function BookingSchedule() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [start, setStart] = useState(businessToday());
  const end = addDaysTo(start, DAYS - 1);
  const query = useBookingSchedule(start, end);
  const days = Array.from({ length: DAYS }, (_, i) => addDaysTo(start, i));
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  const data = query.data;
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('inspection-booking.scheduleRange')} loading={query.isPending}>
        {data && data.bookings.length === 0 ? (
          <Empty description={t('inspection-booking.scheduleEmpty')} />
        ) : (
          <List
            dataSource={data?.bookings ?? []}
            data-testid="inspection-booking-schedule"
            renderItem={(b) => (
              <List.Item key={b.id} data-testid="inspection-booking-schedule-item">
                <Flex vertical gap={2} style={{ minWidth: 0 }}>
                  <Link to={bookingPath(language, b.id)}>
                    {b.bookingNo} · {formatDate(b.inspectionDate)}
                  </Link>
                  <Typography.Text type="secondary">
                    {refName(b.bookingType, language)} · {refName(b.factory, language)} · {b.client.name}{' '}
                    <UrgentTag row={b} t={t} />
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card
        size="small"
        title={t('inspection-booking.load')}
        loading={query.isPending}
        extra={
          <DateField
            aria-label={t('inspection-booking.loadFrom')}
            value={start}
            allowClear={false}
            onChange={(v) => v && setStart(v)}
          />
        }
      >
        <Table<LoadRow>
          size="small"
          rowKey={(r) => r.inspector.id}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data?.inspectors ?? []}
          data-testid="inspection-booking-load"
          columns={[
            {
              key: 'inspector',
              title: t('inspection-booking.inspector'),
              fixed: 'left',
              render: (_v, r) => userDisplayName(r.inspector, language),
            },
            ...days.map((date) => ({
              key: date,
              title: date.slice(5),
              align: 'center' as const,
              render: (_v: unknown, r: LoadRow) => r.days.find((d) => d.date === date)?.manDays ?? '',
            })),
          ]}
        />
      </Card>
    </Flex>
  );
}
