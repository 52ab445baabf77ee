import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBar } from '../../components/action-bar';
import {
  type InspectionReportDetail,
  useCancelReport,
  useCheckoutReport,
  useInterimReport,
  useInvalidateInspectionReport,
  useRejectReport,
  useReleaseReport,
  useReopenReport,
  useSubmitReport,
} from './api';
import { ApproveDialog } from './report-approve-dialog';
import { SendDialog } from './report-send';
import { reasonActions, reasonTitles } from './report-texts';

/**
 * A report's action bar from the server's `actions` flags: check out / release (the edit lock of
 * §6.10, force-release for an admin), submit and interim (the lead), approve (its own dialog),
 * reject, reopen and cancel with a reason.
 */
export function InspectionReportActions({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const [approving, setApproving] = useState(false);
  const [sending, setSending] = useState(false);
  const onStale = useInvalidateInspectionReport();
  const checkout = useCheckoutReport();
  const release = useReleaseReport();
  const submit = useSubmitReport();
  const interim = useInterimReport();
  const reject = useRejectReport();
  const reopen = useReopenReport();
  const cancel = useCancelReport();
  const can = (action: string) => report.actions.includes(action);
  const reportNo = report.reportNo;
  const key = { id: report.id, version: report.version };
  const reason = (action: 'reject' | 'reopen' | 'cancel') => ({
    title: reasonTitles(t, reportNo)[action],
    label: t('inspection-report.reason'),
    okText: reasonActions(t)[action],
    testId: 'inspection-report-reason',
  });
  return (
    <>
      <ActionBar
        testId="inspection-report"
        onStale={onStale}
        actions={[
          {
            key: 'checkout',
            label: t('inspection-report.checkout'),
            tone: 'primary',
            show: can('checkout'),
            run: () => checkout.mutateAsync({ id: report.id }),
            pending: checkout.isPending,
            done: t('inspection-report.checkedOutDone'),
          },
          {
            key: 'submit',
            label: t('inspection-report.submit'),
            tone: 'primary',
            show: can('submit'),
            confirm: {
              title: t('inspection-report.submitConfirm', { reportNo }),
              okText: t('inspection-report.submit'),
            },
            run: () => submit.mutateAsync(key),
            pending: submit.isPending,
            done: t('inspection-report.submitDone'),
          },
          {
            key: 'approve',
            label: t('inspection-report.approve'),
            tone: 'primary',
            show: can('approve'),
            open: () => setApproving(true),
          },
          {
            key: 'send',
            label: t('inspection-report.send'),
            tone: 'primary',
            show: can('send'),
            open: () => setSending(true),
          },
          {
            key: 'interim',
            label: t('inspection-report.interimIssue'),
            show: can('interim'),
            confirm: {
              title: t('inspection-report.interimConfirm', { reportNo }),
              okText: t('inspection-report.interimIssue'),
            },
            run: () => interim.mutateAsync(key),
            pending: interim.isPending,
            done: t('inspection-report.interimDone'),
          },
          {
            key: 'release',
            label: t('inspection-report.release'),
            show: can('release'),
            run: () => release.mutateAsync({ id: report.id }),
            pending: release.isPending,
            done: t('inspection-report.releasedDone'),
          },
          {
            key: 'forceRelease',
            label: t('inspection-report.forceRelease'),
            show: can('forceRelease'),
            confirm: {
              title: t('inspection-report.forceReleaseConfirm', {
                name: report.checkout?.by.name ?? '',
              }),
            },
            run: () => release.mutateAsync({ id: report.id, force: true }),
            pending: release.isPending,
            done: t('inspection-report.releasedDone'),
          },
          {
            key: 'reject',
            label: t('inspection-report.reject'),
            show: can('reject'),
            reason: reason('reject'),
            run: (text) => reject.mutateAsync({ ...key, reason: text ?? '' }),
            pending: reject.isPending,
            done: t('inspection-report.rejectDone'),
          },
          {
            key: 'reopen',
            label: t('inspection-report.reopen'),
            show: can('reopen'),
            reason: reason('reopen'),
            run: (text) => reopen.mutateAsync({ ...key, reason: text ?? '' }),
            pending: reopen.isPending,
            done: t('inspection-report.reopenDone'),
          },
          {
            key: 'cancel',
            label: t('inspection-report.cancel'),
            tone: 'danger',
            show: can('cancel'),
            reason: reason('cancel'),
            run: (text) => cancel.mutateAsync({ ...key, reason: text ?? '' }),
            pending: cancel.isPending,
            done: t('inspection-report.cancelDone'),
          },
        ]}
      />
      {approving ? (
        <ApproveDialog report={report} onStale={onStale} onClose={() => setApproving(false)} />
      ) : null}
      {sending ? <SendDialog report={report} onStale={onStale} onClose={() => setSending(false)} /> : null}
    </>
  );
}
