import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ChartsBoundary } from './charts-boundary';

function Broken(): never {
  throw new Error('the chart chunk failed to load');
}

describe('ChartsBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows one line instead of charts that fail, and leaves the rest of the page', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('dashboard');
    // React reports the caught error on the console; it is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <p>Work queue</p>
        <ChartsBoundary>
          <Broken />
        </ChartsBoundary>
      </main>,
    );
    expect(screen.getByText('Work queue')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The figures could not be loaded');
  });
});
