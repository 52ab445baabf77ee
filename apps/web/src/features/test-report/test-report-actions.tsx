import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { useConfirm } from '../../components/confirm-dialog';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import {
  type TestReportDetail,
  useInvalidateReport,
  usePublishTestReport,
  useRejectTestReport,
  useRetestTestReport,
  useVerifyTestReport,
} from './api';
import { ResultDialog } from './test-report-result-dialog';

type ReasonAction = 'reject' | 'retest' | 'invalidate';

/** reject (20 → 10), retest (30/40 → 80) and invalidate (30/40 → 90) ask for a reason. */
function ReasonDialog({
  report,
  action,
  onClose,
}: {
  report: TestReportDetail;
  action: ReasonAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const mutations = {
    reject: useRejectTestReport(),
    retest: useRetestTestReport(),
    invalidate: useInvalidateReport(),
  };
  const mutation = mutations[action];
  const reportNo = report.reportNo ?? t('test-report.pending');
  const titles = {
    reject: t('test-report.rejectTitle', { reportNo }),
    retest: t('test-report.retestTitle', { reportNo }),
    invalidate: t('test-report.invalidateTitle', { reportNo }),
  };
  const labels = {
    reject: t('test-report.reject'),
    retest: t('test-report.retest'),
    invalidate: t('test-report.invalidate'),
  };
  const done = (updated: TestReportDetail) => {
    if (action === 'retest')
      notify('success', t('test-report.retestDone', { testOrderNo: updated.retestOrder?.testOrderNo ?? '' }));
    else
      notify('success', action === 'reject' ? t('test-report.rejectDone') : t('test-report.invalidateDone'));
    onClose();
  };
  return (
    <GuardedModal
      open
      title={titles[action]}
      okText={labels[action]}
      okButtonProps={{
        danger: action === 'invalidate',
        loading: mutation.isPending,
        ...{ 'data-testid': 'test-report-reason-ok' },
      }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {action === 'retest' ? (
        <Alert type="info" showIcon title={t('test-report.retestHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          mutation.mutate(
            { id: report.id, version: report.version, reason: values.reason },
            {
              onSuccess: (updated) => done(updated as TestReportDetail),
              onError: (error) => notify('error', error.message),
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('test-report.reason')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={500}
            showCount
            data-testid="test-report-reason"
          />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}

/** The buttons of a report's transitions and the previous-report view. */
export function TestReportActions({ report }: { report: TestReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const [dialog, setDialog] = useState<ReasonAction | 'result' | null>(null);
  const verify = useVerifyTestReport();
  const publish = usePublishTestReport();
  const can = (action: string) => report.actions.includes(action);
  const reportNo = report.reportNo ?? t('test-report.pending');
  const confirmThen = async (title: string, run: () => void) => {
    if (await confirm({ title })) run();
  };
  const key = { id: report.id, version: report.version };
  const handlers = (done: string) => ({
    onSuccess: () => notify('success', done),
    onError: (error: Error) => notify('error', error.message),
  });
  return (
    <>
      {holder}
      {can('result') ? (
        <Button type="primary" onClick={() => setDialog('result')} data-testid="test-report-enter-result">
          {t('test-report.enterResult')}
        </Button>
      ) : null}
      {can('verify') ? (
        <Button
          type="primary"
          loading={verify.isPending}
          data-testid="test-report-verify"
          onClick={() =>
            void confirmThen(t('test-report.verifyConfirm', { reportNo }), () =>
              verify.mutate(key, handlers(t('test-report.verifyDone'))),
            )
          }
        >
          {t('test-report.verify')}
        </Button>
      ) : null}
      {can('reject') ? (
        <Button onClick={() => setDialog('reject')} data-testid="test-report-reject">
          {t('test-report.reject')}
        </Button>
      ) : null}
      {can('publish') ? (
        <Button
          type="primary"
          loading={publish.isPending}
          data-testid="test-report-publish"
          onClick={() =>
            void confirmThen(t('test-report.publishConfirm', { reportNo }), () =>
              publish.mutate(key, handlers(t('test-report.publishDone'))),
            )
          }
        >
          {t('test-report.publish')}
        </Button>
      ) : null}
      {can('retest') ? (
        <Button onClick={() => setDialog('retest')} data-testid="test-report-retest">
          {t('test-report.retest')}
        </Button>
      ) : null}
      {can('invalidate') ? (
        <Button danger onClick={() => setDialog('invalidate')} data-testid="test-report-invalidate">
          {t('test-report.invalidate')}
        </Button>
      ) : null}
      {report.previousReportId ? (
        <ButtonLink
          to={`/${language}/testreport/${report.id}?view=previous`}
          data-testid="test-report-previous"
        >
          {t('test-report.previous')}
        </ButtonLink>
      ) : null}
      {dialog === 'result' ? <ResultDialog report={report} onClose={() => setDialog(null)} /> : null}
      {dialog && dialog !== 'result' ? (
        <ReasonDialog report={report} action={dialog} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
