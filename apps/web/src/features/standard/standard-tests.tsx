import { Col, Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ConfigSelect } from '../../components/config-select';
import { ChildRowsCard } from '../../components/record/child-rows-card';
import { ChildRowsTable } from '../../components/record/child-rows-table';
import { FormRows } from '../../components/record/form-rows';
import { refName } from '../../components/ref-labels';
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
  type StandardTestValues,
  standardTestKey,
  standardTestsInput,
  standardTestValues,
} from './standard-form-values';

type TestRow = Tests['tests'][number];

function TestTable({ rows }: { rows: readonly TestRow[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const mandatory = (row: TestRow) =>
    row.mandatory ? t('standard.mandatoryYes') : t('standard.mandatoryNo');
  return (
    <ChildRowsTable<TestRow>
      rows={rows}
      label={t('standard.tests')}
      emptyText={t('standard.testsNone')}
      phoneRow={(row) => (
        <>
          <Typography.Text strong>{refName(row.testItem, language)}</Typography.Text> · {mandatory(row)}
        </>
      )}
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
  return (
    <FormRows
      name="tests"
      testId="standard-test"
      emptyText={t('standard.testsNone')}
      addLabel={t('standard.testAdd')}
      newRow={() => ({ mandatory: true })}
      removeLabel={(n) => t('standard.testRemove', { n })}
      removeCol={{ xs: 8, md: 2 }}
    >
      {(field, { unique }) => (
        <>
          <Col xs={24} md={16}>
            <Form.Item
              name={[field.name, 'testItemId']}
              label={t('standard.testItem')}
              rules={[
                { required: true, message: t('standard.testItemRequired') },
                unique(standardTestKey, t('standard.testDuplicate')),
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
        </>
      )}
    </FormRows>
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
