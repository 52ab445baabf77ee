import { jobErrorList, jobErrorRetry } from '@qcdesk/contract/mail-service';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import type { JobErrorRow } from './api';
import { JobErrorPanel } from './job-error-panel';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: { call },
}));

const dead: JobErrorRow = {
  id: '41',
  kind: 'list.export',
  status: 'dead',
  attempts: 3,
  maxAttempts: 3,
  lastError: 'the worker stopped while running it (attempt 3 of 3)',
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:20:00.000Z',
};
const failed: JobErrorRow = {
  ...dead,
  id: '42',
  kind: 'order.import',
  status: 'failed',
  attempts: 2,
  maxAttempts: 2,
  lastError: 'S3 refused',
};

async function show(language: 'en' | 'zh') {
  await i18n.changeLanguage(language);
  call.mockImplementation(async (op: { path: string }, input: { id?: string }) => {
    if (op.path === jobErrorList.path)
      return { list: [dead, failed], page: 1, pageSize: 10, total: 2, totalCapped: false };
    if (op.path === jobErrorRetry.path) return { ...dead, id: input.id, status: 'queued', maxAttempts: 4 };
    throw new Error(`unexpected call ${op.path}`);
  });
  const router = createMemoryRouter([{ path: '/config/joberror', element: <JobErrorPanel /> }], {
    initialEntries: ['/config/joberror'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('JobErrorPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    call.mockReset();
  });
  afterEach(cleanup);

  it('says why each job gave up: its error, or that its worker stopped, in the reader’s language', async () => {
    await show('zh');
    expect(await screen.findByText('执行时工作进程已停止（第 3 次，共 3 次）')).toBeTruthy();
    expect(screen.getByText('S3 refused')).toBeTruthy();
    expect(screen.getByText('工作进程已停止')).toBeTruthy();
    expect(screen.getByText('3 / 3')).toBeTruthy();
  });

  it('runs a job again once an administrator confirms', async () => {
    await show('en');
    const row = (await screen.findByText('The worker stopped while running it (attempt 3 of 3)')).closest(
      'tr',
    )!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Run the job list.export once more?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(call.mock.calls.filter(([op]) => op === jobErrorRetry).map(([, input]) => input)).toEqual([
        { id: '41' },
      ]),
    );
    // The list is asked again: the retried job leaves it.
    await waitFor(() =>
      expect(call.mock.calls.filter(([op]) => op === jobErrorList).length).toBeGreaterThan(1),
    );
  });
});
