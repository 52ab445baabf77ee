import { createInspectionPlan } from '@qcdesk/contract/inspection-plan';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type InspectionPlanRow, inspectionPlansSearchKey, requestInspectionPlans } from './api';
import { inspectionPlanColumns, planLink } from './inspection-plan-columns';

/** Spec §2 InspectionPlan (`inspection/plan`): the plans by spec §3's filters; `above` holds the views. */
export function InspectionPlanList({ above }: { above?: ReactNode }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => inspectionPlanColumns(language), [language]);
  return (
    <ListPage<InspectionPlanRow>
      title={t('inspection-plan.title')}
      testId="inspection-plan"
      above={above}
      columns={columns}
      rowKey="id"
      queryKey={inspectionPlansSearchKey}
      listKey="inspectionplan"
      request={requestInspectionPlans}
      cardTitle={(row) => (
        <Link to={planLink(language, row.id)}>
          {row.planNo} | {refName(row.factory, language)}
        </Link>
      )}
      create={{
        permission: createInspectionPlan.permission,
        to: 'inspection/plan?view=board',
        label: t('inspection-plan.planOnBoard'),
      }}
    />
  );
}
