import { Checkbox, Col, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { FormRows } from '../../components/record/form-rows';
import { enumOptions, type RefLike } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { newTestRequirement, testRequirementKey } from './client-form-values';

/**
 * The test requirements of a client as form rows (`tests`): test item, destination (empty: all),
 * the product types it applies to and whether it is mandatory. Used by the create form and by the
 * requirements editor; the surrounding form owns the values.
 */
export function TestRequirementsFields({
  known,
}: {
  /** Test items and countries the rows already name (their labels, whatever page they are on). */
  known?: { testItems: readonly RefLike[]; countries: readonly RefLike[] };
}) {
  const { t } = useTranslation();
  const language = currentLanguage();

  return (
    <FormRows
      name="tests"
      testId="client-test"
      emptyText={t('client.testsNone')}
      addLabel={t('client.testAdd')}
      newRow={newTestRequirement}
      removeLabel={(n) => t('client.testRemove', { n })}
      removeCol={{ xs: 8, md: 4, xl: 2 }}
      align="top"
    >
      {(field, { unique }) => (
        <>
          <Col xs={24} md={12} xl={7}>
            <Form.Item
              name={[field.name, 'testItemId']}
              label={t('client.testItem')}
              dependencies={[['tests', field.name, 'countryCode']]}
              rules={[
                { required: true, message: t('client.testItemRequired') },
                unique(testRequirementKey, t('client.testDuplicate')),
              ]}
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
              rules={[{ required: true, type: 'array', min: 1, message: t('client.productTypesRequired') }]}
            >
              <Checkbox.Group options={enumOptions('ProductType', language)} />
            </Form.Item>
          </Col>
          <Col xs={16} md={8} xl={3}>
            <Form.Item name={[field.name, 'mandatory']} label={t('client.mandatory')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </>
      )}
    </FormRows>
  );
}
