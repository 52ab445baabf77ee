import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import { SystemInfoCard } from './system-info-card';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SystemInfoCard />
    </QueryClientProvider>,
  );
}

describe('SystemInfoCard', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the system information the operation returns', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(api, 'call').mockResolvedValue({
      product: 'QCDesk',
      version: '1.2.3',
      serverTime: '2026-01-02T03:04:05.000Z',
      database: 'postgres',
    });
    renderPage();
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    expect(screen.getByText('postgres')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'System information' })).toBeTruthy();
  });

  it('shows the failure in the card', async () => {
    await i18n.changeLanguage('zh');
    vi.spyOn(api, 'call').mockRejectedValue(new ApiError({ code: 501, status: 0, message: '网络异常' }));
    renderPage();
    expect(await screen.findByText('无法加载系统信息')).toBeTruthy();
    expect(screen.getByText('网络异常')).toBeTruthy();
  });
});
