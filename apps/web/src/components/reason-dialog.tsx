/**
 * The one dialog that asks a reason before a transition (send back, retest, invalidate, waive): a
 * required text, the action's button, and a hint above when the action needs one. It is a
 * GuardedModal, so a typed reason is not lost by a click beside it; a refused write keeps it open
 * (the refusal is the client's toast).
 */
import { Alert, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { GuardedModal } from './guarded-modal';

export interface ReasonTexts {
  title: string;
  /** The reason field's label. */
  label: string;
  /** The OK button; the action's own label. */
  okText: string;
  /** Shown above the field (what the action will do). */
  hint?: ReactNode;
  /** Test ids: the text area `<testId>`, the OK button `<testId>-ok`. */
  testId?: string;
}

export function ReasonDialog({
  texts,
  danger = false,
  pending = false,
  onSubmit,
  onClose,
}: {
  texts: ReasonTexts;
  danger?: boolean;
  pending?: boolean;
  /** The write; resolves when done (the dialog then closes), rejects when refused (it stays). */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const { testId } = texts;
  return (
    <GuardedModal
      open
      title={texts.title}
      okText={texts.okText}
      okButtonProps={{ danger, loading: pending, ...(testId ? { 'data-testid': `${testId}-ok` } : {}) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {texts.hint ? <Alert type="info" showIcon title={texts.hint} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit(values.reason.trim()).then(onClose, () => {
            // Refused: the client toasted it; the reason stays for another try.
          })
        }
      >
        <Form.Item name="reason" label={texts.label} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={500}
            showCount
            {...(testId ? { 'data-testid': testId } : {})}
          />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
