import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { safetyTestInput } from '@qcdesk/contract/client';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { ConfigSelect } from '../../components/config-select';
import { NumberField, useNumberRule } from '../../components/number-field';
import { ChildRowsCard } from '../../components/record/child-rows-card';
import { fieldFacts } from '../../components/record/field-rules';
import { EMPTY, refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import {
  type ClientRequirements,
  type RequirementsInput,
  useClient,
  useClientRequirements,
  useInvalidateClient,
  useSaveRequirements,
} from './api';
import { DownloadRequirementsButton } from './client-download-button';
import {
  duplicateRows,
  type SafetyTestValues,
  safetyTestInputs,
  safetyTestKey,
  safetyTestValues,
} from './client-form-values';

type SafetyRow = ClientRequirements['safetyTests'][number];

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;
const rowBox = {
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: '12px 12px 0',
} as const;
const CRITERION_MAX = 500;

function SafetyTestTable({ rows }: { rows: readonly SafetyRow[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('client.safetyNone')} />;
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('client.safetyTests')}>
        {rows.map((row) => (
          <li
            key={row.id}
            style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
          >
            <Typography.Text strong>{refName(row.inspectionTest, language)}</Typography.Text>
            <div>{t('client.sampleQtyValue', { count: row.sampleQty })}</div>
            {row.criterion ? <Typography.Text type="secondary">{row.criterion}</Typography.Text> : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<SafetyRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'test',
          title: t('client.inspectionTest'),
          render: (_, row) => refName(row.inspectionTest, language),
        },
        { key: 'qty', title: t('client.sampleQty'), align: 'right', render: (_, row) => row.sampleQty },
        { key: 'criterion', title: t('client.criterion'), render: (_, row) => row.criterion || EMPTY },
      ]}
    />
  );
}

const { min, max } = fieldFacts(safetyTestInput, 'sampleQty');
const sampleQty = { min, max };

function SafetyTestFields({ known }: { known: readonly SafetyRow[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<{ safetyTests: SafetyTestValues[] }>();
  const qtyRule = useNumberRule({ ...sampleQty, precision: 0 });
  return (
    <Form.List name="safetyTests">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.length === 0 ? (
            <Typography.Text type="secondary">{t('client.safetyNone')}</Typography.Text>
          ) : null}
          {fields.map((field, index) => (
            <div key={field.key} style={rowBox} data-testid="client-safety-row">
              <Row gutter={12}>
                <Col xs={24} md={9}>
                  <Form.Item
                    name={[field.name, 'inspectionTestId']}
                    label={t('client.inspectionTest')}
                    rules={[
                      { required: true, message: t('client.inspectionTestRequired') },
                      {
                        validator: async () => {
                          const rows = form.getFieldValue('safetyTests') as SafetyTestValues[] | undefined;
                          if (duplicateRows(rows, safetyTestKey).includes(index)) {
                            throw new Error(t('client.safetyDuplicate'));
                          }
                        },
                      },
                    ]}
                  >
                    <ConfigSelect<string | null>
                      list="inspectiontest"
                      known={known.map((row) => row.inspectionTest)}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item
                    name={[field.name, 'sampleQty']}
                    label={t('client.sampleQty')}
                    rules={[{ required: true, message: t('client.sampleQtyRequired') }, qtyRule]}
                  >
                    <NumberField />
                  </Form.Item>
                </Col>
                <Col xs={24} md={9}>
                  <Form.Item
                    name={[field.name, 'criterion']}
                    label={t('client.criterion')}
                    rules={[{ max: CRITERION_MAX }]}
                  >
                    <Input maxLength={CRITERION_MAX} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={2}>
                  <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
                    <Button
                      danger
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('client.safetyRemove', { n: index + 1 })}
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
              onClick={() => add({ sampleQty: 1, criterion: '' })}
              data-testid="client-safety-add"
            >
              {t('client.safetyAdd')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

/**
 * Spec §2 ClientSafeTest (`client/safetest/{id}`): the client's requirement texts and the on-site
 * safety tests every inspection report of the client must record (DOMAIN.md §2.2, §7.3), saved with
 * `client/test/update` as `safetyTests` (the test requirements are left as they are).
 */
export function ClientSafetyTestPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const session = useSession();
  const language = currentLanguage();
  const client = useClient(id);
  const requirements = useClientRequirements(id);
  const save = useSaveRequirements();
  const invalidate = useInvalidateClient();
  const phone = useIsPhone();

  if (client.isPending || requirements.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  const failed = client.error ?? requirements.error;
  if (failed || !client.data || !requirements.data) {
    return (
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('client.loadFailed')}</h1>}
        subTitle={failed?.message}
        extra={<ButtonLink to={`/${language}/client`}>{t('common.backToList')}</ButtonLink>}
      />
    );
  }
  const detail = client.data.data;
  const lists = requirements.data.data;

  return (
    <Flex vertical gap={16}>
      <Card data-testid="client-safetest-page">
        <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
          <h1 style={heading}>{t('client.safetyTestTitle', { name: detail.name })}</h1>
          <Flex gap={8} wrap>
            <ButtonLink to={`/${language}/client/${detail.id}`} icon={<ArrowLeftOutlined />}>
              {t('client.backToClient')}
            </ButtonLink>
            <DownloadRequirementsButton clientId={detail.id} />
          </Flex>
        </Flex>
        <Descriptions
          bordered
          size="small"
          layout={phone ? 'vertical' : 'horizontal'}
          column={1}
          items={[
            {
              key: 'safety',
              label: t('client.safetyRequirement'),
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {detail.safetyRequirement || EMPTY}
                </Typography.Paragraph>
              ),
            },
            {
              key: 'inspection',
              label: t('client.inspectionRequirement'),
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {detail.inspectionRequirement || EMPTY}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <ChildRowsCard<{ safetyTests: SafetyTestValues[] }, RequirementsInput>
        testId="client-safety"
        title={t('client.safetyTests')}
        intro={<Typography.Paragraph type="secondary">{t('client.safetyIntro')}</Typography.Paragraph>}
        editLabel={t('client.safetyEdit')}
        savedText={t('client.safetySaved')}
        canEdit={hasPermission(session, 'client.edit') && (requirements.data.modify ?? false)}
        initialValues={() => ({ safetyTests: safetyTestValues(lists) })}
        toInput={(values) => ({
          clientId: detail.id,
          version: lists.version,
          safetyTests: safetyTestInputs(values.safetyTests),
        })}
        save={save}
        onStale={invalidate}
        fields={() => <SafetyTestFields known={lists.safetyTests} />}
      >
        <SafetyTestTable rows={lists.safetyTests} />
      </ChildRowsCard>
    </Flex>
  );
}
