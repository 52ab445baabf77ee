import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChildRowsCard } from '../../components/record/child-rows-card';
import { ChildRowsTable } from '../../components/record/child-rows-table';
import { enumText, refName } from '../../components/ref-labels';
import { TagList } from '../../components/tag-list';
import { currentLanguage } from '../../i18n/i18n';
import {
  type ClientRequirements,
  type RequirementsInput,
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
  const destination = (row: TestRow) =>
    row.country ? refName(row.country, language) : t('client.allDestinations');
  const types = (row: TestRow) => (
    <TagList
      items={row.productTypes.map((code) => ({
        key: String(code),
        label: enumText('ProductType', code, language),
      }))}
    />
  );
  const mandatory = (row: TestRow) => (row.mandatory ? t('common.yes') : t('common.no'));

  return (
    <ChildRowsTable<TestRow>
      rows={rows}
      label={t('client.tests')}
      emptyText={t('client.testsNone')}
      fitContent
      phoneRow={(row) => (
        <>
          <Typography.Text strong>{refName(row.testItem, language)}</Typography.Text>
          <div>
            {destination(row)} · {t('client.mandatory')}: {mandatory(row)}
          </div>
          <div>{types(row)}</div>
        </>
      )}
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
  const lists = query.data?.data;
  return (
    <ChildRowsCard<{ tests: TestRequirementValues[] }, RequirementsInput>
      testId="client-tests"
      title={t('client.tests')}
      editLabel={t('client.testsEdit')}
      savedText={t('client.testsSaved')}
      canEdit={hasPermission(session, 'client.edit') && (query.data?.modify ?? false)}
      loading={query.isPending}
      loadError={query.isError ? { title: t('client.testsLoadFailed'), message: query.error.message } : null}
      initialValues={() => ({ tests: lists ? testRequirementValues(lists) : [] })}
      toInput={(values) => ({
        clientId,
        version: lists?.version ?? 0,
        tests: testRequirementInputs(values.tests),
      })}
      save={useSaveRequirements()}
      onStale={useInvalidateClient()}
      fields={() => (
        <TestRequirementsFields
          known={{
            testItems: (lists?.tests ?? []).map((row) => row.testItem),
            countries: (lists?.tests ?? []).flatMap((row) => (row.country ? [row.country] : [])),
          }}
        />
      )}
    >
      <TestRequirementTable rows={lists?.tests ?? []} />
    </ChildRowsCard>
  );
}
