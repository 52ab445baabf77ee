/**
 * A card of a record's child rows (a client's test requirements, a sample's parts, a standard's
 * tests): read-only until Modify, then one form for the whole list, saved as a set with the parent's
 * version. A stale version says so, reloads and closes the form; other refusals stay above it.
 * A changed form asks before the page is left (use-leave-guard).
 * Test ids: `<testId>`, `<testId>-edit`, `<testId>-form`, `<testId>-save`.
 */
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, type FormInstance, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error';
import { notify } from '../notify';
import { useLeaveGuard } from '../use-leave-guard';
import { subheading } from './record-card';
import type { RecordMutation } from './use-record-form';

export function ChildRowsCard<V extends object, I>({
  testId,
  title,
  intro,
  editLabel,
  savedText,
  canEdit,
  loading,
  loadError,
  initialValues,
  toInput,
  save,
  onStale,
  fields,
  children,
}: {
  testId: string;
  title: string;
  /** Shown above the rows and the form alike. */
  intro?: ReactNode;
  editLabel: string;
  savedText: string;
  canEdit: boolean;
  loading?: boolean;
  /** The rows could not be loaded: the title of the warning, and the server's message. */
  loadError?: { title: string; message: string } | null;
  /** The form's values, read when Modify opens it. */
  initialValues: () => V;
  toInput: (values: V) => I;
  save: RecordMutation<I, unknown>;
  onStale: () => void;
  fields: (form: FormInstance<V>) => ReactNode;
  /** The rows as read. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<V>();
  const guard = useLeaveGuard();
  const close = () => {
    guard.settle();
    setEditing(false);
  };

  const submit = (values: V) =>
    save.mutate(toInput(values), {
      onSuccess: () => {
        notify('success', savedText);
        close();
      },
      onError: (error: ApiError) => {
        if (error.reason !== 'E_VERSION') return;
        notify('warning', error.message);
        onStale();
        close();
      },
    });

  let body: ReactNode = children;
  if (loading) body = <Skeleton active />;
  else if (loadError)
    body = <Alert type="error" showIcon title={loadError.title} description={loadError.message} />;
  else if (editing) {
    body = (
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues()}
        onFinish={submit}
        onValuesChange={guard.change}
        data-testid={`${testId}-form`}
        // A list of rows: saved by its button, never by Enter in one row (components/form-enter-key.ts).
        data-form-lines=""
      >
        {save.isError && save.error && save.error.reason !== 'E_VERSION' ? (
          <Alert type="error" showIcon role="alert" title={save.error.message} style={{ marginBottom: 16 }} />
        ) : null}
        {fields(form)}
        <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`${testId}-save`}>
            {t('common.save')}
          </Button>
        </Flex>
      </Form>
    );
  }

  return (
    <Card
      title={<h2 style={subheading}>{title}</h2>}
      extra={
        canEdit && !editing && !loading && !loadError ? (
          <Button
            icon={<EditOutlined />}
            onClick={() => {
              save.reset();
              setEditing(true);
            }}
            data-testid={`${testId}-edit`}
          >
            {editLabel}
          </Button>
        ) : null
      }
      data-testid={testId}
    >
      {intro}
      {body}
    </Card>
  );
}
