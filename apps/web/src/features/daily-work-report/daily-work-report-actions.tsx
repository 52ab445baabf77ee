import { formatMessage } from '@qcdesk/contract/messages';
import { useTranslation } from 'react-i18next';
import { ActionBar } from '../../components/action-bar';
import { useWarningsConfirm } from '../../components/warnings-confirm';
import { currentLanguage } from '../../i18n/i18n';
import {
  type DailyReportDetail,
  useCheckDailyReport,
  useInvalidateDailyReport,
  useRejectDailyReport,
  useSendDailyReport,
  useSubmitDailyReport,
} from './api';

/** The moves of a daily report (DOMAIN.md §4.12), shown from the server's `actions`. */
export function DailyReportActions({ report }: { report: DailyReportDetail }) {
  const { t } = useTranslation();
  const submit = useSubmitDailyReport();
  const check = useCheckDailyReport();
  const reject = useRejectDailyReport();
  const send = useSendDailyReport();
  const [withWarnings, holder] = useWarningsConfirm();
  const can = (action: string) => report.actions.includes(action);
  const key = { id: report.id, version: report.version };
  return (
    <>
      {holder}
      <ActionBar
        testId="daily-work-report"
        onStale={useInvalidateDailyReport()}
        actions={[
          {
            key: 'submit',
            label: t('daily-work-report.submit'),
            tone: 'primary',
            show: can('submit'),
            confirm: { title: t('daily-work-report.submitConfirm', { date: report.workDate }) },
            run: () => submit.mutateAsync(key),
            pending: submit.isPending,
            done: t('daily-work-report.submitted'),
          },
          {
            key: 'check',
            label: t('daily-work-report.check'),
            tone: 'primary',
            show: can('check'),
            confirm: { title: t('daily-work-report.checkConfirm') },
            run: () => withWarnings((confirm) => check.mutateAsync({ ...key, confirm })),
            pending: check.isPending,
            done: t('daily-work-report.checked'),
          },
          {
            key: 'send',
            label: t('daily-work-report.send'),
            tone: 'primary',
            show: can('send'),
            confirm: { title: t('daily-work-report.sendConfirm') },
            run: () => send.mutateAsync(key),
            pending: send.isPending,
            done: formatMessage('MAIL_SENT', currentLanguage()),
          },
          {
            key: 'reject',
            label: t('daily-work-report.reject'),
            tone: 'danger',
            show: can('reject'),
            reason: {
              title: t('daily-work-report.rejectTitle'),
              label: t('daily-work-report.reasonLabel'),
              okText: t('daily-work-report.reject'),
            },
            run: (reason) => reject.mutateAsync({ ...key, reason: reason ?? '' }),
            pending: reject.isPending,
            done: t('daily-work-report.rejected'),
          },
        ]}
      />
    </>
  );
}
