import { DATE_FORMAT } from '@qcdesk/contract/constants';
import { createMaterialTest, MATERIAL_TEST_STATUS } from '@qcdesk/contract/material-test';
import { Alert, Card, Col, Form, Input, Row, Select, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { FormCard } from '../../components/detail-states';
import { searchMaterialOptions, useMaterialOption } from '../../components/pickers';
import { fieldFacts, rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { enumOptions } from '../../components/ref-labels';
import { MaterialAutoComplete, type RemoteOption } from '../../components/remote-auto-complete';
import { currentLanguage } from '../../i18n/i18n';
import { type MaterialTestDetail, useCreateMaterialTest, useUpdateMaterialTest } from './api';
import {
  completes,
  createMaterialTestInput,
  type MaterialTestFormValues,
  materialTestFormValues,
  updateMaterialTestInput,
} from './material-test-form-values';
import { ReportFilesField } from './report-files-field';

const input = createMaterialTest.input;
const remarkMax = fieldFacts(input, 'remark').maxLength;

/**
 * Record a material test or correct one; one form for both (STYLE.md). A result with a report file
 * completes the test (DOMAIN.md §4.13); correcting a pushed test returns it to completed, to be
 * pushed again. A stale version (E_VERSION) reloads the record.
 */
export function MaterialTestForm({
  material,
  ...props
}: RecordFormProps<MaterialTestDetail> & {
  /** The material a new test is for, when it was opened from the material. */
  material?: RemoteOption | null;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const test = props.record;
  const kit = useRecordForm({
    props,
    create: useCreateMaterialTest(),
    update: useUpdateMaterialTest({ silent: true }),
    toCreate: createMaterialTestInput,
    toUpdate: updateMaterialTestInput,
    fieldOf: { materialId: 'material', reportFileIds: 'reportFiles' },
  });
  const result = Form.useWatch('result', kit.form) ?? test?.result ?? 0;
  const reportFiles = Form.useWatch('reportFiles', kit.form) ?? [];
  const willComplete = completes({ result, reportFiles });

  return (
    <RecordForm<MaterialTestFormValues>
      kit={kit}
      testId="material-test"
      initialValues={materialTestFormValues(test, material, dayjs().format(DATE_FORMAT))}
      onCancel={props.onCancel}
      submitText={t('material-test.createSubmit')}
    >
      {test?.status === MATERIAL_TEST_STATUS.pushed ? (
        <Alert type="info" showIcon title={t('material-test.correctionHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="material"
            label={t('material-test.material')}
            rules={rulesFrom(input, 'materialId', { label: t('material-test.material') })}
          >
            <MaterialAutoComplete
              aria-label={t('material-test.material')}
              search={searchMaterialOptions}
              disabled={Boolean(test)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="labId" label={t('material-test.lab')}>
            <ConfigSelect<string | null>
              list="lab"
              allowClear
              placeholder={t('common.none')}
              known={test?.lab ? [test.lab] : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="testItemIds"
            label={t('material-test.testItems')}
            rules={rulesFrom(input, 'testItemIds', { label: t('material-test.testItems') })}
          >
            <ConfigSelect<string[]> list="testitem" mode="multiple" allowClear known={test?.testItems} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="startDate"
            label={t('material-test.startDate')}
            rules={rulesFrom(input, 'startDate', { label: t('material-test.startDate') })}
          >
            <DateField style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="endDate"
            label={t('material-test.endDate')}
            extra={t('material-test.endDateHint')}
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: string | null | undefined) => {
                  const start = getFieldValue('startDate') as string | undefined;
                  if (value && start && value < start) throw new Error(t('material-test.endBeforeStart'));
                },
              }),
            ]}
          >
            <DateField style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="result" label={t('material-test.result')}>
            <Select options={enumOptions('TestResult', language)} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="reportFiles" label={t('material-test.reportFiles')}>
            <ReportFilesField />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="remark"
            label={t('material-test.remark')}
            rules={rulesFrom(input, 'remark', { label: t('material-test.remark') })}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} showCount maxLength={remarkMax} />
          </Form.Item>
        </Col>
      </Row>
      <Alert
        type={willComplete ? 'success' : 'info'}
        showIcon
        title={willComplete ? t('material-test.willComplete') : t('material-test.staysDraft')}
      />
    </RecordForm>
  );
}

/** `materialtest/new?material={id}` starts with the material it was opened from; Cancel goes back there. */
export function NewMaterialTest(props: RecordFormProps<MaterialTestDetail>) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const materialId = params.get('material');
  const material = useMaterialOption(materialId);
  if (materialId && material.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return (
    <FormCard title={t('material-test.createTitle')}>
      <MaterialTestForm {...props} material={material.data ?? null} onCancel={() => void navigate(-1)} />
    </FormCard>
  );
}
