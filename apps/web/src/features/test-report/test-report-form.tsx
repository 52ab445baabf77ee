import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { enumText } from '../../components/ref-labels';
import { OrderProductAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import {
  type CreateTestReportInput,
  type TestReportDetail,
  type UpdateTestReportInput,
  useCreateTestReport,
  useUpdateTestReport,
} from './api';

export interface TestReportFormValues {
  reportType?: number;
  labId: string | null;
  testTypeId: string | null;
  description: string;
  validUntil?: string;
  product: RemoteOption | null;
  testItemIds: string[];
}

const text = (value: string | null | undefined) => (value ?? '').trim();

export function testReportFormValues(report?: TestReportDetail): TestReportFormValues {
  if (!report)
    return { reportType: 3, labId: null, testTypeId: null, description: '', product: null, testItemIds: [] };
  return {
    reportType: report.reportType,
    labId: report.lab.id,
    testTypeId: report.testType.id,
    description: report.description ?? '',
    ...(report.validUntil ? { validUntil: report.validUntil } : {}),
    product: null,
    testItemIds: [],
  };
}

export function createTestReportInput(values: TestReportFormValues): CreateTestReportInput {
  return {
    reportType: values.reportType ?? 3,
    labId: values.labId ?? '',
    testTypeId: values.testTypeId ?? '',
    ...(text(values.description) ? { description: text(values.description) } : {}),
    items: values.testItemIds.map((testItemId) => ({
      orderProductId: values.product?.value ?? '',
      testItemId,
    })),
  };
}

/** Only what changed travels, with the version read. */
export function updateTestReportInput(
  report: TestReportDetail,
  values: TestReportFormValues,
): UpdateTestReportInput {
  const before = testReportFormValues(report);
  return {
    id: report.id,
    version: report.version,
    ...(values.reportType !== before.reportType ? { reportType: values.reportType } : {}),
    ...(values.labId && values.labId !== before.labId ? { labId: values.labId } : {}),
    ...(values.testTypeId && values.testTypeId !== before.testTypeId
      ? { testTypeId: values.testTypeId }
      : {}),
    ...(text(values.description) !== text(before.description)
      ? { description: text(values.description) }
      : {}),
    ...(values.validUntil && values.validUntil !== before.validUntil
      ? { validUntil: values.validUntil }
      : {}),
  };
}

/** Register a factory- or client-provided report, or change a pending one (10). */
export function TestReportForm(props: RecordFormProps<TestReportDetail>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const report = props.record;
  const kit = useRecordForm({
    props,
    create: useCreateTestReport(),
    update: useUpdateTestReport(),
    toCreate: createTestReportInput,
    toUpdate: updateTestReportInput,
    fieldOf: { labId: 'labId', testTypeId: 'testTypeId', items: 'testItemIds' },
  });
  const required = (label: string) => [{ required: true, message: label }];
  return (
    <RecordForm<TestReportFormValues>
      kit={kit}
      testId="test-report"
      initialValues={testReportFormValues(report)}
      onCancel={props.onCancel}
      submitText={t('test-report.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name="reportType"
            label={t('test-report.reportType')}
            rules={required(t('test-report.reportType'))}
          >
            <Select
              options={[1, 2, 3, 4].map((code) => ({
                value: code,
                label: enumText('TestReportType', code, language),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item name="labId" label={t('test-report.lab')} rules={required(t('test-report.lab'))}>
            <ConfigSelect<string | null> list="lab" aria-label={t('test-report.lab')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name="testTypeId"
            label={t('test-report.testType')}
            rules={required(t('test-report.testType'))}
          >
            <ConfigSelect<string | null> list="testtype" aria-label={t('test-report.testType')} />
          </Form.Item>
        </Col>
        {report ? (
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="validUntil" label={t('test-report.validUntil')}>
              <DateField style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Col xs={24} lg={12}>
              <Form.Item
                name="product"
                label={t('test-report.orderProduct')}
                rules={required(t('test-report.orderProduct'))}
              >
                <OrderProductAutoComplete aria-label={t('test-report.orderProduct')} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="testItemIds"
                label={t('test-report.testItems')}
                rules={required(t('test-report.testItems'))}
              >
                <ConfigSelect<string[]>
                  list="testitem"
                  mode="multiple"
                  aria-label={t('test-report.testItems')}
                />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24}>
          <Form.Item name="description" label={t('test-report.desc')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} showCount />
          </Form.Item>
        </Col>
      </Row>
    </RecordForm>
  );
}
