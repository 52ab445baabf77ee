import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignedIn, signOut, testSession } from '../../test/signed-in';
import type { ProductCompliance } from './api';
import { ComplianceContent } from './order-product-compliance';

// Issue 25: a product's compliance as the order screen shows it — the worst current result, the
// expired count, and each report with its validity, expired ones flagged, linked to its detail.

const lab = { id: '7', code: 'SGS-SZ', nameZh: 'SGS深圳', nameEn: 'SGS Shenzhen' };
const report = (id: string, over: Partial<ProductCompliance['reports'][number]> = {}) => ({
  id,
  reportNo: `R-${id}`,
  reportType: 3,
  lab,
  reportDate: '2026-01-10',
  validUntil: null,
  result: 1,
  expired: false,
  ...over,
});

const show = (compliance: ProductCompliance, routes = ['OrderDetail', 'TestReportDetail']) =>
  renderSignedIn(<ComplianceContent compliance={compliance} />, testSession({ routes }));

afterEach(() => signOut());

describe('ComplianceContent', () => {
  it('shows the current result, the expired count and each report, the expired one flagged', async () => {
    await show({
      result: 2,
      expired: 1,
      reports: [
        report('1', { result: 2, reportType: 1 }),
        report('2', { validUntil: '2026-02-01', result: 3, expired: true }),
      ],
    });
    const summary = screen.getByTestId('order-compliance-result');
    expect(summary.textContent).toContain('Improve');
    expect(summary.textContent).toContain('1 expired');
    const [current, expired] = screen.getAllByTestId('order-compliance-report');
    expect(current!.textContent).toContain('Third-party lab · SGS Shenzhen');
    expect(current!.textContent).toContain('No validity limit');
    expect(within(current!).queryByTestId('order-compliance-expired')).toBeNull();
    expect(within(expired!).getByTestId('order-compliance-expired').textContent).toBe('Expired');
    expect(expired!.textContent).toContain('Valid until 2026-02-01');
    expect(within(expired!).getByRole('link', { name: 'R-2' }).getAttribute('href')).toBe('/en/testreport/2');
  });

  it('says so when no current report is left, and when none concerns the product', async () => {
    await show({
      result: null,
      expired: 1,
      reports: [report('3', { validUntil: '2026-01-01', expired: true })],
    });
    expect(screen.getByTestId('order-compliance-result').textContent).toContain('No current report');
    signOut();
    await show({ result: null, expired: 0, reports: [] });
    expect(screen.getByText('No published test report concerns this product.')).toBeTruthy();
  });

  it('names reports as plain text for a role that may not open them', async () => {
    await show({ result: 1, expired: 0, reports: [report('4')] }, ['OrderDetail']);
    expect(screen.queryByRole('link', { name: 'R-4' })).toBeNull();
    expect(screen.getByText('R-4')).toBeTruthy();
  });
});
