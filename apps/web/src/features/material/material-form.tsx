import { createMaterial, UPC_PATTERN } from '@qcdesk/contract/material';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { rulesFrom } from '../../components/record/field-rules';
import { RecordForm, type RecordFormProps, useRecordForm } from '../../components/record/use-record-form';
import { type MaterialDetail, useCreateMaterial, useUpdateMaterial } from './api';
import {
  createMaterialInput,
  type MaterialFormValues,
  materialFormValues,
  updateMaterialInput,
} from './material-form-values';

const input = createMaterial.input;

/**
 * Create a material or modify one; one form for both (STYLE.md). A refusal about one field marks
 * that field (a UPC already in use, say); a stale version (E_VERSION) reloads the record.
 */
export function MaterialForm(props: RecordFormProps<MaterialDetail>) {
  const { t } = useTranslation();
  const material = props.record;
  const kit = useRecordForm({
    props,
    create: useCreateMaterial(),
    update: useUpdateMaterial({ silent: true }),
    toCreate: createMaterialInput,
    toUpdate: updateMaterialInput,
  });
  const rules = (field: keyof MaterialFormValues, label: string, pattern?: string) =>
    rulesFrom(input, field, { label, pattern });

  return (
    <RecordForm<MaterialFormValues>
      kit={kit}
      testId="material"
      initialValues={materialFormValues(material)}
      onCancel={props.onCancel}
      submitText={t('material.createSubmit')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="upc"
            label={t('material.upc')}
            extra={t('material.upcHint')}
            rules={[
              ...rules('upc', t('material.upc')),
              // The contract checks the UPC in a refinement; its pattern is exported beside it.
              { pattern: UPC_PATTERN, message: t('material.upcFormat') },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={16}>
          <Form.Item name="name" label={t('material.name')} rules={rules('name', t('material.name'))}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="technicalName"
            label={t('material.technicalName')}
            rules={rules('technicalName', t('material.technicalName'))}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="customName"
            label={t('material.customName')}
            extra={t('material.customNameHint')}
            rules={rules('customName', t('material.customName'))}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="materialTypeId"
            label={t('material.materialType')}
            rules={rules('materialTypeId', t('material.materialType'))}
          >
            <ConfigSelect<string>
              list="materialtype"
              known={material ? [material.materialType] : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="riskLevelId"
            label={t('material.riskLevel')}
            rules={rules('riskLevelId', t('material.riskLevel'))}
          >
            <ConfigSelect<string> list="risklevel" known={material ? [material.riskLevel] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="supplierId" label={t('material.supplier')}>
            <ConfigSelect<string | null>
              list="supplier"
              allowClear
              placeholder={t('common.none')}
              known={material?.supplier ? [material.supplier] : undefined}
            />
          </Form.Item>
        </Col>
      </Row>
    </RecordForm>
  );
}
