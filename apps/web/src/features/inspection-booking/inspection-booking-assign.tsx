import { Alert, Flex, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/api-error';
import { DateField } from '../../components/date-picker';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { userDisplayName } from '../../components/ref-labels';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { useWarningsConfirm, WarningsDeclined } from '../../components/warnings-confirm';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday } from '../../lib/format';
import { type InspectionBookingDetail, useBookingSchedule, useEditInspectionBooking } from './api';

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The booking admin's assignment (DOMAIN.md §4.6) under the checkout: an inspector (with their
 * man-days on the chosen day) and a date. The warnings (the factory closed that day, a non-working
 * day, the inspector already booked) are confirmed or declined; declined, the dialog stays open
 * for another day.
 */
export function BookingAssignDialog({
  record,
  onClose,
}: {
  record: InspectionBookingDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const guard = useLeaveGuard();
  const [withWarnings, holder] = useWarningsConfirm();
  const [inspectorId, setInspector] = useState<string | undefined>(record.assignedInspector?.id);
  const [date, setDate] = useState<string | undefined>(record.assignedDate ?? record.inspectionDate);
  const [error, setError] = useState<string | null>(null);
  const today = businessToday();
  const schedule = useBookingSchedule(today, plusDays(today, 30));
  const save = useEditInspectionBooking();
  const loadOf = (id: string) =>
    schedule.data?.inspectors.find((i) => i.inspector.id === id)?.days.find((d) => d.date === date)?.manDays;
  const options = (schedule.data?.inspectors ?? []).map(({ inspector }) => {
    const load = loadOf(inspector.id);
    return {
      value: inspector.id,
      label: `${userDisplayName(inspector, language)}${load ? ` · ${load}` : ''}`,
    };
  });
  const send = async () => {
    if (!inspectorId || !date) return;
    setError(null);
    try {
      await withWarnings((confirm) =>
        save.mutateAsync({
          id: record.id,
          version: record.version,
          inspectorId,
          assignedDate: date,
          confirm,
        }),
      );
      guard.settle();
      notify('success', t('inspection-booking.assignDone'));
      onClose();
    } catch (caught) {
      if (!(caught instanceof WarningsDeclined)) setError(errorMessage(caught));
    }
  };
  return (
    <GuardedModal
      open
      guard={guard}
      title={t('inspection-booking.assignTitle', { no: record.bookingNo })}
      okText={t('inspection-booking.assign')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !inspectorId || !date }}
      confirmLoading={save.isPending}
      onOk={() => void send()}
      onCancel={() => {
        guard.settle();
        onClose();
      }}
    >
      {holder}
      <Flex vertical gap={8}>
        <Form layout="vertical">
          <Form.Item label={t('inspection-booking.inspector')} htmlFor="inspection-booking-assign-inspector">
            <Select
              id="inspection-booking-assign-inspector"
              showSearch
              optionFilterProp="label"
              placeholder={t('inspection-booking.pickInspector')}
              value={inspectorId}
              options={options}
              loading={schedule.isPending}
              onChange={(v) => {
                guard.change();
                setInspector(v);
              }}
              data-testid="inspection-booking-assign-inspector"
            />
          </Form.Item>
          <Form.Item label={t('inspection-booking.assignedDate')} htmlFor="inspection-booking-assign-date">
            <DateField
              id="inspection-booking-assign-date"
              style={{ width: '100%' }}
              value={date ?? null}
              onChange={(v) => {
                guard.change();
                setDate(v);
              }}
            />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Flex>
    </GuardedModal>
  );
}
