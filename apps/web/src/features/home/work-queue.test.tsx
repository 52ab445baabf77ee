import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import type { Session } from '../../api/guard';
import { queryClient } from '../../api/query-client';
import { sessionKey } from '../../api/session';
import { tokens } from '../../api/session-tokens';
import { i18n } from '../../i18n/i18n';
import { WorkQueue } from './work-queue';

const session = {
  uid: '7',
  username: 'qc.mgr',
  name: '王芳',
  englishName: 'Wang Fang',
  title: 'QC manager',
  roleCode: 'QC_MGR',
  department: 'Quality',
  departmentId: '2',
  position: 2,
  isQC: true,
  isLogin: true,
  modules: ['HOME', 'TEST'],
  roles: ['role:QC_MGR', 'testreport.search', 'testreport.verify', 'inspplan.create'],
  navigation: { main: ['HOME', 'TEST'], secondary: { HOME: ['Home'], TEST: ['TestReport'] } },
  routes: ['Home', 'TestReport', 'TestReportDetail', 'InspectionTask'],
  language: null,
  impersonator: null,
} satisfies Session;

function show(answer: unknown) {
  tokens.save({ bearerToken: 'b', refreshToken: 'r' }, false);
  queryClient.setQueryData(sessionKey, session);
  vi.spyOn(api, 'call').mockResolvedValue(answer);
  render(
    <QueryClientProvider client={queryClient as QueryClient}>
      <MemoryRouter>
        <WorkQueue />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('WorkQueue', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    queryClient.clear();
    sessionStorage.clear();
  });

  it('shows each count as a link to its list filtered as counted, and no link to a route the user may not open', async () => {
    await i18n.changeLanguage('en');
    show({
      today: '2026-03-02',
      lastTaskDay: '2026-03-15',
      items: [
        { key: 'testReportsToVerify', count: 3, capped: false },
        { key: 'appliesToPlan', count: 10000, capped: true },
        { key: 'myTasks', count: 2, capped: false },
      ],
    });
    const verify = await screen.findByRole('link', { name: '3 Test reports to verify' });
    expect(verify.getAttribute('href')).toBe('/en/testreport?status=20');
    const tasks = screen.getByRole('link', { name: '2 My inspection tasks (next two weeks)' });
    expect(tasks.getAttribute('href')).toBe('/en/inspection/task?taskRange=2026-03-02%2C2026-03-15');
    // InspectionApply is not among the user's routes: the figure stays, without a link.
    expect(screen.getByTestId('work-queue-appliesToPlan').textContent).toContain('more than 10000');
    expect(screen.queryByRole('link', { name: /Applications to plan/ })).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    await i18n.changeLanguage('zh');
    show({ today: '2026-03-02', lastTaskDay: '2026-03-15', items: [] });
    expect(await screen.findByText('暂无待办事项。')).toBeTruthy();
  });
});
