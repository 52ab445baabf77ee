import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { TEST_RESULTS, TR_FILE_EXTENSIONS } from '@qcdesk/contract/test-report';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error';
import { type UploadedFile, uploadFile } from '../../api/upload';
import { DateField } from '../../components/date-picker';
import { FileList } from '../../components/file-list';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { markFieldError } from '../../components/record/use-record-form';
import { enumText, refName } from '../../components/ref-labels';
import { UploadPicker, uploadProblem } from '../../components/upload-picker';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { useWidgetsTranslation } from '../../components/widgets-i18n';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday } from '../../lib/format';
import { type LabResults, type TestReportDetail, useEnterResult } from './api';
import { LabImport } from './test-report-lab-import';

interface ItemValues {
  result: number;
  value?: string;
  limit?: string;
  remark?: string;
}

interface ResultValues {
  reportNo: string;
  reportDate: string;
  /** Only while the report's test order is submitted (20): the entry receives it on this day. */
  receiveTime?: string;
  validUntil?: string;
  result?: number;
  items: ItemValues[];
}

const trimmed = (key: 'value' | 'limit' | 'remark', v: string | undefined) => {
  const text = v?.trim();
  return text ? { [key]: text } : {};
};

/**
 * `testreport/result/update` (10 → 20): report no, date, files and every item's result (DOMAIN.md
 * §7.3). Results are entered on a received test order (issue 25): while it is still submitted, the
 * dialog says so and asks the day the samples arrived, and the entry receives the order.
 */
