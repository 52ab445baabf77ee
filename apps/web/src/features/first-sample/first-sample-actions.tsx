import { EditOutlined } from '@ant-design/icons';
import { FS_AUDIT_RESULTS, FS_RESULTS_WITH_CORRECTIVE } from '@qcdesk/contract/first-sample';
import { Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../api/api-error';
import { ActionBar } from '../../components/action-bar';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { markFieldError } from '../../components/record/use-record-form';
import { enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import {
  type FirstSampleDetail,
  useAuditFirstSample,
  useCancelFirstSample,
  useCreateFirstSample,
  useInvalidateFirstSample,
  useRejectCheck,
} from './api';

interface JudgeValues {
  result?: number;
  corrective?: string;
}

/** The result dialog (`firstsample/result`): result 1–3, a corrective action for 2–3 (DOMAIN.md §7.3). */
function JudgeDialog({ sample, onClose }: { sample: FirstSampleDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<JudgeValues>();
  const judge = useAuditFirstSample();
  const result = Form.useWatch('result', form);
  const needsCorrective = (FS_RESULTS_WITH_CORRECTIVE as readonly number[]).includes(result ?? 0);
  const submit = (values: JudgeValues) =>
    judge.mutate(
      {
        id: sample.id,
        version: sample.version,
        result: values.result ?? 0,
        corrective: values.corrective ?? '',
      },
      {
        onSuccess: () => {
          notify('success', t('first-sample.judgeDone'));
          onClose();
        },
        onError: (error: ApiError) => {
          markFieldError(form, error);
          if (!error.field) notify('error', error.message);
        },
      },
    );
  return (
    <GuardedModal
      open
      title={t('first-sample.judgeTitle', { sampleNo: sample.sampleNo })}
      okText={t('first-sample.judge')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: judge.isPending, ...{ 'data-testid': 'first-sample-judge-ok' } }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="result"
          label={t('first-sample.result')}
          rules={[{ required: true, message: t('first-sample.result') }]}
        >
          <Radio.Group
            options={FS_AUDIT_RESULTS.map((code) => ({
              value: code,
              label: enumText('FsAuditResult', code, language),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="corrective"
          label={t('first-sample.corrective')}
          // Once the result needs it, the rule itself says why (as the error): no repeated grey hint.
          extra={needsCorrective ? undefined : t('first-sample.correctiveHint')}
          rules={[{ required: needsCorrective, whitespace: true, message: t('first-sample.correctiveHint') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}

/**
 * A first sample's action bar from the server's `actions` flags: edit, judge (its own dialog), send
 * the check back with a reason, next round, the result details and cancel (confirmed).
 */
export function FirstSampleActions({ sample, modify }: { sample: FirstSampleDetail; modify: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [judging, setJudging] = useState(false);
  const cancel = useCancelFirstSample();
  const reject = useRejectCheck();
  const next = useCreateFirstSample(false);
  const can = (action: string) => sample.actions.includes(action);
  const key = { id: sample.id, version: sample.version };
  return (
    <>
      <ActionBar
        testId="first-sample"
        onStale={useInvalidateFirstSample()}
        actions={[
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            show: modify,
            to: `/${language}/firstsample/${sample.id}?edit=1`,
          },
          {
            key: 'judge',
            label: t('first-sample.judge'),
            tone: 'primary',
            show: can('audit'),
            open: () => setJudging(true),
          },
          {
            key: 'reject',
            label: t('first-sample.rejectCheck'),
            show: can('reject'),
            reason: {
              title: t('first-sample.rejectTitle', { sampleNo: sample.sampleNo }),
              label: t('first-sample.reason'),
              okText: t('first-sample.rejectCheck'),
            },
            run: (reason) => reject.mutateAsync({ ...key, reason: reason ?? '' }),
            pending: reject.isPending,
            done: t('first-sample.rejectDone'),
          },
          {
            key: 'next-round',
            label: t('first-sample.nextRound'),
            tone: 'primary',
            show: can('nextRound'),
            run: () => next.mutateAsync({ previousId: sample.id }),
            pending: next.isPending,
            done: (created: { round: number }) => t('first-sample.nextRoundDone', { round: created.round }),
            after: (created: { id: string }) => void navigate(`/${language}/firstsample/${created.id}`),
          },
          {
            key: 'result-link',
            label: t('first-sample.resultDetails'),
            show: true,
            to: `/${language}/firstsample/result/${sample.id}`,
          },
          {
            key: 'cancel',
            label: t('first-sample.cancel'),
            tone: 'danger',
            show: can('cancel'),
            confirm: { title: t('first-sample.cancelConfirm', { sampleNo: sample.sampleNo }) },
            run: () => cancel.mutateAsync(key),
            pending: cancel.isPending,
            done: t('first-sample.cancelDone'),
          },
        ]}
      />
      {judging ? <JudgeDialog sample={sample} onClose={() => setJudging(false)} /> : null}
    </>
  );
}
