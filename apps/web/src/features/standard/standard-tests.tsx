import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Form, Row, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ConfigSelect } from '../../components/config-select';
import { ChildRowsCard } from '../../components/record/child-rows-card';
import { refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import {
  type StandardKind,
  type StandardTestsInput,
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
  const tests = query.data?.data;
  return (
    <ChildRowsCard<{ tests: StandardTestValues[] }, StandardTestsInput>
      testId="standard-tests"
      title={t('standard.tests')}
      editLabel={t('standard.testsEdit')}
      savedText={t('standard.testsSaved')}
      canEdit={hasPermission(session, 'standard.edit') && (query.data?.modify ?? false)}
      loading={query.isPending}
      loadError={
        query.isError ? { title: t('standard.testsLoadFailed'), message: query.error.message } : null
      }
      initialValues={() => ({ tests: tests ? standardTestValues(tests) : [] })}
      toInput={(values) => standardTestsInput(tests as Tests, values.tests)}
      save={useSaveStandardTests(kind)}
      onStale={useInvalidateStandard(kind)}
      fields={() => <TestFields known={tests?.tests ?? []} />}
    >
      <TestTable rows={tests?.tests ?? []} />
    </ChildRowsCard>
  );
}
