/**
 * A small form in a dialog for one write on an order (a product line, the requirements, product
 * types, the QC): the server's refusal marks its field or shows above the fields; a stale version
 * (E_VERSION) says so, reloads the order and closes. A changed form asks before the page is left or
 * the dialog is closed by its ×, Escape or the mask.
 * Test ids: `<testId>` (the dialog), `<testId>-save`.
 */

import { Alert, Button, Flex, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { markFieldError, type RecordMutation } from '../../components/record/use-record-form';
import { useIsPhone } from '../../components/use-is-phone';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { useInvalidateOrder } from './api';

export interface DialogFormProps<V, I> {
  open: boolean;
  title: string;
  testId: string;
  initialValues: V;
  /** Nothing to send (the values did not change): closes without a call. */
  toInput: (values: V) => I | null;
  save: RecordMutation<I, unknown>;
  doneText: string;
  onClose: () => void;
  /** The dialog's width beside phones (full width there); 760 by default. */
  width?: number;
  /** Input field → form field where they differ. */
  fieldOf?: Record<string, string>;
  /** Buttons beside Cancel and Save (copy from the client), sending their own input. */
  extra?: (send: (input: I) => void) => ReactNode;
  children: ReactNode;
}

export function OrderDialogForm<V extends object, I>(props: DialogFormProps<V, I>) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [form] = Form.useForm<V>();
  const guard = useLeaveGuard();
  const reload = useInvalidateOrder();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    guard.settle();
    setRefusal(null);
    props.save.reset();
    props.onClose();
  };
  const submit = (values: V) => {
    const input = props.toInput(values);
    if (input === null) return close();
    send(input);
  };
  const send = (input: I) => {
    setRefusal(null);
    props.save.mutate(input, {
      onSuccess: () => {
        notify('success', props.doneText);
        close();
      },
      onError: (error: ApiError) => {
        if (error.reason === 'E_VERSION') {
          notify('warning', error.message);
          reload();
          close();
          return;
        }
        if (!markFieldError(form, error, props.fieldOf)) setRefusal(error.message);
      },
    });
  };
  return (
    <GuardedModal
      guard={guard}
      open={props.open}
      title={props.title}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={phone ? '100%' : (props.width ?? 760)}
      data-testid={props.testId}
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={props.initialValues}
        onFinish={submit}
        onValuesChange={guard.change}
        scrollToFirstError
      >
        {refusal ? (
          <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />
        ) : null}
        {props.children}
        <Flex gap={8} justify="flex-end" wrap>
          {props.extra?.(send)}
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={props.save.isPending}
            data-testid={`${props.testId}-save`}
          >
            {t('common.save')}
          </Button>
        </Flex>
      </Form>
    </GuardedModal>
  );
}
