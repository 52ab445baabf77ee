import { APPLY_TYPE } from '@qcdesk/contract/inspection-apply';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { FormDrawer } from '../../components/form-drawer';
import { useDialogGuard } from '../../components/guarded-modal';
import { isWarningsDeclined, useWarningsConfirm } from '../../components/warnings-confirm';
import { useInspectionApplyCart } from '../../lib/carts';
import { type InspectionApplyDetail, useCartProducts, useCreateInspectionApply } from './api';
import { CartProducts, Created } from './inspection-apply-cart-products';
import { type CartValues, cartInput, factoryCount } from './inspection-apply-cart-values';
import { ApplyFields } from './inspection-apply-edit';

/**
 * The inspection cart (spec §4): the products of one order (E_CART_ORDER), their open quantities for
 * the chosen inspection type, and the application's fields; create splits the cart by factory into
 * one application each (optionally submitted at once, with the warnings confirm) and links them.
 */
export function InspectionApplyCart({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={t('inspection-apply.cart.title')}
      testId="inspection-apply-cart"
    >
      <CartBody onClose={onClose} />
    </FormDrawer>
  );
}

function CartBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const guard = useDialogGuard();
  const cart = useInspectionApplyCart();
  const [form] = Form.useForm<CartValues>();
  const typeId = Form.useWatch('inspectionTypeId', form) ?? undefined;
  const ids = cart.items.map((i) => i.id);
  const products = useCartProducts(ids, typeId);
  const create = useCreateInspectionApply();
  const [withWarnings, holder] = useWarningsConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [created, setCreated] = useState<readonly InspectionApplyDetail[] | null>(null);
  const list = products.data?.list ?? [];
  const save = async (values: CartValues, submit: boolean) => {
    setRefusal(null);
    try {
      const answer = await withWarnings((confirm) =>
        create.mutateAsync({ ...cartInput(values, list, submit), confirm }),
      );
      guard?.settle();
      cart.clear();
      setCreated(answer.list);
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
      else if (!isWarningsDeclined(error)) throw error;
    }
  };
  const submitWith = (submit: boolean) => () =>
    void form.validateFields().then(
      (v) => save(v, submit),
      () => undefined,
    );
  const orderNo = cart.items[0]?.orderNo ?? list[0]?.order.orderNo ?? '';
  return (
    <>
      {holder}
      {created ? (
        <Created list={created} onClose={onClose} />
      ) : ids.length === 0 ? (
        <Alert type="info" showIcon title={t('inspection-apply.cart.empty')} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ applyType: APPLY_TYPE.normal }}>
          <Flex vertical gap={12}>
            <Alert
              type="info"
              showIcon
              title={t('inspection-apply.cart.oneOrder', { orderNo })}
              description={t('inspection-apply.cart.splitsHint')}
            />
            {products.isError ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={t('inspection-apply.cart.loadFailed')}
                description={products.error.message}
              />
            ) : null}
            {refusal ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={refusal}
                data-testid="inspection-apply-cart-refusal"
              />
            ) : null}
            <ApplyFields />
            <Typography.Text type="secondary">
              {t('inspection-apply.cart.factories', { n: factoryCount(list) })}
            </Typography.Text>
            <CartProducts products={list} onRemove={(id) => cart.remove(id)} />
            <Form.Item name="remark" label={t('inspection-apply.remark')}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
            </Form.Item>
            <Flex gap={8} wrap justify="space-between" style={{ paddingBottom: 16 }}>
              <Button danger onClick={() => cart.clear()}>
                {t('inspection-apply.cart.clear')}
              </Button>
              <Flex gap={8} wrap>
                <Button
                  loading={create.isPending}
                  onClick={submitWith(false)}
                  data-testid="inspection-apply-cart-create"
                >
                  {t('inspection-apply.cart.create')}
                </Button>
                <Button
                  type="primary"
                  loading={create.isPending}
                  onClick={submitWith(true)}
                  data-testid="inspection-apply-cart-submit"
                >
                  {t('inspection-apply.cart.createAndSubmit')}
                </Button>
              </Flex>
            </Flex>
          </Flex>
        </Form>
      )}
    </>
  );
}
