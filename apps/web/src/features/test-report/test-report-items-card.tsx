import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import type { TestReportItem } from './api';
import { ResultTag } from './test-report-columns';

/** The items of a report with their results (the table scrolls sideways on phones). */
export function ItemsCard({
  items,
  title,
  testId = 'test-report-items',
}: {
  items: TestReportItem[];
  title?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Card title={title ?? t('test-report.items')} data-testid={testId}>
      <Table<TestReportItem>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={items}
        scroll={{ x: 640 }}
        columns={[
          {
            key: 'testItem',
            title: t('test-report.testItem'),
            render: (_v, i) => refName(i.testItem, language),
          },
          {
            key: 'result',
            title: t('test-report.result'),
            render: (_v, i) => (
              <ResultTag result={i.result} language={language} data-testid="test-report-item-result-tag" />
            ),
          },
          { key: 'product', title: t('test-report.product'), render: (_v, i) => i.product.productNo },
          { key: 'value', title: t('test-report.value'), render: (_v, i) => i.value ?? EMPTY },
          { key: 'limit', title: t('test-report.limit'), render: (_v, i) => i.limit ?? EMPTY },
          { key: 'remark', title: t('test-report.remark'), render: (_v, i) => i.remark ?? EMPTY },
        ]}
      />
    </Card>
  );
}
