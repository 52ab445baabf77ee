import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { businessToday } from '../../lib/format';
import {
  type InspectionPlanDetail,
  type UpdatePlanInput,
  usePlanBoard,
  useUpdateInspectionPlan,
} from './api';
import { PlanFields } from './plan-fields';
import { draftFromPlan, type PlanDraft, updateInput, weekOf } from './plan-selection';
import { useWarnedWrite, WriteFeedback } from './plan-warnings';

/**
 * Modify a plan (10 or 20): dates, inspectors, man-days, remark. The inspectors come from the
 * board of the plan's week; warnings are shown in the dialog and confirmed by resending.
 */
export function PlanUpdateDialog({ plan, onClose }: { plan: InspectionPlanDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const guard = useLeaveGuard();
  const [draft, setDraft] = useState<PlanDraft>(() => draftFromPlan(plan));
  const week = weekOf(plan.planDate);
  const board = usePlanBoard(week[0] as string, week[6] as string, '');
  const update = useUpdateInspectionPlan();
  const write = useWarnedWrite<UpdatePlanInput, InspectionPlanDetail>(
    (input) => update.mutateAsync(input),
    () => {
      guard.settle();
      notify('success', t('common.saved'));
      onClose();
    },
  );
  const input = updateInput(plan, draft, businessToday());
  const known = [plan.leadInspector, ...plan.assistants];
  const inspectors = [
    ...(board.data?.inspectors.map((i) => i.inspector) ?? []),
    ...known.filter((k) => !board.data?.inspectors.some((i) => i.inspector.id === k.id)),
  ];
  return (
    <GuardedModal
      open
      guard={guard}
      title={t('inspection-plan.updateTitle', { planNo: plan.planNo })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !input || write.warnings !== null }}
      confirmLoading={write.pending}
      onOk={() => input && void write.send(input)}
      onCancel={() => {
        guard.settle();
        onClose();
      }}
    >
      <Flex vertical gap={8}>
        <PlanFields
          draft={draft}
          onChange={(next) => {
            guard.change();
            write.dismiss();
            setDraft(next);
          }}
          inspectors={inspectors}
          testId="plan-update"
        />
        <WriteFeedback write={write} testId="plan-update" />
      </Flex>
    </GuardedModal>
  );
}
