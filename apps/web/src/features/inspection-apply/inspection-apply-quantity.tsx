import { Alert, Checkbox, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { NumberField } from '../../components/number-field';
import { type InspectionApplyDetail, useUpdateInspectionApplyQuantity } from './api';

interface QuantityValues {
  quantities: Record<string, number | null>;
  split: boolean;
}

/** `updateqnty`'s items: every item with its (new) quantity, by order product. */
export function quantityItems(record: InspectionApplyDetail, quantities: QuantityValues['quantities']) {
  return record.items.map((item) => ({
    orderProductId: item.orderProductId,
    applyQuantity: quantities[item.id] ?? item.applyQuantity,
  }));
}

/**
 * Modify quantity (spec §2 "modify quantity", `inspection/apply/updateqnty`): each item's quantity
 * (≥ 1; above the open quantity the server refuses with E_QTY_EXCEEDS, shown here); with "split" a
 * lowered quantity's rest goes to a new draft application (reason SPLIT), which may not be raised.
 */
export function InspectionApplyQuantity({
  record,
  onClose,
}: {
  record: InspectionApplyDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuantityValues>();
  const write = useUpdateInspectionApplyQuantity();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (values: QuantityValues) => {
    setRefusal(null);
    try {
      const answer = await write.mutateAsync({
        id: record.id,
        version: record.version,
        items: quantityItems(record, values.quantities),
        split: values.split,
      });
      notify(
        'success',
        answer.split
          ? t('inspection-apply.splitDone', { no: answer.split.applyNo })
          : t('inspection-apply.quantityDone'),
      );
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
      else throw error;
    }
  };
  const initial = Object.fromEntries(record.items.map((i) => [i.id, i.applyQuantity]));
  return (
    <GuardedModal
      open
      title={t('inspection-apply.quantityTitle', { no: record.applyNo })}
      okText={t('inspection-apply.quantitySave')}
      okButtonProps={{ loading: write.isPending, ...{ 'data-testid': 'inspection-apply-qty-ok' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ quantities: initial, split: false }}
        onFinish={(values) => void save(values)}
      >
        {refusal ? (
          <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 12 }} />
        ) : null}
        <Flex vertical gap={4} data-form-lines="">
          {record.items.map((item) => (
            <Form.Item
              key={item.id}
              name={['quantities', item.id]}
              label={`${item.productNo} · ${item.itemNo} | ${item.name}`}
              extra={`${t('inspection-apply.productQuantity')} ${item.quantity.toLocaleString()}`}
              rules={[
                { required: true },
                { type: 'number', min: 1, max: 9_999_999 },
                {
                  // A split only lowers: the rest goes to the new draft.
                  validator: (_rule, value: number | null) =>
                    form.getFieldValue('split') && typeof value === 'number' && value > item.applyQuantity
                      ? Promise.reject(new Error(t('inspection-apply.splitLower', { n: item.applyQuantity })))
                      : Promise.resolve(),
                },
              ]}
            >
              <NumberField
                style={{ maxWidth: 160 }}
                aria-label={`${t('inspection-apply.applyQuantity')} ${item.productNo}`}
                data-testid="inspection-apply-qty"
              />
            </Form.Item>
          ))}
        </Flex>
        <Form.Item name="split" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox data-testid="inspection-apply-split">{t('inspection-apply.splitLabel')}</Checkbox>
        </Form.Item>
        <Typography.Text type="secondary">{t('inspection-apply.splitHint')}</Typography.Text>
      </Form>
    </GuardedModal>
  );
}
