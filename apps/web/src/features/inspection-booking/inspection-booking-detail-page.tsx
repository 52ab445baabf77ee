import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { FULL_ROW, RecordCard, recordDates } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  fetchInspectionBookingChangeLog,
  INSPECTION_BOOKING_ENTITY,
  type InspectionBookingDetail,
  useInspectionBooking,
  useInvalidateInspectionBooking,
} from './api';
import { InspectionBookingActions } from './inspection-booking-actions';
import { BookingStatusBadge, UrgentTag } from './inspection-booking-columns';
import { InspectionBookingForm } from './inspection-booking-form';
import { BookingProducts, BookingReports, useExtraItems } from './inspection-booking-parts';

function BookingView({ record }: { record: InspectionBookingDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const extraItems = useExtraItems(record);
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="inspection-booking-detail"
        title={record.bookingNo}
        tags={
          <>
            <BookingStatusBadge status={record.status} language={language} /> <UrgentTag row={record} t={t} />
            {record.lateCancel ? <Tag color="red">{t('inspection-booking.lateCancel')}</Tag> : null}
          </>
        }
        actions={<InspectionBookingActions record={record} />}
        notices={[
          record.checkedOutBy && (
            <Alert
              type="info"
              showIcon
              title={t('inspection-booking.heldBy', {
                name: userDisplayName(record.checkedOutBy, language),
                at: formatDateTime(record.checkoutExpiresAt),
              })}
            />
          ),
          record.urgentRequested && (
            <Alert
              type="warning"
              showIcon
              title={t('inspection-booking.urgentPending', { reason: record.urgentReason ?? EMPTY })}
            />
          ),
          record.status === INSPECTION_BOOKING_STATUS.returned && (
            <Alert
              type="warning"
              showIcon
              title={t('inspection-booking.isReturned', { reason: record.reasonText ?? EMPTY })}
            />
          ),
          record.status === INSPECTION_BOOKING_STATUS.cancelled && (
            <Alert type="warning" showIcon title={t('inspection-booking.isCancelled')} />
          ),
        ]}
        items={[
          {
            key: 'type',
            label: t('inspection-booking.bookingType'),
            children: refName(record.bookingType, language),
          },
          {
            key: 'client',
            label: t('inspection-booking.client'),
            children: `${record.client.code} · ${record.client.name}`,
          },
          {
            key: 'factory',
            label: t('inspection-booking.factory'),
            children: refName(record.factory, language),
          },
          {
            key: 'date',
            label: t('inspection-booking.inspectionDate'),
            children: formatDate(record.inspectionDate),
          },
          {
            key: 'contact',
            label: t('inspection-booking.contactName'),
            children: `${record.contactName} · ${record.contactPhone}`,
          },
          {
            key: 'inspector',
            label: t('inspection-booking.inspector'),
            children: record.assignedInspector
              ? `${userDisplayName(record.assignedInspector, language)} · ${formatDate(record.assignedDate)}`
              : EMPTY,
          },
          {
            key: 'plan',
            label: t('inspection-booking.plan'),
            children: record.plan ? (
              <RecordLink route="InspectionPlan" to={`inspection/plan?id=${record.plan.id}`}>
                {record.plan.planNo}
              </RecordLink>
            ) : (
              EMPTY
            ),
          },
          ...(record.urgentReason
            ? [
                {
                  key: 'urgentReason',
                  label: t('inspection-booking.urgentReason'),
                  children: record.urgentReason,
                },
              ]
            : []),
          ...extraItems,
          {
            key: 'remark',
            label: t('inspection-booking.remark'),
            span: FULL_ROW,
            children: record.remark ?? EMPTY,
          },
          ...recordDates(record, t, language),
        ]}
      />
      <BookingProducts products={record.products} />
      <BookingReports id={record.id} />
      <ChangeLogCard
        entity={INSPECTION_BOOKING_ENTITY}
        id={record.id}
        fetch={fetchInspectionBookingChangeLog}
      />
    </Flex>
  );
}

/** Spec §2 InspectionBookingDetail (`inspection/booking/{id}`; `new` books one, `?edit=1` modifies). */
export function InspectionBookingDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<InspectionBookingDetail>
      path="inspection/booking"
      permission="booking.create"
      useRecord={useInspectionBooking}
      onStale={useInvalidateInspectionBooking()}
      texts={{
        createTitle: t('inspection-booking.createTitle'),
        editTitle: (record) => t('inspection-booking.editTitle', { no: record.bookingNo }),
        createdDone: t('inspection-booking.createdDone'),
        loadFailed: t('inspection-booking.loadFailed'),
      }}
      form={(props) => <InspectionBookingForm {...props} />}
      view={({ record }) => <BookingView record={record} />}
    />
  );
}
