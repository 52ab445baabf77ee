import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBar } from '../../components/action-bar';
import { userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import {
  type SuperviseReportDetail,
  useApproveSuperviseReport,
  useCancelSuperviseReport,
  useCheckoutSuperviseReport,
  useInvalidateSuperviseReport,
  useRejectSuperviseReport,
  useReleaseSuperviseReport,
} from './api';
import { SuperviseSendDialog } from './supervise-report-pdf';
import type { SuperviseEditor } from './use-supervise-editor';

/**
 * A supervise report's action bar from the server's `actions` flags: check out / release (the edit
 * lock of §6.10, force-release for an admin), submit (saves the editor first; what is missing is
 * listed in the editor), approve, send (its dialog), reject with a reason, cancel with a reason.
 */
export function SuperviseReportActions({
  report,
  editor,
}: {
  report: SuperviseReportDetail;
  editor: SuperviseEditor | null;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const onStale = useInvalidateSuperviseReport();
  const checkout = useCheckoutSuperviseReport();
  const release = useReleaseSuperviseReport();
  const approve = useApproveSuperviseReport();
  const reject = useRejectSuperviseReport();
  const cancel = useCancelSuperviseReport();
  const can = (action: string) => report.actions.includes(action);
  const reportNo = report.reportNo;
  const key = { id: report.id, version: report.version };
  const reason = (title: string, okText: string) => ({
    title,
    label: t('supervise-report.reason'),
    okText,
    testId: 'supervise-report-reason',
  });
  return (
    <>
      <ActionBar
        testId="supervise-report"
        onStale={onStale}
        actions={[
          {
            key: 'checkout',
            label: t('supervise-report.checkout'),
            tone: 'primary',
            show: can('checkout'),
            run: () => checkout.mutateAsync({ id: report.id }),
            pending: checkout.isPending,
            done: t('supervise-report.checkedOutDone'),
          },
          {
            key: 'submit',
            label: t('supervise-report.submit'),
            tone: 'primary',
            show: can('submit') && editor !== null,
            confirm: {
              title: t('supervise-report.submitConfirm', { reportNo }),
              okText: t('supervise-report.submit'),
            },
            run: () => (editor ? editor.submit() : Promise.reject(new Error('no editor'))),
            pending: editor?.saving ?? false,
            done: t('supervise-report.submitDone'),
          },
          {
            key: 'approve',
            label: t('supervise-report.approve'),
            tone: 'primary',
            show: can('approve'),
            confirm: {
              title: t('supervise-report.approveConfirm', { reportNo }),
              okText: t('supervise-report.approve'),
            },
            run: () => approve.mutateAsync(key),
            pending: approve.isPending,
            done: t('supervise-report.approveDone'),
          },
          {
            key: 'send',
            label: t('supervise-report.send'),
            tone: 'primary',
            show: can('send'),
            open: () => setSending(true),
          },
          {
            key: 'release',
            label: t('supervise-report.release'),
            show: can('release'),
            run: () => release.mutateAsync({ id: report.id }),
            pending: release.isPending,
            done: t('supervise-report.releasedDone'),
          },
          {
            key: 'forceRelease',
            label: t('supervise-report.forceRelease'),
            show: can('forceRelease'),
            confirm: {
              title: t('supervise-report.forceReleaseConfirm', {
                name: report.checkedOutBy ? userDisplayName(report.checkedOutBy, currentLanguage()) : '',
              }),
            },
            run: () => release.mutateAsync({ id: report.id, force: true }),
            pending: release.isPending,
            done: t('supervise-report.releasedDone'),
          },
          {
            key: 'reject',
            label: t('supervise-report.reject'),
            show: can('reject'),
            reason: reason(t('supervise-report.rejectTitle', { reportNo }), t('supervise-report.reject')),
            run: (text) => reject.mutateAsync({ ...key, reason: text ?? '' }),
            pending: reject.isPending,
            done: t('supervise-report.rejectDone'),
          },
          {
            key: 'cancel',
            label: t('supervise-report.cancel'),
            tone: 'danger',
            show: can('cancel'),
            reason: reason(t('supervise-report.cancelTitle', { reportNo }), t('supervise-report.cancel')),
            run: (text) => cancel.mutateAsync({ ...key, reason: text ?? '' }),
            pending: cancel.isPending,
            done: t('supervise-report.cancelDone'),
          },
        ]}
      />
      {sending ? (
        <SuperviseSendDialog report={report} onStale={onStale} onClose={() => setSending(false)} />
      ) : null}
    </>
  );
}
