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
import { HomePage } from './home-page';

const session: Session = {
  uid: '7',
  username: 'li.lei',
  name: '李雷',
  englishName: 'Li Lei',
  title: 'QC engineer',
  roleCode: 'QC',
  department: 'Quality',
  departmentId: '2',
  position: 2,
  isQC: true,
  isLogin: true,
  modules: ['HOME', 'SAMPLE', 'SYSTEM'],
  roles: ['role:QC', 'material.search', 'user.search'],
  navigation: {
    main: ['HOME', 'SAMPLE', 'SYSTEM'],
    secondary: { HOME: ['Home'], SAMPLE: ['Material'], SYSTEM: ['User'] },
  },
  routes: ['Home', 'Material', 'MaterialDetail', 'User', 'UserDetail'],
  language: null,
  impersonator: null,
};

describe('HomePage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    queryClient.clear();
    sessionStorage.clear();
  });

  it('greets the user and offers their areas as shortcuts to the routes they may open', async () => {
    await i18n.changeLanguage('en');
    tokens.save({ bearerToken: 'b', refreshToken: 'r' }, false);
    queryClient.setQueryData(sessionKey, session);
    vi.spyOn(api, 'call').mockResolvedValue({
      product: 'QCDesk',
      version: '1',
      serverTime: '',
      database: 'pglite',
    });
    const client = queryClient as QueryClient;
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/, Li Lei$/);
    const materials = screen.getByRole('link', { name: 'Materials' });
    expect(materials.getAttribute('href')).toBe('/en/material');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/en/user');
    expect(screen.getByRole('heading', { level: 3, name: 'Samples' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Clients' })).toBeNull();
  });

  it('shows the system information to staff, not to a CLIENT user (issue 25)', async () => {
    await i18n.changeLanguage('en');
    tokens.save({ bearerToken: 'b', refreshToken: 'r' }, false);
    // The system information answers; the work queue and the charts stay loading (this test is not
    // about them, and their chunk loads sooner or later depending on what other files imported).
    vi.spyOn(api, 'call').mockImplementation(async (op) =>
      op.path === 'system/info'
        ? { product: 'QCDesk', version: '1', serverTime: '', database: 'pglite' }
        : new Promise(() => {}),
    );
    const show = (roleCode: string) => {
      queryClient.setQueryData(sessionKey, { ...session, roleCode, roles: [`role:${roleCode}`] });
      return render(
        <QueryClientProvider client={queryClient as QueryClient}>
          <MemoryRouter>
            <HomePage />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    };
    show('QC');
    expect(await screen.findByText('pglite')).toBeTruthy();
    cleanup();
    show('CLIENT');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText('pglite')).toBeNull();
  });
});
