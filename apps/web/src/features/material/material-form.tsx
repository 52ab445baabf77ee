import { UPC_PATTERN } from '@qcdesk/contract/material';
import { Alert, Button, Col, Flex, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { ConfigSelect } from '../../components/config-select';
import { notify } from '../../components/notify';
import { type MaterialDetail, useCreateMaterial, useUpdateMaterial } from './api';
import {
  createMaterialInput,
  hasChanges,
  type MaterialFormValues,
  materialFormValues,
  updateMaterialInput,
} from './material-form-values';

/**
 * Create a material or modify one; one form for both (STYLE.md). A refusal about one field marks
 * that field (a UPC already in use, say); a stale version (E_VERSION) reloads the record.
 */
export function MaterialForm({
  material,
  onDone,
  onCancel,
  onStale,
}: {
  material?: MaterialDetail;
  onDone: (id: string) => void;
  onCancel: () => void;
  onStale?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MaterialFormValues>();
  const create = useCreateMaterial();
  const update = useUpdateMaterial({ silent: true });
  const mutation = material ? update : create;

  const refused = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.reason === 'E_VERSION') {
      notify('warning', error.message);
      onStale?.();
      return;
    }
    if (error.field && form.getFieldInstance(error.field as keyof MaterialFormValues)) {
      form.setFields([{ name: error.field as keyof MaterialFormValues, errors: [error.message] }]);
    }
  };

  const submit = (values: MaterialFormValues) => {
    if (material) {
      const input = updateMaterialInput(material, values);
      if (!hasChanges(input)) {
        onDone(material.id);
        return;
      }
      update.mutate(input, { onSuccess: () => onDone(material.id), onError: refused });
      return;
    }
    create.mutate(createMaterialInput(values), {
      onSuccess: (created) => onDone(created.id),
      onError: refused,
    });
  };

  return (
    <Form<MaterialFormValues>
      form={form}
      layout="vertical"
      initialValues={materialFormValues(material)}
      onFinish={submit}
      scrollToFirstError
      data-testid="material-form"
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
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name="upc"
            label={t('material.upc')}
            extra={t('material.upcHint')}
            rules={[
              { required: true, whitespace: true, message: t('material.upcRequired') },
              { pattern: UPC_PATTERN, message: t('material.upcFormat') },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={16}>
          <Form.Item
            name="name"
            label={t('material.name')}
            rules={[{ required: true, whitespace: true, message: t('material.nameRequired') }, { max: 100 }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="technicalName" label={t('material.technicalName')} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="customName"
            label={t('material.customName')}
            extra={t('material.customNameHint')}
            rules={[{ max: 200 }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="materialTypeId"
            label={t('material.materialType')}
            rules={[{ required: true, message: t('material.materialTypeRequired') }]}
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
            rules={[{ required: true, message: t('material.riskLevelRequired') }]}
          >
            <ConfigSelect<string> list="risklevel" known={material ? [material.riskLevel] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="supplierId" label={t('material.supplier')}>
            <ConfigSelect<string | null>
              list="supplier"
              allowClear
              placeholder={t('material.none')}
              known={material?.supplier ? [material.supplier] : undefined}
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 8 }}>
        <Button onClick={onCancel}>{t('material.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="material-save">
          {material ? t('material.save') : t('material.createSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}
