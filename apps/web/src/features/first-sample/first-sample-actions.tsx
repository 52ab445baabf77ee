import { FS_AUDIT_RESULTS, FS_RESULTS_WITH_CORRECTIVE } from '@qcdesk/contract/first-sample';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../api/api-error';
import { ButtonLink } from '../../components/button-link';
import { useConfirm } from '../../components/confirm-dialog';
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

/** Sending a check back (`firstsample/reject`, 20 → 10) with its reason. */
function RejectDialog({ sample, onClose }: { sample: FirstSampleDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectCheck();
  return (
    <GuardedModal
      open
      title={t('first-sample.rejectTitle', { sampleNo: sample.sampleNo })}
      okText={t('first-sample.rejectCheck')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: reject.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          reject.mutate(
            { id: sample.id, version: sample.version, reason: values.reason },
            {
              onSuccess: () => {
                notify('success', t('first-sample.rejectDone'));
                onClose();
              },
              onError: (error) => notify('error', error.message),
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('first-sample.reason')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}

/** The buttons of a first sample's transitions: judge, send back, next round, cancel, result details. */
export function FirstSampleActions({ sample }: { sample: FirstSampleDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [confirm, holder] = useConfirm();
  const [dialog, setDialog] = useState<'judge' | 'reject' | null>(null);
  const cancel = useCancelFirstSample();
  const next = useCreateFirstSample(false);
  const can = (action: string) => sample.actions.includes(action);
  const cancelSample = async () => {
    if (
      !(await confirm({
        title: t('first-sample.cancelConfirm', { sampleNo: sample.sampleNo }),
        danger: true,
      }))
    )
      return;
    cancel.mutate(
      { id: sample.id, version: sample.version },
      { onSuccess: () => notify('success', t('first-sample.cancelDone')) },
    );
  };
  const nextRound = () =>
    next.mutate(
      { previousId: sample.id },
      {
        onSuccess: (created) => {
          notify('success', t('first-sample.nextRoundDone', { round: created.round }));
          void navigate(`/${language}/firstsample/${created.id}`);
        },
      },
    );
  return (
    <>
      {holder}
      {can('audit') ? (
        <Button type="primary" onClick={() => setDialog('judge')} data-testid="first-sample-judge">
          {t('first-sample.judge')}
        </Button>
      ) : null}
      {can('reject') ? (
        <Button onClick={() => setDialog('reject')} data-testid="first-sample-reject">
          {t('first-sample.rejectCheck')}
        </Button>
      ) : null}
      {can('nextRound') ? (
        <Button
          type="primary"
          onClick={nextRound}
          loading={next.isPending}
          data-testid="first-sample-next-round"
        >
          {t('first-sample.nextRound')}
        </Button>
      ) : null}
      <ButtonLink to={`/${language}/firstsample/result/${sample.id}`} data-testid="first-sample-result-link">
        {t('first-sample.resultDetails')}
      </ButtonLink>
      {can('cancel') ? (
        <Button
          danger
          onClick={() => void cancelSample()}
          loading={cancel.isPending}
          data-testid="first-sample-cancel"
        >
          {t('first-sample.cancel')}
        </Button>
      ) : null}
      {dialog === 'judge' ? <JudgeDialog sample={sample} onClose={() => setDialog(null)} /> : null}
      {dialog === 'reject' ? <RejectDialog sample={sample} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
