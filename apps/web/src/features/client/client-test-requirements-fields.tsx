import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Flex, Form, type FormInstance, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { enumOptions, type RefLike } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import {
  duplicateRows,
  newTestRequirement,
  type TestRequirementValues,
  testRequirementKey,
} from './client-form-values';

const rowBox = {
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: '12px 12px 0',
} as const;

/**
 * The test requirements of a client as form rows (`tests`): test item, destination (empty: all),
 * the product types it applies to and whether it is mandatory. Used by the create form and by the
 * requirements editor; the surrounding form owns the values.
 */
export function TestRequirementsFields({
  form,
  known,
}: {
  form: FormInstance;
  /** Test items and countries the rows already name (their labels, whatever page they are on). */
  known?: { testItems: readonly RefLike[]; countries: readonly RefLike[] };
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const duplicate = (index: number) => ({
    validator: async () => {
      const rows = form.getFieldValue('tests') as TestRequirementValues[] | undefined;
      if (duplicateRows(rows, testRequirementKey).includes(index)) throw new Error(t('client.testDuplicate'));
    },
  });

  return (
    <Form.List name="tests">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.length === 0 ? (
            <Typography.Text type="secondary">{t('client.testsNone')}</Typography.Text>
          ) : null}
          {fields.map((field, index) => (
            <div key={field.key} style={rowBox} data-testid="client-test-row">
              <Row gutter={12} align="top">
                <Col xs={24} md={12} xl={7}>
                  <Form.Item
                    name={[field.name, 'testItemId']}
                    label={t('client.testItem')}
                    dependencies={[['tests', field.name, 'countryCode']]}
                    rules={[{ required: true, message: t('client.testItemRequired') }, duplicate(index)]}
                  >
                    <ConfigSelect<string | null> list="testitem" known={known?.testItems} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={6}>
                  <Form.Item name={[field.name, 'countryCode']} label={t('client.testCountry')}>
                    <ConfigSelect<string | null>
                      list="country"
                      byCode
                      allowClear
                      placeholder={t('client.allDestinations')}
                      known={known?.countries}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={6}>
                  <Form.Item
                    name={[field.name, 'productTypes']}
                    label={t('client.productTypes')}
                    rules={[
                      { required: true, type: 'array', min: 1, message: t('client.productTypesRequired') },
                    ]}
                  >
                    <Checkbox.Group options={enumOptions('ProductType', language)} />
                  </Form.Item>
                </Col>
                <Col xs={16} md={8} xl={3}>
                  <Form.Item
                    name={[field.name, 'mandatory']}
                    label={t('client.mandatory')}
                    valuePropName="checked"
                  >
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={8} md={4} xl={2}>
                  <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
                    <Button
                      danger
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('client.testRemove', { n: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </div>
          ))}
          <div>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add(newTestRequirement())}
              data-testid="client-test-add"
            >
              {t('client.testAdd')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
