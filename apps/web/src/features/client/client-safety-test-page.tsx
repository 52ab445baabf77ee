import { ArrowLeftOutlined } from '@ant-design/icons';
import { safetyTestInput } from '@qcdesk/contract/client';
import { Card, Col, Descriptions, Flex, Form, Input, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { ConfigSelect } from '../../components/config-select';
import { NumberField, useNumberRule } from '../../components/number-field';
import { ChildRowsCard } from '../../components/record/child-rows-card';
import { ChildRowsTable } from '../../components/record/child-rows-table';
import { fieldFacts } from '../../components/record/field-rules';
import { FormRows } from '../../components/record/form-rows';
import { LongText } from '../../components/record/record-card';
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
  type SafetyTestValues,
  safetyTestInputs,
  safetyTestKey,
  safetyTestValues,
} from './client-form-values';

type SafetyRow = ClientRequirements['safetyTests'][number];

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;
const CRITERION_MAX = 500;

function SafetyTestTable({ rows }: { rows: readonly SafetyRow[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ChildRowsTable<SafetyRow>
      rows={rows}
      label={t('client.safetyTests')}
      emptyText={t('client.safetyNone')}
      fitContent
      phoneRow={(row) => (
        <>
          <Typography.Text strong>{refName(row.inspectionTest, language)}</Typography.Text>
          <div>{t('client.sampleQtyValue', { count: row.sampleQty })}</div>
          {row.criterion ? <Typography.Text type="secondary">{row.criterion}</Typography.Text> : null}
        </>
      )}
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
  const qtyRule = useNumberRule({ ...sampleQty, precision: 0 });
  return (
    <FormRows
      name="safetyTests"
      testId="client-safety"
      emptyText={t('client.safetyNone')}
      addLabel={t('client.safetyAdd')}
      newRow={() => ({ sampleQty: 1, criterion: '' })}
      removeLabel={(n) => t('client.safetyRemove', { n })}
      removeCol={{ xs: 12, md: 2 }}
    >
      {(field, { unique }) => (
        <>
          <Col xs={24} md={9}>
            <Form.Item
              name={[field.name, 'inspectionTestId']}
              label={t('client.inspectionTest')}
              rules={[
                { required: true, message: t('client.inspectionTestRequired') },
                unique(safetyTestKey, t('client.safetyDuplicate')),
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
        </>
      )}
    </FormRows>
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
              children: <LongText text={detail.safetyRequirement} />,
            },
            {
              key: 'inspection',
              label: t('client.inspectionRequirement'),
              children: <LongText text={detail.inspectionRequirement} />,
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
