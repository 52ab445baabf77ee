import { Alert, Button, Card, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday } from '../../lib/format';
import { type BoardInspector, type InspectionPlanDetail, useCreateInspectionPlan } from './api';
import { planLink } from './inspection-plan-columns';
import { PlanFields } from './plan-fields';
import {
  type CreatePlanInput,
  createInput,
  type DraftProblem,
  draftProblems,
  type PlanDraft,
} from './plan-selection';
import { useWarnedWrite, type Warned, WriteFeedback } from './plan-warnings';

/**
 * `inspection/plan/create` with its warnings (ADR 0018): the first call writes nothing when it
 * warns; the warnings show inline and "save anyway" resends the same input with `confirm: true`.
 * The saved plan is toasted with the warnings that were confirmed.
 */
export function usePlanCreate(onCreated: (plan: InspectionPlanDetail) => void) {
  const { t } = useTranslation();
  const create = useCreateInspectionPlan();
  return useWarnedWrite<CreatePlanInput, InspectionPlanDetail>(
    (input) => create.mutateAsync(input),
    (answer: Warned<InspectionPlanDetail>) => {
      const language = currentLanguage();
      const noted = answer.warnings.map((w) => w[language]).join('; ');
      const planNo = answer.result?.planNo ?? '';
      notify(
        'success',
        noted
          ? `${t('inspection-plan.createdDone', { planNo })} (${noted})`
          : t('inspection-plan.createdDone', { planNo }),
      );
      if (answer.result) onCreated(answer.result);
    },
  );
}

/** The board's plan panel: what is selected, the plan's fields, what is missing, save (and dispatch). */
export function BoardPanel({
  draft,
  onChange,
  inspectors,
  factoryName,
  onCreated,
}: {
  draft: PlanDraft;
  onChange: (next: PlanDraft) => void;
  inspectors: readonly BoardInspector[];
  factoryName: string | null;
  onCreated: (plan: InspectionPlanDetail) => void;
}) {
  const { t } = useTranslation();
  const [dispatch, setDispatch] = useState(false);
  // The plan just saved, linked until the next selection: its details dispatch and modify it.
  const [created, setCreated] = useState<InspectionPlanDetail | null>(null);
  const write = usePlanCreate((plan) => {
    setCreated(plan);
    onCreated(plan);
  });
  const today = businessToday();
  const problems = draftProblems(draft, today);
  const input = createInput(draft, today, dispatch);
  const problemText: Record<DraftProblem, () => string> = {
    applications: () => t('inspection-plan.problem.applications'),
    lead: () => t('inspection-plan.problem.lead'),
    planDate: () => t('inspection-plan.problem.planDate'),
    endDate: () => t('inspection-plan.problem.endDate'),
    manDays: () => t('inspection-plan.problem.manDays'),
  };
  const edit = (next: PlanDraft) => {
    write.dismiss();
    onChange(next);
  };
  return (
    <Card size="small" title={t('inspection-plan.newPlan')} data-testid="plan-board-panel">
      <Typography.Paragraph data-testid="plan-board-summary">
        {draft.applyIds.length
          ? t('inspection-plan.selectedApplications', {
              count: draft.applyIds.length,
              factory: factoryName ?? '',
            })
          : t('inspection-plan.selectHint')}
      </Typography.Paragraph>
      <PlanFields draft={draft} onChange={edit} inspectors={inspectors} testId="plan-board" />
      {problems.length ? (
        <Typography.Paragraph type="secondary" data-testid="plan-board-missing">
          {t('inspection-plan.missing')}: {problems.map((p) => problemText[p]()).join(', ')}
        </Typography.Paragraph>
      ) : null}
      <Flex vertical gap={8}>
        {created && draft.applyIds.length === 0 ? (
          <Alert
            type="success"
            showIcon
            title={
              <Link to={planLink(currentLanguage(), created.id)} data-testid="plan-board-created">
                {t('inspection-plan.openPlan', { planNo: created.planNo })}
              </Link>
            }
          />
        ) : null}
        <WriteFeedback write={write} testId="plan-board" />
        <Checkbox checked={dispatch} onChange={(e) => setDispatch(e.target.checked)}>
          {t('inspection-plan.dispatchNow')}
        </Checkbox>
        <Button
          type="primary"
          disabled={!input || write.warnings !== null}
          loading={write.pending}
          onClick={() => input && void write.send(input)}
          data-testid="plan-board-save"
        >
          {t('inspection-plan.savePlan')}
        </Button>
      </Flex>
    </Card>
  );
}
