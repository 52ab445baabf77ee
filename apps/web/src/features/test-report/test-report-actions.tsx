import { EditOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBar } from '../../components/action-bar';
import { currentLanguage } from '../../i18n/i18n';
import {
  type TestReportDetail,
  useInvalidateReport,
  useInvalidateTestReport,
  usePublishTestReport,
  useRejectTestReport,
  useRetestTestReport,
  useVerifyTestReport,
} from './api';
import { ResultDialog } from './test-report-result-dialog';

/**
 * A report's action bar from the server's `actions` flags: edit, enter the result (its own dialog),
 * verify and publish (confirmed), reject (20 → 10), retest (30/40 → 80) and invalidate (30/40 → 90)
 * with a reason, and the previous-report view.
 */
export function TestReportActions({ report, modify }: { report: TestReportDetail; modify: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [entering, setEntering] = useState(false);
  const verify = useVerifyTestReport();
  const publish = usePublishTestReport();
  const reject = useRejectTestReport();
  const retest = useRetestTestReport();
  const invalidate = useInvalidateReport();
  const can = (action: string) => report.actions.includes(action);
  const reportNo = report.reportNo ?? t('test-report.pending');
  const key = { id: report.id, version: report.version };
  const reason = (action: 'reject' | 'retest' | 'invalidate', title: string) => ({
    title,
    label: t('test-report.reason'),
    okText: t(`test-report.${action}`),
    testId: 'test-report-reason',
    ...(action === 'retest' ? { hint: t('test-report.retestHint') } : {}),
  });
  return (
    <>
      <ActionBar
        testId="test-report"
        onStale={useInvalidateTestReport()}
        actions={[
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            show: modify && can('edit'),
            to: `/${language}/testreport/${report.id}?edit=1`,
          },
          {
            key: 'enter-result',
            label: t('test-report.enterResult'),
            tone: 'primary',
            show: can('result'),
            open: () => setEntering(true),
          },
          {
            key: 'verify',
            label: t('test-report.verify'),
            tone: 'primary',
            show: can('verify'),
            confirm: { title: t('test-report.verifyConfirm', { reportNo }) },
            run: () => verify.mutateAsync(key),
            pending: verify.isPending,
            done: t('test-report.verifyDone'),
          },
          {
            key: 'reject',
            label: t('test-report.reject'),
            show: can('reject'),
            reason: reason('reject', t('test-report.rejectTitle', { reportNo })),
            run: (text) => reject.mutateAsync({ ...key, reason: text ?? '' }),
            pending: reject.isPending,
            done: t('test-report.rejectDone'),
          },
          {
            key: 'publish',
            label: t('test-report.publish'),
            tone: 'primary',
            show: can('publish'),
            confirm: { title: t('test-report.publishConfirm', { reportNo }) },
            run: () => publish.mutateAsync(key),
            pending: publish.isPending,
            done: t('test-report.publishDone'),
          },
          {
            key: 'retest',
            label: t('test-report.retest'),
            show: can('retest'),
            reason: reason('retest', t('test-report.retestTitle', { reportNo })),
            run: (text) => retest.mutateAsync({ ...key, reason: text ?? '' }),
            pending: retest.isPending,
            done: (updated: TestReportDetail) =>
              t('test-report.retestDone', { testOrderNo: updated.retestOrder?.testOrderNo ?? '' }),
          },
          {
            key: 'previous',
            label: t('test-report.previous'),
            show: Boolean(report.previousReportId),
            to: `/${language}/testreport/${report.id}?view=previous`,
          },
          {
            key: 'invalidate',
            label: t('test-report.invalidate'),
            tone: 'danger',
            show: can('invalidate'),
            reason: reason('invalidate', t('test-report.invalidateTitle', { reportNo })),
            run: (text) => invalidate.mutateAsync({ ...key, reason: text ?? '' }),
            pending: invalidate.isPending,
            done: t('test-report.invalidateDone'),
          },
        ]}
      />
      {entering ? <ResultDialog report={report} onClose={() => setEntering(false)} /> : null}
    </>
  );
}
