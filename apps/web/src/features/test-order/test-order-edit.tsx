import { TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { Button, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { NumberField, useNumberRule } from '../../components/number-field';
import { markFieldError } from '../../components/record/use-record-form';
import { enumOptions } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type TestOrderDetail, type UpdateTestOrderInput, useUpdateTestOrder } from './api';
import { TestOrderFileField } from './test-order-file';
import { LabContactSelect } from './test-order-lab-contact';

type Field =
  | 'labId'
  | 'labContactId'
  | 'testTypeId'
  | 'planTime'
  | 'hopeTime'
  | 'receiveTime'
  | 'sampleProvided'
  | 'paid'
  | 'invoice'
  | 'invoiceFileId'
  | 'quotation'
  | 'quotationFileId'
  | 'discount';

/** Who changes which field in which status (DOMAIN.md §5.2; the server's test-order.rules.ts). */
const RULES: Record<Field, [string, readonly number[]][]> = {
  labId: [['test.create', [10]]],
  labContactId: [['test.create', [10]]],
  testTypeId: [['test.create', [10]]],
  planTime: [['test.create', [10]]],
  hopeTime: [
    ['test.create', [10]],
    ['test.edit', [20, 30]],
  ],
  receiveTime: [['test.edit', [20, 30]]],
  sampleProvided: [
    ['test.create', [10]],
    ['test.edit', [20, 30]],
  ],
  paid: [['test.finance', [10, 20, 30, 40, 50]]],
  invoice: [['test.finance', [10, 20, 30, 40, 50]]],
  invoiceFileId: [['test.finance', [10, 20, 30, 40, 50]]],
  quotation: [['test.finance', [10, 20, 30, 40, 50]]],
  quotationFileId: [['test.finance', [10, 20, 30, 40, 50]]],
  discount: [['test.finance', [10, 20, 30, 40, 50]]],
};

const valuesOf = (o: TestOrderDetail) => ({
  labId: o.lab.id,
  labContactId: o.labContact?.id ?? null,
  testTypeId: o.testType.id,
  planTime: o.planTime,
  hopeTime: o.hopeTime,
  receiveTime: o.receiveTime,
  sampleProvided: o.sampleProvided,
  paid: o.paid,
  invoice: o.invoice,
  invoiceFileId: o.invoiceFile?.id ?? null,
  quotation: o.quotation,
  quotationFileId: o.quotationFile?.id ?? null,
  discount: Number(o.discount),
});
type Values = ReturnType<typeof valuesOf>;

/** The fields of a test order the caller may change now, in a dialog; only changed fields are sent. */
export function TestOrderEdit({ order, modify }: { order: TestOrderDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const labId = Form.useWatch('labId', form);
  const update = useUpdateTestOrder();
  const discountRule = useNumberRule({ min: 0, max: 100, precision: 2 });
  const may = (f: Field) =>
    RULES[f].some(
      ([permission, statuses]) => statuses.includes(order.status) && hasPermission(session, permission),
    );
  const fields = (Object.keys(RULES) as Field[]).filter(may);
  if (!modify || fields.length === 0) return null;
  const labels: Record<Field, string> = {
    labId: t('test-order.labId'),
    labContactId: t('test-order.labContact'),
    testTypeId: t('test-order.testTypeId'),
    planTime: t('test-order.planTime'),
    hopeTime: t('test-order.hopeTime'),
    receiveTime: t('test-order.receiveTime'),
    sampleProvided: t('test-order.sampleProvided'),
    paid: t('test-order.paid'),
    invoice: t('test-order.invoice'),
    invoiceFileId: t('test-order.invoiceFile'),
    quotation: t('test-order.quotation'),
    quotationFileId: t('test-order.quotationFile'),
    discount: t('test-order.discount'),
  };
  const label = (f: Field) => labels[f];
  const save = (values: Values) => {
    const before = valuesOf(order);
    const changed = Object.fromEntries(
      fields
        .filter((f) => values[f] !== undefined && values[f] !== before[f])
        .map((f) => [f, values[f] ?? null]),
    );
    if (Object.keys(changed).length === 0) return setOpen(false);
    update.mutate({ id: order.id, version: order.version, ...changed } as UpdateTestOrderInput, {
      onSuccess: () => {
        setOpen(false);
        notify('success', t('common.saved'));
      },
      onError: (error) => {
        if (!markFieldError(form, error)) notify('error', error.message);
      },
    });
  };
  const item = (f: Field) => {
    if (f === 'labId')
      return <ConfigSelect<string | null> list="lab" known={[order.lab]} aria-label={label(f)} />;
    if (f === 'labContactId')
      return <LabContactSelect labId={labId ?? order.lab.id} known={order.labContact} />;
    if (f === 'quotationFileId' || f === 'invoiceFileId')
      return (
        <TestOrderFileField
          current={f === 'quotationFileId' ? order.quotationFile : order.invoiceFile}
          testId={f === 'quotationFileId' ? 'test-order-quotation-file' : 'test-order-invoice-file'}
        />
      );
    if (f === 'testTypeId')
      return <ConfigSelect<string | null> list="testtype" known={[order.testType]} aria-label={label(f)} />;
    if (f === 'planTime' || f === 'hopeTime' || f === 'receiveTime')
      return <DateField style={{ width: '100%' }} aria-label={label(f)} />;
    if (f === 'sampleProvided')
      return <Select aria-label={label(f)} options={enumOptions('ProvidedFlag', language)} />;
    if (f === 'paid') return <Switch aria-label={label(f)} />;
    if (f === 'discount') return <NumberField precision={2} suffix="%" aria-label={label(f)} />;
    return <Input maxLength={60} aria-label={label(f)} />;
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="test-order-edit">
        {t('common.edit')}
      </Button>
      <GuardedModal
        open={open}
        title={t('test-order.editTitle', { no: order.testOrderNo })}
        okText={t('common.save')}
        okButtonProps={{ loading: update.isPending, htmlType: 'submit', form: 'test-order-edit' }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<Values>
          id="test-order-edit"
          form={form}
          layout="vertical"
          initialValues={valuesOf(order)}
          // Another lab's contacts: the server takes the new lab's CS contact unless one is picked.
          onValuesChange={(changed: Partial<Values>) => {
            if ('labId' in changed) form.setFieldValue('labContactId', undefined);
          }}
          onFinish={save}
        >
          {fields.map((f) => (
            <Form.Item
              key={f}
              name={f}
              label={label(f)}
              valuePropName={f === 'paid' ? 'checked' : 'value'}
              rules={f === 'discount' ? [discountRule] : undefined}
              extra={
                f === 'receiveTime' && order.status === TEST_ORDER_STATUS.submitted
                  ? t('test-order.receiveHint')
                  : undefined
              }
            >
              {item(f)}
            </Form.Item>
          ))}
        </Form>
      </GuardedModal>
    </>
  );
}
