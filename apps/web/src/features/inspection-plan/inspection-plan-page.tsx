import { createInspectionPlan } from '@qcdesk/contract/inspection-plan';
import { Card, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { pageHeading } from '../../components/list-page';
import { InspectionPlanDetailPage } from './inspection-plan-detail-page';
import { InspectionPlanList } from './inspection-plan-list-page';
import { PlanBoard } from './plan-board';

type View = 'list' | 'board';

/**
 * Spec §2 InspectionPlan (`inspection/plan`), one route: `?id=` shows a plan, `?view=board` the
 * planning board (planners: inspplan.create), anything else the list.
 */
export function InspectionPlanPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  if (id) return <InspectionPlanDetailPage id={id} />;
  const plans = hasPermission(session, createInspectionPlan.permission);
  const view: View = plans && params.get('view') === 'board' ? 'board' : 'list';
  const views = plans ? (
    <Segmented<View>
      value={view}
      onChange={(next) => setParams(next === 'list' ? {} : { view: next })}
      options={[
        { value: 'list', label: t('inspection-plan.view.list') },
        { value: 'board', label: t('inspection-plan.view.board') },
      ]}
      data-testid="inspection-plan-views"
    />
  ) : undefined;
  if (view === 'list') return <InspectionPlanList above={views} />;
  return (
    <Card title={<h1 style={pageHeading}>{t('inspection-plan.boardTitle')}</h1>}>
      <Flex vertical gap={12}>
        {views}
        <PlanBoard />
      </Flex>
    </Card>
  );
}
