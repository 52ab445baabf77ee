import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportButton, type ExportProgress } from './export-button';
import { installNotifier, type Notice } from './notify';
import { renderWidget } from './test-utils';

let notices: Notice[] = [];
let uninstall: () => void;

beforeEach(() => {
  notices = [];
  uninstall = installNotifier((notice) => notices.push(notice));
});
afterEach(() => {
  uninstall();
  cleanup();
});

/** A progress source answering the given steps in turn, then the last one for good. */
function steps(...answers: ExportProgress[]) {
  let call = 0;
  return vi.fn(async (_jobId: string) => answers[Math.min(call++, answers.length - 1)]!);
}

describe('ExportButton', () => {
  it('queues the current filters, says the mail is sent, shows progress and is disabled until done', async () => {
    const exportFn = vi.fn(async (_filters: { name?: string }) => ({ jobId: '7' }));
    const progress = steps(
      { state: 'queued', percent: 0 },
      { state: 'running', percent: 40 },
      { state: 'done', percent: 100 },
    );
    let filters = { name: 'old' };
    renderWidget(
      <ExportButton exportFn={exportFn} filters={() => filters} progress={progress} interval={30} />,
    );
    filters = { name: '华美' };
    const button = screen.getByTestId('export-button');
    expect(button.textContent).toContain('Export');
    fireEvent.click(button);

    await waitFor(() => expect(notices.map((n) => n.text)).toEqual(['The mail has been sent, please check']));
    expect(exportFn).toHaveBeenCalledWith({ name: '华美' });
    expect(screen.getByTestId('export-button')).toHaveProperty('disabled', true);
    await screen.findByText('Exporting… 40%');
    expect(screen.getByTestId('export-button')).toHaveProperty('disabled', true);
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );

    await screen.findByText('The file is on its way to your mailbox');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('export-button')).toHaveProperty('disabled', false);
    expect(progress).toHaveBeenCalledWith('7');
    // Polling stops once the job is done.
    const polls = progress.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(progress.mock.calls.length).toBe(polls);
  });

  it('speaks Chinese in the Chinese UI and shows a failed job', async () => {
    const progress = steps({ state: 'running', percent: 10 }, { state: 'failed', percent: 10 });
    renderWidget(
      <ExportButton exportFn={async () => ({ jobId: '8' })} filters={{}} progress={progress} interval={30} />,
      { language: 'zh' },
    );
    const button = screen.getByTestId('export-button');
    expect(button.textContent).toContain('导出');
    fireEvent.click(button);
    await waitFor(() => expect(notices.map((n) => n.text)).toEqual(['邮件已发送，请查收']));
    await screen.findByText('正在导出… 10%');
    await screen.findByText('导出失败，请重试');
    expect(screen.getByTestId('export-button')).toHaveProperty('disabled', false);
  });

  it('says why a job failed when the server tells', async () => {
    const progress = steps({
      state: 'failed',
      percent: 10,
      error: 'The worker stopped while running it (attempt 3 of 3)',
    });
    renderWidget(
      <ExportButton exportFn={async () => ({ jobId: '9' })} filters={{}} progress={progress} interval={30} />,
    );
    fireEvent.click(screen.getByTestId('export-button'));
    await screen.findByText('The export failed: The worker stopped while running it (attempt 3 of 3)');
  });

  it('shows no progress when the export is refused, and can be clicked again', async () => {
    const exportFn = vi.fn(async () => {
      throw new Error('E_EXPORT_TOO_MANY');
    });
    const progress = vi.fn();
    renderWidget(<ExportButton exportFn={exportFn} filters={{}} progress={progress} />);
    fireEvent.click(screen.getByTestId('export-button'));
    await waitFor(() => expect(exportFn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('export-button')).toHaveProperty('disabled', false));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(notices).toEqual([]);
    expect(progress).not.toHaveBeenCalled();
  });
});
