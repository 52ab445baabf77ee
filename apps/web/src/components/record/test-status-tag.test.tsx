import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../api/guard';
import { queryClient } from '../../api/query-client';
import { sessionKey } from '../../api/session';
import { i18n } from '../../i18n/i18n';
import { TestStatusTag } from './record-link';

const session = (routes: string[]): Session => ({
  uid: '9',
  username: 'demo.qc',
  name: '品管',
  englishName: 'QC',
  title: 'QC',
  roleCode: 'QC',
  department: 'Quality',
  departmentId: '2',
  position: 1,
  isQC: true,
  isLogin: true,
  modules: ['HOME'],
  roles: ['role:QC'],
  navigation: { main: ['HOME'], secondary: { HOME: ['Home'] } },
  routes,
  language: null,
  impersonator: null,
});

async function show(lang: 'en' | 'zh', routes: string[], node: React.ReactNode) {
  await i18n.changeLanguage(lang);
  queryClient.setQueryData(sessionKey, session(routes));
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('TestStatusTag (issue 16)', () => {
  it('names each status in both languages', async () => {
    const texts = { none: 'No risk', open: 'Open', passed: 'Passed', failed: 'Failed', waived: 'Waived' };
    for (const [status, text] of Object.entries(texts)) {
      await show('en', [], <TestStatusTag status={status as keyof typeof texts} />);
      expect(screen.getByTestId('test-status').textContent).toBe(text);
      cleanup();
    }
    await show('zh', [], <TestStatusTag status="failed" />);
    expect(screen.getByTestId('test-status').textContent).toBe('未通过');
  });

  it('links to the order risk for a caller who may open it, and is plain text otherwise', async () => {
    await show('en', ['OrderRiskDetail'], <TestStatusTag status="open" riskId="12" />);
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/en/orderrisk/12');
    cleanup();
    await show('en', [], <TestStatusTag status="open" riskId="12" />);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    await show('en', ['OrderRiskDetail'], <TestStatusTag status="none" riskId={null} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