export function ResultDialog({ report, onClose }: { report: TestReportDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const receiving = report.testOrder?.status === TEST_ORDER_STATUS.submitted ? report.testOrder : null;
  const widgets = useWidgetsTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<ResultValues>();
  const [files, setFiles] = useState<UploadedFile[]>(report.files);
  const [uploading, setUploading] = useState(false);
  // Set by the first submit: the missing file is flagged with the fields (issue 25).
  const [tried, setTried] = useState(false);
  const enter = useEnterResult();
  // Uploaded or removed files are input too: closing by × asks about them (guarded-modal.tsx).
  const guard = useLeaveGuard();
  const results = TEST_RESULTS.map((code) => ({
    value: code,
    label: enumText('TestResult', code, language),
  }));
  const pick = async (picked: File[]) => {
    setUploading(true);
    try {
      for (const file of picked) {
        try {
          const stored = await uploadFile(file, language, { silent: true });
          setFiles((now) => [...now, stored]);
          guard.change();
        } catch (error) {
          notify('error', uploadProblem(file.name, error, widgets.t));
        }
      }
    } finally {
      setUploading(false);
    }
  };
  /** Every item's result set to `result` (each still changeable): the "all pass" action. */
  const setItems = (change: (item: ItemValues, n: number) => Partial<ItemValues>) => {
    const items = (form.getFieldValue('items') as ItemValues[]).map((item, n) => ({
      ...item,
      ...change(item, n),
    }));
    form.setFieldsValue({ items });
    void form.validateFields(items.map((_, n) => ['items', n, 'result']));
    guard.change();
  };
  /** A lab file's results: its items filled in, its report no where none is typed yet. */
  const fillFromLab = (answer: LabResults) => {
    const byId = new Map(answer.items.map((i) => [i.itemId, i]));
    setItems((item, n) => {
      const read = byId.get(report.items[n]!.id);
      return read ? { result: read.result, remark: read.remark ?? item.remark } : {};
    });
    if (answer.reportNo && !String(form.getFieldValue('reportNo') ?? '').trim())
      form.setFieldsValue({ reportNo: answer.reportNo });
  };
  const missingFile = tried && files.length === 0;
  const submit = (values: ResultValues) => {
    if (files.length === 0) return;
    enter.mutate(
      {
        id: report.id,
        version: report.version,
        reportNo: values.reportNo,
        reportDate: values.reportDate,
        ...(values.validUntil ? { validUntil: values.validUntil } : {}),
        ...(values.result ? { result: values.result } : {}),
        ...(receiving && values.receiveTime ? { receiveTime: values.receiveTime } : {}),
        fileIds: files.map((f) => f.id),
        // Form.List answers only its fields: the item ids come from the report, in the same order.
        items: values.items.map((i, n) => ({
          itemId: report.items[n]!.id,
          result: i.result,
          ...trimmed('value', i.value),
          ...trimmed('limit', i.limit),
          ...trimmed('remark', i.remark),
        })),
      },
      {
        onSuccess: () => {
          notify('success', t('test-report.resultDone'));
          onClose();
        },
        onError: (error: ApiError) => {
          if (['reportNo', 'reportDate', 'receiveTime'].includes(error.field ?? ''))
            markFieldError(form, error);
          notify('error', error.message);
        },
      },
    );
  };
  return (
    <GuardedModal
      guard={guard}
      open
      width={880}
      title={
        report.reportNo
          ? t('test-report.enterResultTitle', { reportNo: report.reportNo })
          : t('test-report.enterResult')
      }
      okText={t('test-report.enterResult')}
      onOk={() => {
        setTried(true);
        form.submit();
      }}
      okButtonProps={{
        loading: enter.isPending,
        disabled: uploading,
        ...{ 'data-testid': 'test-report-result-ok' },
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ResultValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          reportNo: report.reportNo ?? '',
          // Today as the server counts it (Asia/Shanghai): a receive date before the plan date is refused.
          reportDate: report.reportDate ?? businessToday(),
          ...(receiving ? { receiveTime: businessToday() } : {}),
          ...(report.validUntil ? { validUntil: report.validUntil } : {}),
          items: report.items.map((i) => ({
            result: i.result,
            value: i.value ?? '',
            limit: i.limit ?? '',
            remark: i.remark ?? '',
          })),
        }}
      >
        {receiving && (
          <Row gutter={16} align="bottom" data-testid="test-report-receive">
            <Col xs={24} sm={16}>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 24 }}
                title={t('test-report.receiveNotice', { testOrderNo: receiving.testOrderNo })}
              />
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="receiveTime" label={t('test-report.receiveTime')} rules={[{ required: true }]}>
                <DateField style={{ width: '100%' }} data-testid="test-report-receive-time" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="reportNo"
              label={t('test-report.reportNo')}
              rules={[{ required: true, whitespace: true, max: 60 }]}
            >
              <Input data-testid="test-report-report-no" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="reportDate" label={t('test-report.reportDate')} rules={[{ required: true }]}>
              <DateField style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="validUntil" label={t('test-report.validUntil')}>
              <DateField style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t('test-report.files')}
          required
          validateStatus={missingFile ? 'error' : undefined}
          help={missingFile ? t('test-report.fileMissing') : undefined}
        >
          <Flex vertical gap={8} data-testid="test-report-files">
            <UploadPicker
              multiple
              extensions={TR_FILE_EXTENSIONS}
              onPick={(picked) => void pick(picked)}
              disabled={uploading}
            >
              {t('test-report.upload')}
            </UploadPicker>
            <FileList
              files={files}
              loading={uploading}
              emptyText={t('test-report.noFiles')}
              onDelete={(file) => {
                setFiles((now) => now.filter((f) => f.id !== file.id));
                guard.change();
              }}
            />
          </Flex>
        </Form.Item>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '8px 0 12px' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('test-report.items')}
          </Typography.Title>
          <Button
            onClick={() => setItems(() => ({ result: TEST_RESULT.pass }))}
            data-testid="test-report-all-pass"
          >
            {t('test-report.allPass')}
          </Button>
        </Flex>
        <LabImport reportId={report.id} onRead={fillFromLab} />
        <Form.List name="items">
          {(fields) =>
            fields.map((field, n) => {
              const item = report.items[n]!;
              return (
                <Row key={field.key} gutter={8} align="bottom" data-testid="test-report-result-item">
                  <Col xs={24} md={7}>
                    <Typography.Text strong>
                      {item.product.productNo} · {refName(item.testItem, language)}
                    </Typography.Text>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item
                      name={[field.name, 'result']}
                      label={t('test-report.result')}
                      rules={[
                        {
                          validator: (_, value) =>
                            value === 0
                              ? Promise.reject(new Error(t('test-report.notOutItem')))
                              : Promise.resolve(),
                        },
                      ]}
                    >
                      <Select options={results} data-testid="test-report-item-result" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'value']} label={t('test-report.value')}>
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'limit']} label={t('test-report.limit')}>
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'remark']} label={t('test-report.remark')}>
                      <Input maxLength={500} />
                    </Form.Item>
                  </Col>
                </Row>
              );
            })
          }
        </Form.List>
        <Form.Item name="result" label={t('test-report.overall')} extra={t('test-report.overallHint')}>
          <Select allowClear options={results.filter((r) => r.value !== 0)} style={{ maxWidth: 240 }} />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
