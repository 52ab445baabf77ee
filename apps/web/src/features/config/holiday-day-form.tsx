import { DeleteOutlined } from '@ant-design/icons';
import type { ConfigRow } from '@qcdesk/contract/config';
import { configFieldLabel, configList, editableFields, type FieldDef } from '@qcdesk/contract/config-lists';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Form, Input, Radio, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { languageOf } from '../../components/widgets-i18n';
import { listSearchKey, useCreateRow, useEnumerations, useUpdateRow } from './api';
import {
  checkValue,
  createValues,
  type FormValues,
  problemText,
  rowValues,
  toCreateInput,
  toUpdateInput,
} from './config-fields';

const holiday = configList('holiday');
const fieldOf = (name: string): FieldDef => editableFields(holiday).find((f) => f.name === name)!;
/** What the calendar's form edits; code, sort and remark stay as they are (the table edits them). */
const FIELDS = ['dayType', 'nameZh', 'nameEn'] as const;
/** HolidayType (DOMAIN.md §3.2): a weekday is usually made a holiday, a weekend day a working day. */
const STATUTORY_HOLIDAY = 1;
const ADJUSTED_WORKING_DAY = 3;

export interface HolidayDayFormProps {
  /** `YYYY-MM-DD`. */
  date: string;
  /** The date's holiday row (frozen ones too), absent when it has none. */
  row: ConfigRow | undefined;
  /** What the day is without a holiday row, e.g. "Weekend". */
  ruleKind: string;
  onDone: () => void;
}

/**
 * One day of the holiday calendar: its type and names, saved through the holiday list's create or
 * update (with the row's version); an existing row can be removed, which deletes it.
 */
export function HolidayDayForm({ date, row, ruleKind, onDone: done }: HolidayDayFormProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [form] = Form.useForm<FormValues>();
  const client = useQueryClient();
  const enumerations = useEnumerations();
  const create = useCreateRow('holiday');
  const update = useUpdateRow('holiday');
  const [confirm, confirmHolder] = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  // Saved, removed or cancelled, the form may close (or the page change) without asking.
  const guard = useLeaveGuard();
  const onDone = () => {
    guard.settle();
    done();
  };
  const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

  const texts = {
    json: (label: string) => t('config.jsonInvalid', { field: label }),
    row: (label: string, number: number, message: string) =>
      t('config.jsonRow', { field: label, row: number, message }),
  };

  const refused = (error: unknown) => {
    if (!isApiError(error)) {
      setFailure(String(error));
      return;
    }
    setFailure(error.message);
    // Someone changed or removed the row meanwhile: reload it, so saving again uses its new version.
    if (error.reason === 'E_VERSION') void client.invalidateQueries({ queryKey: listSearchKey('holiday') });
    const name = error.field?.split('.')[0];
    if (name && (FIELDS as readonly string[]).includes(name)) {
      form.setFields([{ name, errors: [error.message] }]);
      setFailure(null);
    }
  };

  const submit = (values: FormValues) => {
    setFailure(null);
    if (row) {
      const input = toUpdateInput(holiday, row, { ...rowValues(holiday, row), ...values });
      // A frozen row does not count on the calendar: saving it from here means it should again.
      const activate = row.active === 0 ? { active: 1 } : {};
      if (Object.keys(input).length <= 2 && row.active === 1) {
        notify('info', t('config.noChanges'));
        onDone();
        return;
      }
      update.mutate(
        { ...input, ...activate },
        {
          onSuccess: () => {
            notify('success', t('config.saved'));
            onDone();
          },
          onError: refused,
        },
      );
    } else {
      create.mutate(toCreateInput(holiday, { ...createValues(holiday), ...values, date }), {
        onSuccess: () => {
          notify('success', t('config.created'));
          onDone();
        },
        onError: refused,
      });
    }
  };

  // Delete rather than freeze: dates are unique among valid rows, so a frozen row would keep the
  // date taken, and no record points at a holiday row. The table view can still undelete it.
  const remove = async () => {
    if (!row) return;
    const ok = await confirm({
      title: t('config.holiday.removeConfirm', { date }),
      content: t('config.holiday.removeHint', { kind: ruleKind }),
      danger: true,
      okText: t('config.holiday.remove'),
    });
    if (!ok) return;
    setFailure(null);
    update.mutate(
      { id: row.id, version: row.version, valid: 0 },
      {
        onSuccess: () => {
          notify('success', t('config.holiday.removed'));
          onDone();
        },
        onError: refused,
      },
    );
  };

  const rule = (field: FieldDef) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const problem = checkValue(field, value);
      if (problem) throw new Error(problemText(problem, language, texts));
    },
  });

  const item = (name: (typeof FIELDS)[number]) => {
    const field = fieldOf(name);
    return (
      <Form.Item name={name} label={configFieldLabel(field, language)} required rules={[rule(field)]}>
        {name === 'dayType' ? (
          <Radio.Group
            aria-label={configFieldLabel(field, language)}
            options={(enumerations.data?.enumerations.HolidayType ?? []).map((item) => ({
              value: item.code,
              label: item[language],
            }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        ) : (
          <Input autoComplete="off" maxLength={field.max} />
        )}
      </Form.Item>
    );
  };

  return (
    <Form<FormValues>
      form={form}
      name="holiday-day"
      layout="vertical"
      initialValues={
        row
          ? { dayType: row.dayType, nameZh: row.nameZh ?? undefined, nameEn: row.nameEn ?? undefined }
          : { dayType: weekend ? ADJUSTED_WORKING_DAY : STATUTORY_HOLIDAY }
      }
      onFinish={submit}
      onValuesChange={guard.change}
      data-testid="holiday-form"
    >
      {confirmHolder}
      <Typography.Paragraph type="secondary">
        {t('config.holiday.ruleKind', { kind: ruleKind })}
      </Typography.Paragraph>
      {row?.active === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('config.holiday.frozenNotice')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      {item('dayType')}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {item('nameZh')}
        </Col>
        <Col xs={24} sm={12}>
          {item('nameEn')}
        </Col>
      </Row>
      <Flex gap={8} justify="space-between" wrap>
        {row ? (
          // Not antd's red `danger` button: its red text on white reads below WCAG AA 4.5:1; the
          // confirmation that follows has the red button.
          <Button
            icon={<DeleteOutlined />}
            onClick={() => void remove()}
            disabled={pending}
            data-testid="holiday-remove"
          >
            {t('config.holiday.remove')}
          </Button>
        ) : (
          <span />
        )}
        <Flex gap={8}>
          <Button onClick={onDone}>{t('config.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={pending} data-testid="holiday-save">
            {row ? t('config.save') : t('config.createSubmit')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
