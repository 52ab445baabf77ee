import { WORK_TYPE } from '@qcdesk/contract/daily-work-report';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { ConfigSelect } from '../../components/config-select';
import { notify } from '../../components/notify';
import { NumberField, useNumberRule } from '../../components/number-field';
import { enumOptions, refName } from '../../components/ref-labels';
import { RemoveButton } from '../../components/remove-button';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import {
  type DailyReportDetail,
  type DailyReportWork,
  useAssignedWorks,
  useCreateDailyReport,
  useInvalidateDailyReport,
  useUpdateDailyReport,
} from './api';

interface WorkValues {
  workType: number;
  taskId?: string | null;
  reportId?: string | null;
  factoryId?: string | null;
  role?: 'LEAD' | 'ASSIST' | null;
  hours: number | null;
  mileage?: number | null;
  remark?: string | null;
  /** What the link shows (task, report, order, factory), not sent. */
  linkText?: string;
}

interface Values {
  attendanceId: string | null;
  remark?: string;
  works: WorkValues[];
}

const toValues = (w: DailyReportWork, language: 'zh' | 'en'): WorkValues => ({
  workType: w.workType,
  taskId: w.taskId,
  reportId: w.reportId,
  factoryId: w.factory?.id ?? null,
  role: w.role,
  hours: w.hours,
  mileage: w.mileage,
  remark: w.remark,
  linkText: [w.taskNo, w.reportNo, w.orderNo, w.factory ? refName(w.factory, language) : null]
    .filter(Boolean)
    .join(' · '),
});

const toInput = (w: WorkValues) => ({
  workType: w.workType,
  ...(w.taskId ? { taskId: w.taskId } : {}),
  ...(w.reportId ? { reportId: w.reportId } : {}),
  ...(w.factoryId ? { factoryId: w.factoryId } : {}),
  ...(w.role ? { role: w.role } : {}),
  hours: w.hours ?? 0,
  ...(w.mileage != null ? { mileage: w.mileage } : {}),
  ...(w.remark ? { remark: w.remark } : {}),
});

/**
 * One's daily report as edited (DOMAIN.md §2.8): attendance, the works of the day — prefilled from
 * the day's tasks for a new report — with hours (one decimal, ≤ 24 a day) and mileage, and a remark.
 * A box per work, so it fills in on a phone in the evening.
 */
export function DailyReportForm({ report, workDate }: { report?: DailyReportDetail; workDate: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<Values>();
  const guard = useLeaveGuard();
  const create = useCreateDailyReport();
  const update = useUpdateDailyReport();
  const reload = useInvalidateDailyReport();
  const assigned = useAssignedWorks(workDate, !report);
  const hoursRule = useNumberRule({ min: 0, max: 24, precision: 1 });
  const mileageRule = useNumberRule({ min: 0, max: 999_999, precision: 1 });
  const works = Form.useWatch('works', form) ?? [];
  const total = works.reduce((sum, w) => sum + (w?.hours ?? 0), 0);

  useEffect(() => {
    if (!report && assigned.data)
      form.setFieldValue(
        'works',
        assigned.data.list.map((w) => toValues(w, language)),
      );
  }, [assigned.data, report, form, language]);

  const save = async (values: Values) => {
    const common = {
      attendanceId: values.attendanceId ?? '',
      works: values.works.map(toInput),
      ...(values.remark ? { remark: values.remark } : {}),
    };
    try {
      if (report) await update.mutateAsync({ id: report.id, version: report.version, ...common });
      else await create.mutateAsync({ workDate, ...common });
      guard.settle();
      notify('success', report ? t('daily-work-report.saved') : t('daily-work-report.created'));
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'E_VERSION') reload();
      const field = error instanceof ApiError ? error.field : undefined;
      const message = error instanceof Error ? error.message : String(error);
      if (field === 'attendanceId') form.setFields([{ name: 'attendanceId', errors: [message] }]);
      else notify('error', message);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={save}
      onValuesChange={guard.change}
      initialValues={{
        attendanceId: report?.attendance?.id ?? null,
        remark: report?.remark ?? '',
        works: report ? report.works.map((w) => toValues(w, language)) : [],
      }}
      data-testid="daily-report-form"
    >
      <Form.Item
        name="attendanceId"
        label={t('daily-work-report.attendance')}
        rules={[{ required: true, message: t('daily-work-report.attendanceRequired') }]}
      >
        <ConfigSelect<string | null>
          list="attendance"
          known={report?.attendance ? [report.attendance] : []}
        />
      </Form.Item>
      <Typography.Title level={5}>{t('daily-work-report.works')}</Typography.Title>
      <Form.List name="works">
        {(fields, { add, remove }) => (
          <div data-form-lines="">
            {fields.length === 0 ? (
              <Typography.Paragraph type="secondary">{t('daily-work-report.noWorks')}</Typography.Paragraph>
            ) : null}
            {fields.map((field, i) => (
              <Card key={field.key} size="small" style={{ marginBottom: 8 }} data-testid="daily-work-row">
                {works[i]?.linkText ? <Typography.Text strong>{works[i]?.linkText}</Typography.Text> : null}
                <Row gutter={8}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[field.name, 'workType']}
                      label={t('daily-work-report.workType')}
                      rules={[{ required: true, message: t('daily-work-report.workTypeRequired') }]}
                    >
                      <Select options={enumOptions('WorkType', language)} data-testid="daily-work-type" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item
                      name={[field.name, 'hours']}
                      label={t('daily-work-report.hours')}
                      rules={[{ required: true, message: t('daily-work-report.hoursRequired') }, hoursRule]}
                    >
                      <NumberField precision={1} data-testid="daily-work-hours" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item
                      name={[field.name, 'mileage']}
                      label={t('daily-work-report.mileage')}
                      rules={[mileageRule]}
                    >
                      <NumberField precision={1} data-testid="daily-work-mileage" />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={7}>
                    <Form.Item name={[field.name, 'remark']} label={t('daily-work-report.workRemark')}>
                      <Input maxLength={500} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={1} style={{ alignSelf: 'center' }}>
                    <RemoveButton
                      label={t('daily-work-report.removeWork', { n: i + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Col>
                </Row>
              </Card>
            ))}
            <Button
              onClick={() => add({ workType: WORK_TYPE.office, hours: null })}
              data-testid="daily-work-add"
            >
              {t('daily-work-report.addWork')}
            </Button>
          </div>
        )}
      </Form.List>
      <Typography.Paragraph style={{ marginTop: 12 }} data-testid="daily-day-total">
        {t('daily-work-report.dayTotal', { hours: total.toFixed(1) })}
      </Typography.Paragraph>
      {total > 24 ? (
        <Alert type="error" title={t('daily-work-report.dayTotal', { hours: total.toFixed(1) })} />
      ) : null}
      <Form.Item name="remark" label={t('daily-work-report.remark')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={create.isPending || update.isPending}
        data-testid="daily-report-save"
      >
        {report ? t('daily-work-report.save') : t('daily-work-report.create')}
      </Button>
    </Form>
  );
}
