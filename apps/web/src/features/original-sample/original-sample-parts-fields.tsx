import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { NumberField, useNumberRule } from '../../components/number-field';
import { searchMaterialOptions } from '../../components/pickers';
import { uniqueRowRule } from '../../components/record/form-rows';
import type { RefLike } from '../../components/ref-labels';
import { MaterialAutoComplete } from '../../components/remote-auto-complete';
import { RemoveButton } from '../../components/remove-button';
import { type PartValues, partsComplete } from './original-sample-form-values';

const partBox = {
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: 12,
} as const;
const COLOUR_MAX = 50;
/** A material's share of its part (contract partMaterialInput.percentage). */
const SHARE = { min: 0, max: 100, precision: 2 };

/**
 * The parts of an original sample and the materials of each part, as form rows (`parts`): a part
 * appears once, a material once per part, with its share (%) and colour. The surrounding form owns
 * the values (the create form, or the parts editor of the detail page).
 */
export function PartsFields({ knownParts }: { knownParts?: readonly RefLike[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<{ parts: PartValues[] }>();
  const parts = () => form.getFieldValue('parts') as PartValues[] | undefined;
  const watched = Form.useWatch('parts', form) as PartValues[] | undefined;
  const shareRule = useNumberRule(SHARE);

  return (
    <Form.List name="parts">
      {(partFields, { add: addPart, remove: removePart }) => (
        <Flex vertical gap={12}>
          {partsComplete(watched) ? null : (
            <Alert type="info" showIcon title={t('original-sample.incompleteHint')} />
          )}
          {partFields.length === 0 ? (
            <Typography.Text type="secondary">{t('original-sample.partsNone')}</Typography.Text>
          ) : null}
          {partFields.map((partField, partIndex) => (
            <section key={partField.key} style={partBox} data-testid="original-sample-part">
              <Flex gap={8} align="flex-start">
                <Form.Item
                  name={[partField.name, 'partId']}
                  label={t('original-sample.part')}
                  style={{ flex: 1, minWidth: 0 }}
                  rules={[
                    { required: true, message: t('original-sample.partRequired') },
                    uniqueRowRule(parts, (p) => p.partId, partIndex, t('original-sample.partDuplicate')),
                  ]}
                >
                  <ConfigSelect<string | null> list="part" known={knownParts} />
                </Form.Item>
                <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
                  <RemoveButton
                    label={t('original-sample.partRemove', { n: partIndex + 1 })}
                    onClick={() => removePart(partField.name)}
                  />
                </Form.Item>
              </Flex>
              <Form.List name={[partField.name, 'materials']}>
                {(fields, { add, remove }) => (
                  <Flex vertical gap={0} style={{ paddingInlineStart: 12 }}>
                    {fields.map((field, index) => (
                      <Row key={field.key} gutter={8} align="top" data-testid="original-sample-material">
                        <Col xs={24} md={12}>
                          <Form.Item
                            name={[field.name, 'material']}
                            label={t('original-sample.material')}
                            rules={[
                              { required: true, message: t('original-sample.materialRequired') },
                              uniqueRowRule(
                                () => parts()?.[partField.name]?.materials,
                                (row) => row.material?.value,
                                index,
                                t('original-sample.materialDuplicate'),
                              ),
                            ]}
                          >
                            <MaterialAutoComplete
                              aria-label={t('original-sample.material')}
                              search={searchMaterialOptions}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={10} md={5}>
                          <Form.Item
                            name={[field.name, 'percentage']}
                            label={t('original-sample.percentage')}
                            rules={[shareRule]}
                          >
                            <NumberField precision={SHARE.precision} suffix="%" />
                          </Form.Item>
                        </Col>
                        <Col xs={10} md={5}>
                          <Form.Item
                            name={[field.name, 'colour']}
                            label={t('original-sample.colour')}
                            rules={[{ max: COLOUR_MAX }]}
                          >
                            <Input maxLength={COLOUR_MAX} />
                          </Form.Item>
                        </Col>
                        <Col xs={4} md={2}>
                          <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
                            <Button
                              type="text"
                              icon={<DeleteOutlined />}
                              aria-label={t('original-sample.materialRemove', { n: index + 1 })}
                              onClick={() => remove(field.name)}
                            />
                          </Form.Item>
                        </Col>
                      </Row>
                    ))}
                    <div>
                      <Button
                        size="small"
                        type="dashed"
                        icon={<PlusOutlined />}
                        onClick={() => add({ material: null, percentage: null, colour: '' })}
                        data-testid="original-sample-material-add"
                      >
                        {t('original-sample.materialAdd')}
                      </Button>
                    </div>
                  </Flex>
                )}
              </Form.List>
            </section>
          ))}
          <div>
            <Button
              icon={<PlusOutlined />}
              onClick={() => addPart({ materials: [] })}
              data-testid="original-sample-part-add"
            >
              {t('original-sample.partAdd')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
