/**
 * The Export button of a business list (issue 12): exports the list's current filters to XLSX. The
 * server queues the export and answers spec §8's "邮件已发送，请查收 / The mail has been sent,
 * please check", shown as a toast; the button then shows the job's progress beside it, polling
 * `job/progress` every second until the job is done or failed, and stays disabled meanwhile.
 *
 * Plugging a list in: `<ExportButton exportFn={exportClients} filters={filters} />`, where the
 * area's api.ts has `exportClients = (filters) => api.call(areas.client.exportClients, filters)`.
 */
import { ExportOutlined } from '@ant-design/icons';
import { type JobProgress, jobProgress } from '@qcdesk/contract/list-export';
import { formatMessage } from '@qcdesk/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Progress, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api/client';
import { notify } from './notify';
import { useWidgetsTranslation } from './widgets-i18n';

/** How far the job is; a failed one may say why (`error`: the job's error, or that its worker stopped). */
export type ExportProgress = Pick<JobProgress, 'state' | 'percent'> & Partial<Pick<JobProgress, 'error'>>;

export interface ExportButtonProps<F> {
  /** Queues the export of these filters: the area's export call (`exportClients` of its api.ts). */
  exportFn: (filters: F) => Promise<{ jobId: string }>;
  /** The list's filters, or a function answering them when the button is clicked. */
  filters: F | (() => F);
  /** How far a job is; defaults to `job/progress`. */
  progress?: (jobId: string) => Promise<ExportProgress>;
  /** Milliseconds between two progress polls. */
  interval?: number;
  disabled?: boolean;
  'data-testid'?: string;
}

/** `job/progress` without a toast: a failed poll shows as a failed export beside the button. */
export const readJobProgress = (jobId: string): Promise<ExportProgress> =>
  api.call(jobProgress, { id: jobId }, { silent: true });

const finished = (p: ExportProgress | undefined) => p?.state === 'done' || p?.state === 'failed';

export function ExportButton<F>({
  exportFn,
  filters,
  progress = readJobProgress,
  interval = 1000,
  disabled = false,
  'data-testid': testId = 'export-button',
}: ExportButtonProps<F>) {
  const { t, language } = useWidgetsTranslation();
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({
    queryKey: ['job/progress', jobId],
    queryFn: () => progress(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : interval),
    retry: false,
    gcTime: 0,
  });
  const failed = job.isError || job.data?.state === 'failed';
  const running = starting || (jobId !== null && !failed && job.data?.state !== 'done');

  const start = async () => {
    setStarting(true);
    setJobId(null);
    try {
      const current = typeof filters === 'function' ? (filters as () => F)() : filters;
      const { jobId: queued } = await exportFn(current);
      notify('success', formatMessage('MAIL_SENT', language));
      setJobId(queued);
    } catch {
      // The call's refusal (too many rows, no permission) was already shown as a toast.
    } finally {
      setStarting(false);
    }
  };

  const percent = job.data?.state === 'done' ? 100 : (job.data?.percent ?? 0);
  let status: string | null = null;
  if (jobId !== null) {
    if (failed)
      status = job.data?.error
        ? t('widgets.exportList.failedWhy', { error: job.data.error })
        : t('widgets.exportList.failed');
    else if (job.data?.state === 'done') status = t('widgets.exportList.done');
    else status = t('widgets.exportList.running', { percent });
  }

  return (
    <Flex align="center" gap={8} wrap>
      {/* Before the button, which stays where it is: the bar only while the job runs, then the outcome in words. */}
      {jobId !== null && running ? (
        <Progress
          percent={percent}
          size="small"
          style={{ width: 96, margin: 0 }}
          showInfo={false}
          status="active"
          aria-label={t('widgets.exportList.progress')}
        />
      ) : null}
      {status ? (
        <Typography.Text type={failed ? undefined : 'secondary'} aria-live="polite">
          {status}
        </Typography.Text>
      ) : null}
      <Button
        icon={<ExportOutlined />}
        loading={running}
        disabled={disabled || running}
        onClick={() => void start()}
        data-testid={testId}
      >
        {t('widgets.exportList.button')}
      </Button>
    </Flex>
  );
}
