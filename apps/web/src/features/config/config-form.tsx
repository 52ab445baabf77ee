import type { ConfigRow } from '@qcdesk/contract/config';
import { type ConfigListDef, configFieldLabel, type FieldDef } from '@qcdesk/contract/config-lists';
import { Alert, Col, Form, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { DrawerFormButtons } from '../../components/form-drawer';
import { notify } from '../../components/notify';
import { numberProblem } from '../../components/number-field';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { languageOf, useWidgetsTranslation } from '../../components/widgets-i18n';
import { fetchRow, useCreateRow, useUpdateRow } from './api';
import { ConfigFieldInput } from './config-field-input';
import {
  checkValue,
  createValues,
  type FormValues,
  formFieldOf,
  formRows,
  problemText,
  rowOfPath,
  rowValues,
  toCreateInput,
  toUpdateInput,
  widgetOf,
} from './config-fields';

export interface ConfigFormProps {
  list: ConfigListDef;
  /** The row to modify; absent for a new one. */
  row?: ConfigRow;
  onDone: (row: ConfigRow) => void;
  onCancel: () => void;
  /** The row as it is now, after a refusal said someone else changed it (E_VERSION), and why. */
  onReloaded?: (row: ConfigRow, notice: string) => void;
  /** A message to show when the form opens (the E_VERSION refusal that reloaded it). */
  notice?: string | undefined;
}

/**
 * Create or modify a row of any list: one form, generated from the registry (STYLE.md: one form
 * for create and edit). Enter submits; a refusal about one field marks that field, a json field's
 * refusal names the child row.
 */
export function ConfigForm({ list, row, onDone: done, onCancel, onReloaded, notice }: ConfigFormProps) {
  const { t, i18n } = useTranslation();
  const { t: widgetsT } = useWidgetsTranslation();
  const language = languageOf(i18n.language);
  const [form] = Form.useForm<FormValues>();
  const create = useCreateRow(list.name);
  const update = useUpdateRow(list.name);
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const rows = useMemo(() => formRows(list), [list]);
  const initialValues = useMemo(() => (row ? rowValues(list, row) : createValues(list)), [list, row]);
  const pending = create.isPending || update.isPending;
  // Saved or cancelled, the drawer may close (or the page change) without asking.
  const guard = useLeaveGuard();
  const onDone = (saved: ConfigRow) => {
    guard.settle();
    done(saved);
  };

  const texts = {
    json: (label: string) => t('config.jsonInvalid', { field: label }),
    row: (label: string, number: number, message: string) =>
      t('config.jsonRow', { field: label, row: number, message }),
  };

  const refused = async (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.reason === 'E_VERSION' && row) {
      setFailure(error.message);
      const fresh = await fetchRow(list.name, row.id);
      if (fresh) onReloaded?.(fresh, error.message);
      return;
    }
    const name = formFieldOf(list, error.field);
    if (name) {
      const number = rowOfPath(error.field);
      const field = list.fields.find((f) => f.name === name);
      const message =
        number !== undefined && field
          ? texts.row(configFieldLabel(field, language), number, error.message)
          : error.message;
      form.setFields([{ name, errors: [message] }]);
      form.scrollToField(name);
      setFailure(null);
      return;
    }
    setFailure(error.message);
  };

  const submit = (values: FormValues) => {
    setFailure(null);
    if (row) {
      const input = toUpdateInput(list, row, values);
      if (Object.keys(input).length <= 2) {
        notify('info', t('config.noChanges'));
        onDone(row);
        return;
      }
      update.mutate(input, {
        onSuccess: (saved) => {
          notify('success', t('config.saved'));
          onDone(saved);
        },
        onError: (error) => void refused(error),
      });
    } else {
      create.mutate(toCreateInput(list, values), {
        onSuccess: (saved) => {
          notify('success', t('config.created'));
          onDone(saved);
        },
        onError: (error) => void refused(error),
      });
    }
  };

  const item = (field: FieldDef, span: number) => {
    const widget = widgetOf(field);
    const label = configFieldLabel(field, language);
    let extra: string | undefined;
    if (field.name === 'code' && list.code === 'auto') extra = t('config.codeAuto');
    else if (widget === 'json') extra = t('config.jsonHint');
    else if (widget === 'tags') extra = t('config.tagsHint');
    return (
      <Col key={field.name} xs={24} md={span}>
        <Form.Item
          name={field.name}
          label={label}
          required={Boolean(field.required) || (field.minItems ?? 0) > 0}
          valuePropName={widget === 'bool' ? 'checked' : 'value'}
          extra={extra}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                // A number out of its range says the range ("Enter a number from 1 to 5").
                const numeric = field.type === 'int' || field.type === 'decimal';
                const range = { min: field.range?.[0], max: field.range?.[1] };
                const outside = numeric && numberProblem(value, range, widgetsT);
                if (outside) throw new Error(outside);
                const problem = checkValue(field, value);
                if (problem) throw new Error(problemText(problem, language, texts));
              },
            },
          ]}
          normalize={
            field.upperCase
              ? (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value)
              : undefined
          }
        >
          <ConfigFieldInput field={field} widget={widget} labels={row?.refs[field.name]} />
        </Form.Item>
      </Col>
    );
  };

  return (
    <Form<FormValues>
      form={form}
      // Named, so its input ids (config-row_code) never clash with the search bar's (code).
      name="config-row"
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={guard.change}
      data-testid="config-form"
      scrollToFirstError
    >
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      {rows.map((fields) => (
        <Row key={fields.map((f) => f.name).join('+')} gutter={16}>
          {fields.map((field) =>
            item(
              field,
              fields.length === 2
                ? 12
                : widgetOf(field) === 'json' || widgetOf(field) === 'textarea'
                  ? 24
                  : 12,
            ),
          )}
        </Row>
      ))}
      <DrawerFormButtons
        onCancel={() => {
          guard.settle();
          onCancel();
        }}
        cancelText={t('config.cancel')}
        submitText={row ? t('config.save') : t('config.createSubmit')}
        pending={pending}
        submitTestId="config-save"
      />
    </Form>
  );
}
