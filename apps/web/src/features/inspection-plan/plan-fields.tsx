import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { PLAN_ASSISTANTS_MAX } from '@qcdesk/contract/inspection-plan';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-picker';
import { NumberField } from '../../components/number-field';
import { userText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import type { BoardInspector } from './api';
import { type PlanDraft, setAssistants, setLead, stepManDays, validManDays } from './plan-selection';

/**
 * The plan's own fields, controlled by a draft (plan-selection.ts): lead inspector, up to 5
 * assistants, man-days in steps of 0.5 (typed, or − / +), plan and end date, remark. The board and
 * the update dialog share them.
 */
export function PlanFields({
  draft,
  onChange,
  inspectors,
  testId,
}: {
  draft: PlanDraft;
  onChange: (next: PlanDraft) => void;
  inspectors: readonly BoardInspector[];
  testId: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const options = inspectors.map((i) => ({ value: i.id, label: userText(i, language) }));
  const manDaysBad = draft.manDays !== null && !validManDays(draft.manDays);
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('inspection-plan.leadInspector')} required htmlFor={`${testId}-lead`}>
        <Select
          id={`${testId}-lead`}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          value={draft.leadInspectorId}
          options={options}
          onChange={(id) => onChange(setLead(draft, id ?? null))}
          data-testid={`${testId}-lead`}
        />
      </Form.Item>
      <Form.Item
        label={t('inspection-plan.assistants')}
        extra={t('inspection-plan.assistantsHint', { max: PLAN_ASSISTANTS_MAX })}
        htmlFor={`${testId}-assistants`}
      >
        <Select
          id={`${testId}-assistants`}
          mode="multiple"
          maxCount={PLAN_ASSISTANTS_MAX}
          showSearch={{ optionFilterProp: 'label' }}
          value={[...draft.assistantIds]}
          options={options.filter((o) => o.value !== draft.leadInspectorId)}
          onChange={(ids: string[]) => onChange(setAssistants(draft, ids))}
          data-testid={`${testId}-assistants`}
        />
      </Form.Item>
      <Form.Item
        label={t('inspection-plan.manDays')}
        required
        htmlFor={`${testId}-man-days`}
        validateStatus={manDaysBad ? 'error' : undefined}
        help={manDaysBad ? t('inspection-plan.manDaysHint') : undefined}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Button
            icon={<MinusOutlined />}
            aria-label={t('inspection-plan.manDaysLess')}
            onClick={() => onChange({ ...draft, manDays: stepManDays(draft.manDays, -1) })}
          />
          <NumberField
            id={`${testId}-man-days`}
            precision={1}
            value={draft.manDays}
            onChange={(manDays) => onChange({ ...draft, manDays })}
            data-testid={`${testId}-man-days`}
          />
          <Button
            icon={<PlusOutlined />}
            aria-label={t('inspection-plan.manDaysMore')}
            onClick={() => onChange({ ...draft, manDays: stepManDays(draft.manDays, 1) })}
          />
        </Space.Compact>
      </Form.Item>
      <Space wrap>
        <Form.Item label={t('inspection-plan.planDate')} required htmlFor={`${testId}-plan-date`}>
          <DateField
            id={`${testId}-plan-date`}
            value={draft.planDate}
            onChange={(planDate) => onChange({ ...draft, planDate: planDate ?? null })}
            data-testid={`${testId}-plan-date`}
          />
        </Form.Item>
        <Form.Item label={t('inspection-plan.endDate')} htmlFor={`${testId}-end-date`}>
          <DateField
            id={`${testId}-end-date`}
            value={draft.endDate}
            onChange={(endDate) => onChange({ ...draft, endDate: endDate ?? null })}
            data-testid={`${testId}-end-date`}
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('inspection-plan.remark')} htmlFor={`${testId}-remark`}>
        <Input.TextArea
          id={`${testId}-remark`}
          rows={2}
          maxLength={500}
          value={draft.remark}
          onChange={(e) => onChange({ ...draft, remark: e.target.value })}
        />
      </Form.Item>
    </Form>
  );
}
