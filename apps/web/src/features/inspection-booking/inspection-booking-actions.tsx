import {
  CloseCircleOutlined,
  EditOutlined,
  LockOutlined,
  SendOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBar, type BarAction } from '../../components/action-bar';
import { useWarningsConfirm } from '../../components/warnings-confirm';
import { currentLanguage } from '../../i18n/i18n';
import {
  type InspectionBookingDetail,
  useCancelInspectionBooking,
  useCheckoutInspectionBooking,
  useInvalidateInspectionBooking,
  useReleaseInspectionBooking,
  useReturnInspectionBooking,
  useSubmitInspectionBooking,
  useUpdateInspectionBooking,
} from './api';
import { BookingAssignDialog } from './inspection-booking-assign';

/**
 * A booking's action bar, driven by the detail's `actions` (DOMAIN.md §4.6): submit (its warning
 * confirmed; a date inside the advance days is refused with E_ADVANCE_DAYS, toasted) or submit as an
 * urgent request with a reason; modify; the booking admin's checkout, assignment (a dialog), accept
 * urgent, release, return with a reason; cancel (with a reason once scheduled).
 */
export function InspectionBookingActions({ record }: { record: InspectionBookingDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const writes = {
    submit: useSubmitInspectionBooking(),
    checkout: useCheckoutInspectionBooking(),
    release: useReleaseInspectionBooking(),
    update: useUpdateInspectionBooking(),
    return: useReturnInspectionBooking(),
    cancel: useCancelInspectionBooking(),
  };
  const [withWarnings, holder] = useWarningsConfirm();
  const [assigning, setAssigning] = useState(false);
  const can = (action: string) => record.actions.includes(action);
  const key = { id: record.id, version: record.version };
  const no = record.bookingNo;
  const reasonOf = (title: string, okText: string, testId: string) => ({
    title,
    label: t('inspection-booking.reason'),
    okText,
    testId,
  });
  const scheduled = record.status === INSPECTION_BOOKING_STATUS.scheduled;
  const actions: BarAction[] = [
    {
      key: 'submit',
      label: t('inspection-booking.submit'),
      tone: 'primary',
      icon: <SendOutlined />,
      show: can('submit'),
      confirm: {
        title: t('inspection-booking.submitConfirm', { no }),
        content: t('inspection-booking.submitHint'),
        okText: t('inspection-booking.submit'),
      },
      run: () => withWarnings((confirm) => writes.submit.mutateAsync({ ...key, confirm })),
      pending: writes.submit.isPending,
      done: t('inspection-booking.submitDone'),
    },
    {
      key: 'checkout',
      label: t('inspection-booking.checkout'),
      tone: 'primary',
      icon: <LockOutlined />,
      show: can('checkout'),
      run: () => writes.checkout.mutateAsync({ id: record.id }),
      pending: writes.checkout.isPending,
      done: t('inspection-booking.checkoutDone'),
    },
    {
      key: 'acceptUrgent',
      label: t('inspection-booking.acceptUrgent'),
      tone: 'primary',
      show: can('urgent') && record.urgentRequested,
      confirm: {
        title: t('inspection-booking.acceptUrgentConfirm', { no }),
        okText: t('inspection-booking.acceptUrgent'),
      },
      run: () => writes.update.mutateAsync({ ...key, urgent: true }),
      pending: writes.update.isPending,
      done: t('inspection-booking.acceptUrgentDone'),
    },
    {
      key: 'assign',
      label: t('inspection-booking.assign'),
      tone: 'primary',
      show: can('assign') && !(record.urgentRequested && !record.urgent),
      open: () => setAssigning(true),
    },
    {
      key: 'submitUrgent',
      label: t('inspection-booking.submitUrgent'),
      show: can('submit'),
      reason: reasonOf(
        t('inspection-booking.submitUrgentTitle', { no }),
        t('inspection-booking.submitUrgent'),
        'inspection-booking-urgent-reason',
      ),
      run: (reason) =>
        withWarnings((confirm) =>
          writes.submit.mutateAsync({ ...key, urgentRequested: true, urgentReason: reason ?? '', confirm }),
        ),
      pending: writes.submit.isPending,
      done: t('inspection-booking.urgentDone'),
    },
    {
      key: 'edit',
      label: t('inspection-booking.edit'),
      icon: <EditOutlined />,
      show: can('update'),
      to: `/${language}/inspection/booking/${record.id}?edit=1`,
    },
    {
      key: 'release',
      label: can('forceRelease') ? t('inspection-booking.forceRelease') : t('inspection-booking.release'),
      icon: <UnlockOutlined />,
      show: can('release') || can('forceRelease'),
      run: () => writes.release.mutateAsync({ id: record.id, force: can('forceRelease') }),
      pending: writes.release.isPending,
      done: t('inspection-booking.releaseDone'),
    },
    {
      key: 'return',
      label: t('inspection-booking.return'),
      show: can('return'),
      reason: reasonOf(
        t('inspection-booking.returnTitle', { no }),
        t('inspection-booking.return'),
        'inspection-booking-return-reason',
      ),
      run: (reason) => writes.return.mutateAsync({ ...key, reason }),
      pending: writes.return.isPending,
      done: t('inspection-booking.returnDone'),
    },
    {
      key: 'cancel',
      label: t('inspection-booking.cancel'),
      tone: 'danger',
      icon: <CloseCircleOutlined />,
      show: can('cancel'),
      ...(scheduled
        ? {
            reason: reasonOf(
              t('inspection-booking.cancelTitle', { no }),
              t('inspection-booking.cancel'),
              'inspection-booking-cancel-reason',
            ),
          }
        : {
            confirm: {
              title: t('inspection-booking.cancelConfirm', { no }),
              okText: t('inspection-booking.cancel'),
              cancelText: t('inspection-booking.cancelKeep'),
              focus: 'cancel' as const,
            },
          }),
      run: (reason) => writes.cancel.mutateAsync(reason ? { ...key, reason } : key),
      pending: writes.cancel.isPending,
      done: t('inspection-booking.cancelDone'),
    },
  ];
  return (
    <>
      {holder}
      <ActionBar testId="inspection-booking" onStale={useInvalidateInspectionBooking()} actions={actions} />
      {assigning ? <BookingAssignDialog record={record} onClose={() => setAssigning(false)} /> : null}
    </>
  );
}
