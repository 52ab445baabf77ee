import { Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordLink } from '../../components/record/record-link';
import { enumText } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import type { MaterialDetail } from './api';

type TestSummary = MaterialDetail['tests'][number];

/** The material's newest tests: a table, or a list on phones. */
export function MaterialTests({ tests }: { tests: readonly TestSummary[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const testNo = (row: TestSummary) => (
    <RecordLink route="MaterialTestDetail" to={`materialtest/${row.id}`}>
      {row.testNo}
    </RecordLink>
  );
  const validity = (row: TestSummary) => `${formatDate(row.startDate)} ~ ${formatDate(row.endDate)}`;
  const status = (row: TestSummary) => <Tag>{enumText('MaterialTestStatus', row.status, language)}</Tag>;

  if (tests.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('material.testsNone')} />;
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('material.tests')}>
        {tests.map((row) => (
          <li
            key={row.id}
            style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
          >
            <Flex justify="space-between" gap={8}>
              <Typography.Text strong>{testNo(row)}</Typography.Text>
              {status(row)}
            </Flex>
            <div>
              {validity(row)} · {enumText('TestResult', row.result, language)}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<TestSummary>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...tests]}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'testNo', title: t('material.testNo'), render: (_, row) => testNo(row) },
        { key: 'validity', title: t('material.validity'), render: (_, row) => validity(row) },
        {
          key: 'result',
          title: t('material.result'),
          render: (_, row) => enumText('TestResult', row.result, language),
        },
        { key: 'status', title: t('material.status'), render: (_, row) => status(row) },
      ]}
    />
  );
}
