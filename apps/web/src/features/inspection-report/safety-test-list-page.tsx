import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { requestSafetyTests, type SafetyTestRow, safetyTestsSearchKey } from './api';
import { reportPath } from './inspection-report-columns';
import { safetyTestColumns } from './safety-test-columns';

/** Spec §2 SafeTestInspection (`safetest/inspection`): the safety tests recorded on inspection reports. */
export function SafetyTestListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => safetyTestColumns(language, t), [language, t]);
  return (
    <ListPage<SafetyTestRow>
      title={t('inspection-report.safetyTestsTitle')}
      testId="safety-test"
      columns={columns}
      rowKey="id"
      queryKey={safetyTestsSearchKey}
      request={requestSafetyTests}
      cardTitle={(row) => (
        <Link to={reportPath(language, { id: row.report.id, interim: row.report.interim })}>
          {formatDate(row.inspectionDate)} · {refName(row.inspectionTest, language)} | {row.report.reportNo}
        </Link>
      )}
    />
  );
}
