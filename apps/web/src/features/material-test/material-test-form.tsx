import { DATE_FORMAT } from '@qcdesk/contract/constants';
import { Alert, Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { notify } from '../../components/notify';
import { enumOptions } from '../../components/ref-labels';
import { MaterialAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import {
  type MaterialTestDetail,
  searchMaterialOptions,
  useCreateMaterialTest,
  useUpdateMaterialTest,
} from './api';
import {
  completes,
  createMaterialTestInput,
  hasChanges,
  type MaterialTestFormValues,
  materialTestFormValues,
  updateMaterialTestInput,
} from './material-test-form-values';
import { ReportFilesField } from './report-files-field';

const REMARK_MAX = 1000;

/**
 * Record a material test or correct one; one form for both (STYLE.md). A result with a report file
 * completes the test (DOMAIN.md §4.13); correcting a pushed test returns it to completed, to be
 * pushed again. A stale version (E_VERSION) reloads the record.
 */
export function MaterialTestForm({
  test,
  material,
  onDone,
  onCancel,
  onStale,
}: {
  test?: MaterialTestDetail;
  /** The material a new test is for, when it was opened from the material. */
  material?: RemoteOption | null;
  onDone: (id: string) => void;
  onCancel: () => void;
  onStale?: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<MaterialTestFormValues>();
  const create = useCreateMaterialTest();
  const update = useUpdateMaterialTest({ silent: true });
  const mutation = test ? update : create;
  const result = Form.useWatch('result', form) ?? test?.result ?? 0;
  const reportFiles = Form.useWatch('reportFiles', form) ?? [];

  const refused = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.reason === 'E_VERSION') {
      notify('warning', error.message);
      onStale?.();
      return;
    }
    const field =
      error.field === 'materialId'
        ? 'material'
        : error.field === 'reportFileIds'
          ? 'reportFiles'
          : error.field;
    if (field && form.getFieldInstance(field as keyof MaterialTestFormValues)) {
      form.setFields([{ name: field as keyof MaterialTestFormValues, errors: [error.message] }]);
    }
  };

  const submit = (values: MaterialTestFormValues) => {
    if (test) {
      const input = updateMaterialTestInput(test, values);
      if (!hasChanges(input)) {
        onDone(test.id);
        return;
      }
      update.mutate(input, { onSuccess: () => onDone(test.id), onError: refused });
      return;
    }
    create.mutate(createMaterialTestInput(values), {
      onSuccess: (created) => onDone(created.id),
      onError: refused,
    });
  };

  return (
    <Form<MaterialTestFormValues>
      form={form}
      layout="vertical"
      initialValues={materialTestFormValues(test, material, dayjs().format(DATE_FORMAT))}
      onFinish={submit}
      scrollToFirstError
      data-testid="material-test-form"
    >
      {mutation.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={mutation.error.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {test?.status === 30 ? (
        <Alert type="info" showIcon title={t('materialTest.correctionHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="material"
            label={t('materialTest.material')}
            rules={[{ required: true, message: t('materialTest.materialRequired') }]}
          >
            <MaterialAutoComplete
              aria-label={t('materialTest.material')}
              search={searchMaterialOptions}
              disabled={Boolean(test)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="labId" label={t('materialTest.lab')}>
            <ConfigSelect<string | null>
              list="lab"
              allowClear
              placeholder={t('materialTest.none')}
              known={test?.lab ? [test.lab] : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="testItemIds" label={t('materialTest.testItems')}>
            <ConfigSelect<string[]> list="testitem" mode="multiple" allowClear known={test?.testItems} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="startDate"
            label={t('materialTest.startDate')}
            rules={[{ required: true, message: t('materialTest.startDateRequired') }]}
          >
            <DateField style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="endDate"
            label={t('materialTest.endDate')}
            extra={t('materialTest.endDateHint')}
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: string | null | undefined) => {
                  const start = getFieldValue('startDate') as string | undefined;
                  if (value && start && value < start) throw new Error(t('materialTest.endBeforeStart'));
                },
              }),
            ]}
          >
            <DateField style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="result" label={t('materialTest.result')}>
            <Select options={enumOptions('TestResult', language)} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="reportFiles" label={t('materialTest.reportFiles')}>
            <ReportFilesField />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('materialTest.remark')} rules={[{ max: REMARK_MAX }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} showCount maxLength={REMARK_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Alert
        type={completes({ result, reportFiles }) ? 'success' : 'info'}
        showIcon
        title={
          completes({ result, reportFiles }) ? t('materialTest.willComplete') : t('materialTest.staysDraft')
        }
        style={{ marginBottom: 16 }}
      />
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={onCancel}>{t('materialTest.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending}
          data-testid="material-test-save"
        >
          {test ? t('materialTest.save') : t('materialTest.createSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}
