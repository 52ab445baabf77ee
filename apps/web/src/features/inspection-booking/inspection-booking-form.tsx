import { createInspectionBooking } from '@qcdesk/contract/inspection-booking';
import { useMutation } from '@tanstack/react-query';
import { Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error';
import { useSession } from '../../api/session';
import { ConfigSelect, useConfigRows } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { searchClientOptions } from '../../components/pickers';
import { rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { ClientAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import {
  type InspectionBookingDetail,
  useBookingProducts,
  useCreateInspectionBooking,
  useEditInspectionBooking,
} from './api';
import { ExtraField, ProductRows } from './inspection-booking-form-fields';
import {
  type BookingFieldDef,
  type BookingFormValues,
  bookingFormValues,
  createBookingInput,
  updateBookingInput,
} from './inspection-booking-form-values';

const input = createInspectionBooking.input;

/** An edit saves the fields, then the product lines at the new version. */
function useSaveBooking(record: InspectionBookingDetail | undefined) {
  const edit = useEditInspectionBooking();
  const products = useBookingProducts();
  return useMutation<unknown, ApiError, ReturnType<typeof updateBookingInput>>({
    mutationFn: async ({ products: lines, ...fields }) => {
      const saved = await edit.mutateAsync(fields);
      const version = saved.result?.version ?? record?.version ?? 0;
      return products.mutateAsync({ id: fields.id, version, products: lines });
    },
  });
}

/**
 * Book an inspection or modify a booking (one form). An external client books for its own client
 * (no client field); sales and QC pick the client. The booking type's field definitions add their
 * fields; the server checks them again (E_BK_EXTRA). Usable at 375 px: one column on a phone.
 */
export function InspectionBookingForm(props: RecordFormProps<InspectionBookingDetail>) {
  const { t } = useTranslation();
  const session = useSession();
  const booking = props.record;
  const externalClient = session?.roles.includes('role:CLIENT') ?? false;
  const kit = useRecordForm({
    props,
    create: useCreateInspectionBooking(),
    update: useSaveBooking(booking),
    toCreate: createBookingInput,
    toUpdate: updateBookingInput,
  });
  const types = useConfigRows('bookingtype');
  const typeId = Form.useWatch('bookingTypeId', kit.form) ?? booking?.bookingType.id;
  const defs = (types.data?.list.find((row) => String(row.id) === typeId)?.fields ?? []) as BookingFieldDef[];
  const rules = (field: keyof BookingFormValues & keyof typeof input.shape, label: string) =>
    rulesFrom(input, field, { label });
  return (
    <RecordForm<BookingFormValues>
      kit={kit}
      testId="inspection-booking"
      initialValues={bookingFormValues(booking)}
      onCancel={props.onCancel}
      submitText={t('inspection-booking.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="bookingTypeId"
            label={t('inspection-booking.bookingType')}
            rules={rules('bookingTypeId', t('inspection-booking.bookingType'))}
          >
            <ConfigSelect<string> list="bookingtype" known={booking ? [booking.bookingType] : undefined} />
          </Form.Item>
        </Col>
        {externalClient || booking ? null : (
          <Col xs={24} md={12}>
            <Form.Item
              name="client"
              label={t('inspection-booking.client')}
              rules={[{ required: true, message: t('inspection-booking.client') }]}
            >
              <ClientAutoComplete<RemoteOption> search={searchClientOptions} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            name="factoryId"
            label={t('inspection-booking.factory')}
            rules={rules('factoryId', t('inspection-booking.factory'))}
          >
            <ConfigSelect<string> list="factory" known={booking ? [booking.factory] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="inspectionDate"
            label={t('inspection-booking.inspectionDate')}
            rules={rules('inspectionDate', t('inspection-booking.inspectionDate'))}
          >
            <DateField style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactName"
            label={t('inspection-booking.contactName')}
            rules={rules('contactName', t('inspection-booking.contactName'))}
          >
            <Input autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactPhone"
            label={t('inspection-booking.contactPhone')}
            rules={rules('contactPhone', t('inspection-booking.contactPhone'))}
          >
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
        {defs.length > 0 ? (
          <Col span={24}>
            <Typography.Title level={5}>{t('inspection-booking.extra')}</Typography.Title>
          </Col>
        ) : null}
        {defs.map((def) => (
          <ExtraField key={def.key} def={def} />
        ))}
        <Col span={24}>
          <Typography.Title level={5}>{t('inspection-booking.products')}</Typography.Title>
          <ProductRows />
        </Col>
        <Col span={24} style={{ marginTop: 16 }}>
          <Form.Item name="remark" label={t('inspection-booking.remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </RecordForm>
  );
}
