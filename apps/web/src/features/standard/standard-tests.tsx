import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Form, Row, Skeleton, Switch, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ConfigSelect } from '../../components/config-select';
import { notify } from '../../components/notify';
import { refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import {
  type StandardKind,
  type StandardTests as Tests,
  useInvalidateStandard,
  useSaveStandardTests,
  useStandardTests,
} from './api';
import {
  duplicateTestRows,
  type StandardTestValues,
  standardTestsInput,
  standardTestValues,
} from './standard-form-values';

type TestRow = Tests['tests'][number];

const rowBox = {
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: '12px 12px 0',
} as const;

function TestTable({ rows }: { rows: readonly TestRow[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const mandatory = (row: TestRow) =>
    row.mandatory ? t('standard.mandatoryYes') : t('standard.mandatoryNo');
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('standard.testsNone')} />;
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('standard.tests')}>
        {rows.map((row) => (
          <li
            key={row.id}
            style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
          >
            <Typography.Text strong>{refName(row.testItem, language)}</Typography.Text> · {mandatory(row)}
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
      columns={[
        { key: 'code', title: t('standard.testCode'), render: (_, row) => row.testItem.code ?? '' },
        {
          key: 'testItem',
          title: t('standard.testItem'),
          render: (_, row) => refName(row.testItem, language),
        },
        { key: 'mandatory', title: t('standard.mandatory'), render: (_, row) => mandatory(row) },
      ]}
    />
  );
}

function TestFields({ known }: { known: readonly TestRow[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<{ tests: StandardTestValues[] }>();
  return (
    <Form.List name="tests">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.length === 0 ? (
            <Typography.Text type="secondary">{t('standard.testsNone')}</Typography.Text>
          ) : null}
          {fields.map((field, index) => (
            <div key={field.key} style={rowBox} data-testid="standard-test-row">
              <Row gutter={12}>
                <Col xs={24} md={16}>
                  <Form.Item
                    name={[field.name, 'testItemId']}
                    label={t('standard.testItem')}
                    rules={[
                      { required: true, message: t('standard.testItemRequired') },
                      {
                        validator: async () => {
                          if (duplicateTestRows(form.getFieldValue('tests')).includes(index)) {
                            throw new Error(t('standard.testDuplicate'));
                          }
                        },
                      },
                    ]}
                  >
                    <ConfigSelect<string | null> list="testitem" known={known.map((row) => row.testItem)} />
                  </Form.Item>
                </Col>
                <Col xs={16} md={6}>
                  <Form.Item
                    name={[field.name, 'mandatory']}
                    label={t('standard.mandatory')}
                    valuePropName="checked"
                  >
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={8} md={2}>
                  <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
                    <Button
                      danger
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('standard.testRemove', { n: index + 1 })}
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
              onClick={() => add({ mandatory: true })}
              data-testid="standard-test-add"
            >
              {t('standard.testAdd')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

/** The test items a standard requires (`…/test`), modified as one list (`…/test/update`). */
export function StandardTests({ kind, id }: { kind: StandardKind; id: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const query = useStandardTests(kind, id);
  const save = useSaveStandardTests(kind);
  const invalidate = useInvalidateStandard(kind);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ tests: StandardTestValues[] }>();
  const tests = query.data?.data;
  const canEdit = hasPermission(session, 'standard.edit') && (query.data?.modify ?? false);

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active />;
  else if (query.isError)
    body = (
      <Alert type="error" showIcon title={t('standard.testsLoadFailed')} description={query.error.message} />
    );
  else if (tests && editing) {
    body = (
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tests: standardTestValues(tests) }}
        onFinish={(values) =>
          save.mutate(standardTestsInput(tests, values.tests), {
            onSuccess: () => {
              notify('success', t('standard.testsSaved'));
              setEditing(false);
            },
            onError: (error) => {
              if (isApiError(error) && error.reason === 'E_VERSION') {
                notify('warning', error.message);
                invalidate();
                setEditing(false);
              }
            },
          })
        }
        data-testid="standard-tests-form"
      >
        {save.isError && save.error.reason !== 'E_VERSION' ? (
          <Alert type="error" showIcon role="alert" title={save.error.message} style={{ marginBottom: 16 }} />
        ) : null}
        <TestFields known={tests.tests} />
        <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
          <Button onClick={() => setEditing(false)}>{t('standard.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="standard-tests-save">
            {t('standard.save')}
          </Button>
        </Flex>
      </Form>
    );
  } else body = <TestTable rows={tests?.tests ?? []} />;

  return (
    <Card
      title={<h2 style={{ fontSize: 16, fontWeight: 600, margin: 0 }}>{t('standard.tests')}</h2>}
      extra={
        canEdit && !editing ? (
          <Button
            icon={<EditOutlined />}
            onClick={() => {
              save.reset();
              setEditing(true);
            }}
            data-testid="standard-tests-edit"
          >
            {t('standard.testsEdit')}
          </Button>
        ) : null
      }
      data-testid="standard-tests"
    >
      {body}
    </Card>
  );
}
