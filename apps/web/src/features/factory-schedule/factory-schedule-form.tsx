import { SCHEDULE_TYPE } from '@qcdesk/contract/factory-schedule';
import { Alert, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { DrawerFormButtons, FormDrawer } from '../../components/form-drawer';
import { notify } from '../../components/notify';
import { NumberField } from '../../components/number-field';
import { enumOptions } from '../../components/ref-labels';
import { RemoteAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import { type FactoryScheduleRow, searchScheduleProducts, useCreateSchedule, useUpdateSchedule } from './api';

interface ScheduleValues {
  factoryId: string;
  type: number;
  startDate: string;
  endDate: string;
  product?: RemoteOption | null;
  quantity?: number | null;
  remark?: string;
}

const initialOf = (row: FactoryScheduleRow | null): Partial<ScheduleValues> =>
  row
    ? {
        factoryId: row.factory.id,
        type: row.type,
        startDate: row.startDate,
        endDate: row.endDate,
        product: row.orderProduct
          ? {
              value: row.orderProduct.id,
              label: `${row.orderProduct.productNo} · ${row.orderProduct.orderNo}`,
            }
          : null,
        quantity: row.quantity,
        remark: row.remark ?? '',
      }
    : { type: SCHEDULE_TYPE.production };

/**
 * A schedule row in a drawer (`config/factory/schedule/create`, `/update`): factory, type, dates,
 * for a run its order product (of that factory) and quantity; a closure has no product. Refusals
 * (E_DATE_RANGE, E_REF_NOT_FOUND, E_VERSION) show in the drawer.
 */
export function FactoryScheduleForm({
  open,
  row,
  onClose,
}: {
  open: boolean;
  /** The row to modify; null creates one. */
  row: FactoryScheduleRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<ScheduleValues>();
  const create = useCreateSchedule();
  const update = useUpdateSchedule({ silent: true });
  const [refusal, setRefusal] = useState<string | null>(null);
  const type = Form.useWatch('type', form);
  const closure = type === SCHEDULE_TYPE.closure;
  const save = async (values: ScheduleValues) => {
    setRefusal(null);
    const fields = {
      type: values.type,
      startDate: values.startDate,
      endDate: values.endDate,
      orderProductId: closure ? null : (values.product?.value ?? null),
      quantity: closure ? null : (values.quantity ?? null),
      remark: values.remark?.trim() || null,
    };
    try {
      if (row) await update.mutateAsync({ id: row.id, version: row.version, ...fields });
      else await create.mutateAsync({ factoryId: values.factoryId, ...fields });
      notify('success', t('factory-schedule.createdDone'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
      else throw error;
    }
  };
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={row ? t('factory-schedule.editTitle') : t('factory-schedule.createTitle')}
      testId="factory-schedule-form"
    >
      <Form form={form} layout="vertical" initialValues={initialOf(row)} onFinish={(v) => void save(v)}>
        {refusal ? (
          <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 12 }} />
        ) : null}
        <Form.Item name="factoryId" label={t('factory-schedule.factory')} rules={[{ required: true }]}>
          <ConfigSelect<string | null> list="factory" disabled={Boolean(row)} />
        </Form.Item>
        <Form.Item name="type" label={t('factory-schedule.type')} rules={[{ required: true }]}>
          <Select options={enumOptions('ScheduleType', language)} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="startDate" label={t('factory-schedule.startDate')} rules={[{ required: true }]}>
            <DateField />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={t('factory-schedule.endDate')}
            dependencies={['startDate']}
            rules={[
              { required: true },
              ({ getFieldValue }) => ({
                validator: (_r, value: string | undefined) =>
                  !value || !getFieldValue('startDate') || value >= getFieldValue('startDate')
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(`${t('factory-schedule.endDate')} ≥ ${t('factory-schedule.startDate')}`),
                      ),
              }),
            ]}
          >
            <DateField />
          </Form.Item>
        </Flex>
        {closure ? null : (
          <>
            <Form.Item
              name="product"
              label={t('factory-schedule.product')}
              extra={t('factory-schedule.productHint')}
              rules={[{ required: true }]}
            >
              <RemoteAutoComplete search={searchScheduleProducts} />
            </Form.Item>
            <Form.Item name="quantity" label={t('factory-schedule.quantity')}>
              <NumberField style={{ maxWidth: 160 }} />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label={t('factory-schedule.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
        </Form.Item>
        <DrawerFormButtons
          onCancel={onClose}
          cancelText={t('common.cancel')}
          submitText={t('factory-schedule.save')}
          pending={create.isPending || update.isPending}
          submitTestId="factory-schedule-save"
        />
      </Form>
    </FormDrawer>
  );
}
