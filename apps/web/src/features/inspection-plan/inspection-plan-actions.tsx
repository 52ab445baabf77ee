import { CloseCircleOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBar } from '../../components/action-bar';
import {
  type InspectionPlanDetail,
  useCancelInspectionPlan,
  useDispatchInspectionPlan,
  useInvalidateInspectionPlan,
} from './api';
import { PlanUpdateDialog } from './plan-update-dialog';

/**
 * The plan's action bar from the server's `actions` flags: Modify (a dialog; its warnings are
 * confirmed there), Dispatch (confirmed: the notice is mailed) and Cancel (with its reason).
 */
export function InspectionPlanActions({ plan }: { plan: InspectionPlanDetail }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const dispatch = useDispatchInspectionPlan();
  const cancel = useCancelInspectionPlan();
  const can = (action: string) => plan.actions.includes(action);
  const key = { id: plan.id, version: plan.version };
  return (
    <>
      <ActionBar
        testId="inspection-plan"
        onStale={useInvalidateInspectionPlan()}
        actions={[
          {
            key: 'dispatch',
            label: t('inspection-plan.dispatch'),
            tone: 'primary',
            icon: <SendOutlined />,
            show: can('dispatch'),
            confirm: { title: t('inspection-plan.dispatchConfirm', { planNo: plan.planNo }) },
            run: () => dispatch.mutateAsync(key),
            pending: dispatch.isPending,
            done: t('inspection-plan.dispatchDone'),
          },
          {
            key: 'update',
            label: t('common.edit'),
            icon: <EditOutlined />,
            show: can('update'),
            open: () => setEditing(true),
          },
          {
            key: 'cancel',
            label: t('inspection-plan.cancel'),
            tone: 'danger',
            icon: <CloseCircleOutlined />,
            show: can('cancel'),
            reason: {
              title: t('inspection-plan.cancelConfirm', { planNo: plan.planNo }),
              label: t('inspection-plan.reason'),
              okText: t('inspection-plan.cancel'),
            },
            run: (reason) => cancel.mutateAsync({ ...key, reason: reason ?? '' }),
            pending: cancel.isPending,
            done: t('inspection-plan.cancelDone'),
          },
        ]}
      />
      {editing ? <PlanUpdateDialog plan={plan} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
