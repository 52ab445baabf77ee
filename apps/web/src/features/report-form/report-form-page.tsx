import { DownloadOutlined } from '@ant-design/icons';
import { REPORT_FORMS, type ReportFormExportRow } from '@qcdesk/contract/report-form';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Form, List, Progress, Row, Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { DateRangeField } from '../../components/date-picker';
import { ExportButton } from '../../components/export-button';
import { searchClientOptions } from '../../components/pickers';
import { ClientAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { exportForm, myExportsKey, openExport, useLists, useMyExports } from './api';
import { CloseMonthCard } from './close-month-card';

// The report forms (DOMAIN.md §6.12): pick a form and its filters, Export queues it (the button
// shows the job's progress), and "My exports" lists the files of the last 7 days, each signed anew
// when it is downloaded.

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

type FormKind = (typeof REPORT_FORMS)[number];

/** Each form's name, written out so every text key stays a literal the i18n check can find. */
function formLabel(t: TFunction, form: FormKind): string {
  const labels: Record<FormKind, string> = {
    inspection: t('report-form.forminspection'),
    fee: t('report-form.formfee'),
    overtime: t('report-form.formovertime'),
    qc: t('report-form.formqc'),
  };
  return labels[form];
}

function stateLabel(t: TFunction, row: ReportFormExportRow): string {
  const labels: Record<ReportFormExportRow['state'], string> = {
    queued: t('report-form.statequeued'),
    running: t('report-form.staterunning', { percent: row.percent }),
    done: t('report-form.statedone'),
    failed: t('report-form.statefailed'),
  };
  return labels[row.state];
}

interface Values {
  form: FormKind;
  range?: [string, string];
  departmentId?: string;
  client?: RemoteOption | null;
  inspectorId?: string;
}

export function ReportFormPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const session = useSession();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const lists = useLists();
  const mine = useMyExports();
  const options = (name: string) =>
    (lists.data?.enumerations[name] ?? []).map((item) => ({ value: String(item.code), label: item[lang] }));

  const start = async () => {
    const v = await form.validateFields();
    const [startTime, endTime] = v.range ?? ['', ''];
    const started = await exportForm({
      form: v.form,
      startTime,
      endTime,
      ...(v.departmentId ? { departmentId: v.departmentId } : {}),
      ...(v.client ? { clientId: v.client.value } : {}),
      ...(v.inspectorId ? { inspectorId: v.inspectorId } : {}),
    });
    await queryClient.invalidateQueries({ queryKey: myExportsKey });
    return started;
  };

  return (
    <Flex vertical gap={16}>
      <Card title={<h1 style={heading}>{t('report-form.title')}</h1>} data-testid="report-form">
        <Form form={form} layout="vertical" initialValues={{ form: 'fee' }} data-testid="report-form-filters">
          <Row gutter={16}>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="form" label={t('report-form.form')}>
                <Select
                  data-testid="report-form-kind"
                  options={REPORT_FORMS.map((f) => ({ value: f, label: formLabel(t, f) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item
                name="range"
                label={t('report-form.range')}
                rules={[{ required: true, message: t('report-form.rangeRequired') }]}
              >
                <DateRangeField style={{ width: '100%' }} data-testid="report-form-range" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} xl={4}>
              <Form.Item name="departmentId" label={t('report-form.department')}>
                <Select
                  allowClear
                  placeholder={t('report-form.any')}
                  options={options('PartialDepartment')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} xl={4}>
              <Form.Item name="client" label={t('report-form.client')}>
                <ClientAutoComplete search={searchClientOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} xl={4}>
              <Form.Item name="inspectorId" label={t('report-form.inspector')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('report-form.any')}
                  options={options('Inspector')}
                />
              </Form.Item>
            </Col>
          </Row>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">{t('report-form.note')}</Typography.Text>
            <ExportButton exportFn={start} filters={undefined} data-testid="report-form-export" />
          </Flex>
        </Form>
      </Card>
      <Card title={<h2 style={heading}>{t('report-form.myExports')}</h2>} data-testid="report-form-exports">
        {mine.data && mine.data.list.length === 0 ? (
          <Empty description={t('report-form.noExports')} />
        ) : (
          <List
            loading={mine.isLoading}
            dataSource={mine.data?.list ?? []}
            rowKey="id"
            renderItem={(row) => <ExportItem row={row} />}
          />
        )}
      </Card>
      {hasPermission(session, 'reportform.close') ? <CloseMonthCard /> : null}
    </Flex>
  );
}

function ExportItem({ row }: { row: ReportFormExportRow }) {
  const { t } = useTranslation();
  const running = row.state === 'queued' || row.state === 'running';
  return (
    <List.Item
      data-testid="report-form-export-row"
      actions={
        row.state === 'done'
          ? [
              <Button
                key="download"
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => void openExport(row.id)}
                data-testid="report-form-download"
              >
                {t('report-form.download')}
              </Button>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={`${formLabel(t, row.form)} · ${row.startTime} – ${row.endTime}`}
        description={
          <Flex gap={12} wrap align="center">
            <span data-testid="report-form-state">{stateLabel(t, row)}</span>
            {running ? (
              <Progress percent={row.percent} size="small" style={{ width: 96, margin: 0 }} />
            ) : null}
            {row.rows !== null ? <span>{t('report-form.rows', { rows: row.rows })}</span> : null}
            <span>{t('report-form.expires', { date: row.expiresAt.slice(0, 10) })}</span>
          </Flex>
        }
      />
    </List.Item>
  );
}
