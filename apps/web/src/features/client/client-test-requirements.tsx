import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Form, Skeleton, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { notify } from '../../components/notify';
import { enumText, refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import {
  type ClientRequirements,
  useClientRequirements,
  useInvalidateClient,
  useSaveRequirements,
} from './api';
import {
  type TestRequirementValues,
  testRequirementInputs,
  testRequirementValues,
} from './client-form-values';
import { TestRequirementsFields } from './client-test-requirements-fields';

type TestRow = ClientRequirements['tests'][number];

function TestRequirementTable({ rows }: { rows: readonly TestRow[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const destination = (row: TestRow) =>
    row.country ? refName(row.country, language) : t('client.allDestinations');
  const types = (row: TestRow) =>
    row.productTypes.map((code) => <Tag key={code}>{enumText('ProductType', code, language)}</Tag>);
  const mandatory = (row: TestRow) => (row.mandatory ? t('client.yes') : t('client.no'));

  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('client.testsNone')} />;
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('client.tests')}>
        {rows.map((row) => (
          <li
            key={row.id}
            style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
          >
            <Typography.Text strong>{refName(row.testItem, language)}</Typography.Text>
            <div>
              {destination(row)} · {t('client.mandatory')}: {mandatory(row)}
            </div>
            <div>{types(row)}</div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<TestRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'testItem', title: t('client.testItem'), render: (_, row) => refName(row.testItem, language) },
        { key: 'country', title: t('client.testCountry'), render: (_, row) => destination(row) },
        { key: 'types', title: t('client.productTypes'), render: (_, row) => types(row) },
        { key: 'mandatory', title: t('client.mandatory'), render: (_, row) => mandatory(row) },
      ]}
    />
  );
}

/**
 * The test items a client requires (`client/test/get`), edited as one list and saved with
 * `client/test/update` (rows match on test item + destination). The list carries the client's version.
 */
export function ClientTestRequirements({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const query = useClientRequirements(clientId);
  const save = useSaveRequirements();
  const invalidate = useInvalidateClient();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ tests: TestRequirementValues[] }>();

  const lists = query.data?.data;
  const canEdit = hasPermission(session, 'client.edit') && (query.data?.modify ?? false);

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active />;
  else if (query.isError)
    body = (
      <Alert type="error" showIcon title={t('client.testsLoadFailed')} description={query.error.message} />
    );
  else if (lists && editing) {
    body = (
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tests: testRequirementValues(lists) }}
        onFinish={(values) =>
          save.mutate(
            { clientId, version: lists.version, tests: testRequirementInputs(values.tests) },
            {
              onSuccess: () => {
                notify('success', t('client.testsSaved'));
                setEditing(false);
              },
              onError: (error) => {
                if (isApiError(error) && error.reason === 'E_VERSION') {
                  notify('warning', error.message);
                  invalidate();
                  setEditing(false);
                }
              },
            },
          )
        }
        data-testid="client-tests-form"
      >
        {save.isError && save.error.reason !== 'E_VERSION' ? (
          <Alert type="error" showIcon role="alert" title={save.error.message} style={{ marginBottom: 16 }} />
        ) : null}
        <TestRequirementsFields
          form={form}
          known={{
            testItems: lists.tests.map((row) => row.testItem),
            countries: lists.tests.flatMap((row) => (row.country ? [row.country] : [])),
          }}
        />
        <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          <Button onClick={() => setEditing(false)}>{t('client.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="client-tests-save">
            {t('client.save')}
          </Button>
        </Flex>
      </Form>
    );
  } else body = <TestRequirementTable rows={lists?.tests ?? []} />;

  return (
    <Card
      title={<h2 style={{ fontSize: 16, fontWeight: 600, margin: 0 }}>{t('client.tests')}</h2>}
      extra={
        canEdit && !editing ? (
          <Button
            icon={<EditOutlined />}
            onClick={() => {
              save.reset();
              setEditing(true);
            }}
            data-testid="client-tests-edit"
          >
            {t('client.testsEdit')}
          </Button>
        ) : null
      }
      data-testid="client-tests"
    >
      {body}
    </Card>
  );
}
