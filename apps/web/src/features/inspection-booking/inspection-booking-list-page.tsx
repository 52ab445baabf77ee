import { Card, Flex, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ListPage, pageHeading } from '../../components/list-page';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import {
  bookingPath,
  type InspectionBookingRow,
  inspectionBookingsSearchKey,
  requestBookingWork,
  requestInspectionBookings,
} from './api';
import { inspectionBookingColumns } from './inspection-booking-columns';
import { BookingSchedule } from './inspection-booking-schedule';

type View = 'all' | 'work' | 'schedule';

/**
 * Spec §2 InspectionBooking (`inspection/booking`): the bookings by spec §3's filters, "my work"
 * (DOMAIN.md §6.8), and for booking admins the assignment view (`?view=schedule`): the submitted
 * bookings with the inspectors' load.
 */
export function InspectionBookingListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const columns = useMemo(() => inspectionBookingColumns({ language, t }), [language, t]);
  const admin = hasPermission(session, 'booking.admin');
  const asked = params.get('view');
  const view: View = asked === 'work' ? 'work' : asked === 'schedule' && admin ? 'schedule' : 'all';
  const views = (
    <Segmented<View>
      value={view}
      onChange={(next) => setParams(next === 'all' ? {} : { view: next })}
      options={[
        { value: 'all', label: t('inspection-booking.all') },
        { value: 'work', label: t('inspection-booking.work') },
        ...(admin ? [{ value: 'schedule' as const, label: t('inspection-booking.schedule') }] : []),
      ]}
      data-testid="inspection-booking-views"
    />
  );
  if (view === 'schedule')
    return (
      <Card title={<h1 style={pageHeading}>{t('inspection-booking.schedule')}</h1>}>
        <Flex vertical gap={12}>
          {views}
          <BookingSchedule />
        </Flex>
      </Card>
    );
  return (
    <ListPage<InspectionBookingRow>
      title={t('inspection-booking.title')}
      testId="inspection-booking"
      above={views}
      tableKey={view}
      columns={columns}
      rowKey="id"
      queryKey={[...inspectionBookingsSearchKey, view]}
      listKey="inspectionbooking"
      request={view === 'work' ? requestBookingWork : requestInspectionBookings}
      create={{
        permission: 'booking.create',
        to: 'inspection/booking/new',
        label: t('inspection-booking.create'),
      }}
      cardTitle={(row) => (
        <Link to={bookingPath(language, row.id)} data-testid="inspection-booking-card-link">
          {row.bookingNo} · {formatDate(row.inspectionDate)}
        </Link>
      )}
    />
  );
}
