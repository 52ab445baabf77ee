import { INSPECTION_PLAN_STATUS } from '@qcdesk/contract/inspection-plan';
import { Alert, Card, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { DetailLoadFailed, DetailLoading } from '../../components/detail-states';
import { FULL_ROW, RecordCard, recordDates, subheading } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  fetchInspectionPlanChangeLog,
  INSPECTION_PLAN_ENTITY,
  type InspectionPlanDetail,
  useInspectionPlan,
} from './api';
import { InspectionPlanActions } from './inspection-plan-actions';
import { PlanStatusTag } from './inspection-plan-columns';

const preWrap = { whiteSpace: 'pre-wrap' } as const;

function PlanTasks({ plan }: { plan: InspectionPlanDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Card
      title={<h2 style={subheading}>{t('inspection-plan.tasks')}</h2>}
      data-testid="inspection-plan-tasks"
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={plan.tasks}
        columns={[
          {
            key: 'taskNo',
            title: t('inspection-plan.taskNo'),
            render: (_v, task) => (
              <RecordLink route="InspectionTask" to={`inspection/task?id=${task.id}`}>
                {task.taskNo}
              </RecordLink>
            ),
          },
          {
            key: 'applyNo',
            title: t('inspection-plan.applyNo'),
            render: (_v, task) => task.applyNo ?? EMPTY,
          },
          {
            key: 'orderNo',
            title: t('inspection-plan.orderNo'),
            render: (_v, task) => task.orderNo ?? EMPTY,
          },
          {
            key: 'taskDate',
            title: t('inspection-plan.taskDate'),
            render: (_v, task) => formatDate(task.taskDate),
          },
          {
            key: 'status',
            title: t('inspection-plan.status'),
            render: (_v, task) => enumText('InspectionTaskStatus', task.status, language),
          },
        ]}
      />
    </Card>
  );
}

function PlanView({ plan }: { plan: InspectionPlanDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dates =
    plan.endDate && plan.endDate !== plan.planDate
      ? `${formatDate(plan.planDate)} – ${formatDate(plan.endDate)}`
      : formatDate(plan.planDate);
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="inspection-plan-detail"
        title={plan.planNo}
        tags={<PlanStatusTag status={plan.status} language={language} />}
        actions={<InspectionPlanActions plan={plan} />}
        notices={[
          plan.status === INSPECTION_PLAN_STATUS.cancelled && (
            <Alert
              type="warning"
              showIcon
              title={t('inspection-plan.isCancelled', { reason: plan.reasonText ?? '' })}
            />
          ),
        ]}
        items={[
          { key: 'factory', label: t('inspection-plan.factory'), children: refName(plan.factory, language) },
          { key: 'dates', label: t('inspection-plan.planDate'), children: dates },
          {
            key: 'lead',
            label: t('inspection-plan.leadInspector'),
            children: userDisplayName(plan.leadInspector, language),
          },
          {
            key: 'assistants',
            label: t('inspection-plan.assistants'),
            children: plan.assistants.map((a) => userDisplayName(a, language)).join(', ') || EMPTY,
          },
          { key: 'manDays', label: t('inspection-plan.manDays'), children: plan.manDays },
          {
            key: 'orderNos',
            label: t('inspection-plan.orderNo'),
            children: plan.orderNos.join(', ') || EMPTY,
          },
          {
            key: 'dispatchedAt',
            label: t('inspection-plan.dispatchedAt'),
            children: plan.dispatchedAt ? formatDateTime(plan.dispatchedAt) : EMPTY,
          },
          {
            key: 'remark',
            label: t('inspection-plan.remark'),
            span: FULL_ROW,
            children: <span style={preWrap}>{plan.remark ?? EMPTY}</span>,
          },
          ...recordDates(plan, t, language),
        ]}
      />
      <PlanTasks plan={plan} />
      <ChangeLogCard entity={INSPECTION_PLAN_ENTITY} id={plan.id} fetch={fetchInspectionPlanChangeLog} />
    </Flex>
  );
}

/** A plan (`inspection/plan?id=`): its fields, the action bar, its tasks and its change log. */
export function InspectionPlanDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useInspectionPlan(id);
  if (query.isPending) return <DetailLoading />;
  if (query.isError)
    return (
      <DetailLoadFailed
        title={t('inspection-plan.loadFailed')}
        message={query.error.message}
        backTo={`/${currentLanguage()}/inspection/plan`}
        backLabel={t('common.backToList')}
      />
    );
  return <PlanView plan={query.data.data} />;
}
