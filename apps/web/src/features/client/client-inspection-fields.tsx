import { createClient } from '@qcdesk/contract/client';
import { Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { NumberField, useNumberRule } from '../../components/number-field';
import { fieldFacts } from '../../components/record/field-rules';
import type { ClientDetail } from './api';
import { aqlOptions } from './client-labels';

const advanceDays = fieldFacts(createClient.input, 'advanceDays');

/** The client form's inspection settings (DOMAIN.md §1.2, §7.2): sampling, AQLs, advance days, destinations. */
export function ClientInspectionFields({ client }: { client?: ClientDetail }) {
  const { t } = useTranslation();
  const required = (message: string) => [{ required: true, message }];
  const advanceDaysRule = useNumberRule({ min: advanceDays.min, max: advanceDays.max, precision: 0 });
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12} xl={8}>
        <Form.Item
          name="samplingLevelId"
          label={t('client.samplingLevel')}
          rules={required(t('common.required', { label: t('client.samplingLevel') }))}
        >
          <ConfigSelect<string> list="samplinglevel" known={client ? [client.samplingLevel] : undefined} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} xl={8}>
        <Form.Item name="tensionLevelId" label={t('client.tensionLevel')}>
          <ConfigSelect<string | null>
            list="tensionlevel"
            allowClear
            placeholder={t('common.none')}
            known={client?.tensionLevel ? [client.tensionLevel] : undefined}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} xl={8}>
        <Form.Item
          name="advanceDays"
          label={t('client.advanceDays')}
          extra={t('client.advanceDaysHint')}
          rules={[...required(t('common.required', { label: t('client.advanceDays') })), advanceDaysRule]}
        >
          <NumberField />
        </Form.Item>
      </Col>
      <Col xs={12} xl={8}>
        <Form.Item name="majorAql" label={t('client.majorAql')} rules={required(t('client.aqlRequired'))}>
          <Select options={aqlOptions} />
        </Form.Item>
      </Col>
      <Col xs={12} xl={8}>
        <Form.Item
          name="minorAql"
          label={t('client.minorAql')}
          dependencies={['majorAql']}
          rules={[
            ...required(t('client.aqlRequired')),
            ({ getFieldValue }) => ({
              validator: async (_, value: number | undefined) => {
                const major = getFieldValue('majorAql') as number | undefined;
                if (value !== undefined && major !== undefined && value < major)
                  throw new Error(t('client.aqlOrder'));
              },
            }),
          ]}
        >
          <Select options={aqlOptions} />
        </Form.Item>
      </Col>
      <Col xs={24} xl={8}>
        <Form.Item name="destinationCountries" label={t('client.destinationCountries')}>
          <ConfigSelect<string[]>
            list="country"
            mode="multiple"
            byCode
            allowClear
            placeholder={t('client.destinationPlaceholder')}
            known={client?.destinationCountries}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
