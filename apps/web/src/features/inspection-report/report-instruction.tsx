import { INSTRUCTION_TYPE } from '@qcdesk/contract/inspection-instruction';
import { Alert, Button, Card, Flex, Form, Input, List, Radio, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { subheading } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { enumOptions, enumText, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import {
  type InspectionReportDetail,
  type InstructionRow,
  useCreateInstruction,
  useInvalidateInspectionReport,
  useReportInstructions,
} from './api';

interface Values {
  type: number;
  confirmedResult: number;
  content?: string;
}

/** A result the client confirms: any verdict but "empty". */
const CONFIRMABLE = (code: number | string) => Number(code) >= 1;

function InstructionItem({ row }: { row: InstructionRow }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <List.Item>
      <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="report-instruction-row">
        <Flex wrap gap={8} align="center">
          <Tag color="blue">{enumText('InstructionType', row.type, language)}</Tag>
          <Typography.Text>
            {t('inspection-report.confirmedResult')}:{' '}
            {enumText('InspectionResult', row.confirmedResult, language)}
          </Typography.Text>
        </Flex>
        {row.content ? (
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.content}</Typography.Text>
        ) : null}
        <Typography.Text type="secondary">
          {userDisplayName(row.issuedBy, language)} · {formatDateTime(row.issuedAt)}
        </Typography.Text>
        {row.reinspection ? (
          <Typography.Text>
            {t('inspection-report.reinspection')}:{' '}
            <RecordLink route="InspectionApply" to={`inspection/apply?id=${row.reinspection.id}`}>
              {row.reinspection.applyNo}
            </RecordLink>
          </Typography.Text>
        ) : null}
      </Flex>
    </List.Item>
  );
}

/**
 * The client's answer to a sent report (issue 28, DOMAIN.md §4.4): release, rework and re-inspect,
 * reject or hold, with the result it confirms. Sales enter it for their client; a CLIENT user on its
 * phone. It cannot be changed afterwards, so it is confirmed before it goes; a rework makes a draft
 * re-inspection application, linked here.
 */
export function ReportInstruction({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<Values>();
  const [confirm, holder] = useConfirm();
  const create = useCreateInstruction();
  const onStale = useInvalidateInspectionReport();
  const list = useReportInstructions(report.id);
  const canInstruct = report.actions.includes('instruct');
  const type = Form.useWatch('type', form);
  const rows = list.data?.list ?? [];
  if (!canInstruct && rows.length === 0) return null;

  const finish = async (values: Values) => {
    const typeName = enumText('InstructionType', values.type, language);
    const ok = await confirm({
      title: t('inspection-report.instructConfirm', { reportNo: report.reportNo, type: typeName }),
      content: t('inspection-report.instructConfirmHint'),
      okText: t('inspection-report.instruct'),
    });
    if (!ok) return;
    try {
      const answer = await create.mutateAsync({
        reportId: report.id,
        version: report.version,
        type: values.type as never,
        confirmedResult: values.confirmedResult as never,
        ...(values.content?.trim() ? { content: values.content.trim() } : {}),
      });
      notify(
        'success',
        answer.instruction.reinspection
          ? t('inspection-report.instructedReinspection', {
              applyNo: answer.instruction.reinspection.applyNo,
            })
          : t('inspection-report.instructedDone'),
      );
      form.resetFields();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.reason === 'E_VERSION') onStale();
      notify('error', error.message);
    }
  };

  return (
    <Card
      title={<h2 style={subheading}>{t('inspection-report.instructionTitle')}</h2>}
      data-testid="report-instruction"
    >
      {holder}
      {rows.length > 0 ? (
        <List dataSource={rows} renderItem={(row) => <InstructionItem key={row.id} row={row} />} />
      ) : null}
      {canInstruct ? (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ type: INSTRUCTION_TYPE.release, confirmedResult: report.result || undefined }}
          onFinish={(values) => void finish(values)}
          data-testid="report-instruction-form"
        >
          <Form.Item name="type" label={t('inspection-report.instructionType')} rules={[{ required: true }]}>
            <Radio.Group data-testid="report-instruction-type">
              <Flex vertical gap={4}>
                {enumOptions('InstructionType', language).map((o) => (
                  <Radio key={o.value} value={Number(o.value)}>
                    {o.label}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          {type === INSTRUCTION_TYPE.rework ? (
            <Alert
              type="info"
              showIcon
              title={t('inspection-report.reworkHint')}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Form.Item
            name="confirmedResult"
            label={t('inspection-report.confirmedResult')}
            rules={[{ required: true, message: t('inspection-report.confirmedResultNeeded') }]}
          >
            <Select
              data-testid="report-instruction-result"
              options={enumOptions('InspectionResult', language)
                .filter((o) => CONFIRMABLE(o.value))
                .map((o) => ({ ...o, value: Number(o.value) }))}
            />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('inspection-report.instructionContent')}
            rules={[
              {
                required: type !== INSTRUCTION_TYPE.release,
                whitespace: true,
                message: t('inspection-report.instructionContentNeeded'),
              },
              { max: 2000 },
            ]}
          >
            <Input.TextArea rows={3} data-testid="report-instruction-content" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending}
            block
            data-testid="report-instruction-ok"
          >
            {t('inspection-report.instruct')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
