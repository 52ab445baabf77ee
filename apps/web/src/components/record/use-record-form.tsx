/**
 * The plumbing every create-or-edit form shares (STYLE.md: one form for both): submit answers the
 * create input or, for a loaded record, an update carrying only what changed (nothing changed: done
 * without a call); a stale version (E_VERSION) says so and reloads the record; a refusal about one
 * field marks that field (under the form's name for it when the input calls it otherwise). A changed
 * form asks before the page is left (use-leave-guard), until it is saved or cancelled.
 */
import { Alert, Button, Flex, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../api/api-error';
import { notify } from '../notify';
import { type LeaveGuard, useLeaveGuard } from '../use-leave-guard';

/** The slice of a TanStack mutation the kit drives. */
export interface RecordMutation<I, O> {
  mutate: (
    input: I,
    options?: { onSuccess?: (data: O) => void; onError?: (error: ApiError) => void },
  ) => void;
  isPending: boolean;
  isError: boolean;
  error: ApiError | null;
  reset: () => void;
}

/** What a record page hands its form. */
export interface RecordFormProps<R> {
  record?: R;
  onDone: (id: string) => void;
  onCancel: () => void;
  /** The record changed under the form: the page reloads it. */
  onStale?: () => void;
}

/** Whether an update input carries anything besides id and version. */
export const hasChanges = (input: object) =>
  Object.keys(input).some((key) => key !== 'id' && key !== 'version');

/**
 * The form path of a field the server names; a row of a list comes as `products.1.quantity`
 * (`['products', 1, 'quantity']`).
 */
export const formPath = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Marks the field a refusal names; answers whether it did. */
export function markFieldError(form: FormInstance, error: ApiError, fieldOf: Record<string, string> = {}) {
  const field = error.field ? (fieldOf[error.field] ?? error.field) : undefined;
  if (!field) return false;
  const path = formPath(field);
  // A field of a list row has no instance of its own to find; its row must exist.
  const known =
    form.getFieldInstance(path) || (path.length > 2 && form.getFieldValue(path.slice(0, -1)) !== undefined);
  if (!known) return false;
  form.setFields([{ name: path, errors: [error.message] }]);
  return true;
}

export interface RecordFormOptions<V, R extends { id: string }, C, U extends object, Created> {
  props: RecordFormProps<R>;
  create: RecordMutation<C, Created>;
  update: RecordMutation<U, unknown>;
  toCreate: (values: V) => C;
  toUpdate: (record: R, values: V) => U;
  /** Input field → form field where they differ (`materialId` → `material`). */
  fieldOf?: Record<string, string>;
  /** Runs after the create succeeded (a client's first test requirements); calls `done` when finished. */
  afterCreate?: (created: Created & { id: string }, values: V, done: () => void) => void;
}

export function useRecordForm<
  V,
  R extends { id: string },
  C,
  U extends object,
  Created extends { id: string },
>(options: RecordFormOptions<V, R, C, U, Created>) {
  const { props, create, update, fieldOf } = options;
  const [form] = Form.useForm<V>();
  const guard = useLeaveGuard();
  const record = props.record;
  const mutation = record ? update : create;

  const refused = (error: ApiError) => {
    if (!isApiError(error)) return;
    if (error.reason === 'E_VERSION') {
      notify('warning', error.message);
      props.onStale?.();
      return;
    }
    markFieldError(form, error, fieldOf);
  };

  const submit = (values: V) => {
    if (record) {
      const input = options.toUpdate(record, values);
      if (!hasChanges(input)) {
        guard.settle();
        props.onDone(record.id);
        return;
      }
      update.mutate(input, {
        onSuccess: () => {
          guard.settle();
          props.onDone(record.id);
        },
        onError: refused,
      });
      return;
    }
    create.mutate(options.toCreate(values), {
      onError: refused,
      onSuccess: (created) => {
        // The record exists now: going on to it must not ask about the input it was made from.
        guard.settle();
        if (options.afterCreate) options.afterCreate(created, values, () => props.onDone(created.id));
        else props.onDone(created.id);
      },
    });
  };

  return { form, submit, mutation, editing: Boolean(record), guard };
}

/**
 * The form around a record's fields: the server's refusal on top, Cancel and Save (Create on a new
 * record) below. Test ids are `<testId>-form` and `<testId>-save`.
 */
export function RecordForm<V>({
  kit,
  testId,
  initialValues,
  onCancel,
  submitText,
  pending,
  children,
}: {
  kit: {
    form: FormInstance<V>;
    submit: (values: V) => void;
    mutation: RecordMutation<never, unknown>;
    editing: boolean;
    guard: LeaveGuard;
  };
  testId: string;
  initialValues: Partial<V>;
  onCancel: () => void;
  /** The create button's text ("Create material"); an edit saves. */
  submitText: string;
  /** Pending beyond the form's own call (work after the create). */
  pending?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { mutation, guard } = kit;
  return (
    <Form<V>
      form={kit.form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={kit.submit}
      onValuesChange={guard.change}
      scrollToFirstError
      data-testid={`${testId}-form`}
    >
      {mutation.isError && mutation.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={mutation.error.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {children}
      <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 8 }}>
        <Button
          onClick={() => {
            guard.settle();
            onCancel();
          }}
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending || pending}
          data-testid={`${testId}-save`}
        >
          {kit.editing ? t('common.save') : submitText}
        </Button>
      </Flex>
    </Form>
  );
}
