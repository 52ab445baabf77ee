import { expect, type Page } from '@playwright/test';
import { configListOperations } from '@qcdesk/contract/config';

import {
  createTestReport,
  enterTestReportResult,
  publishTestReport,
  verifyTestReport,
} from '@qcdesk/contract/test-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uploadAs } from './api';
import { test } from './fixtures';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  type Lang,
  settled,
  shoot,
  signIn,
} from './helpers';
import { ownClientOrder } from './own-order';

// Issue 25 (a per-product compliance status): the factory's report of a product passes and is
// valid for another year; the client's fails but expired last month. Both are published (through
// the API: the lab enters, demo.auditor verifies and publishes). The order screen opens the
// product's compliance from its line: the current result is Pass (the expired fail does not count),
// one expired, both reports listed with their validity and the expired one flagged; the second
// product has none. Both languages, screenshots at 375 and 1280.

const TEXT = {
  en: {
    pass: 'Pass',
    expired: 'Expired',
    expiredCount: '1 expired',
    factory: 'Factory-provided',
    none: 'No published test report concerns this product.',
  },
  zh: {
    pass: '合格',
    expired: '已过期',
    expiredCount: '1份已过期',
    factory: '工厂提供',
    none: '没有涉及此产品的已发布测试报告。',
  },
} as const;

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const uploadPdf = (baseURL: string, api: Api) =>
  uploadAs(
    baseURL,
    api,
    'report.pdf',
    '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n',
    'application/pdf',
  );

/** An order of two products; the first has a passing factory report and an expired failing client report. */
async function orderWithReports(baseURL: string) {
  const { order, suffix } = await ownClientOrder(baseURL, 'CP', 'compliance');
  const admin = await Api.signedIn(baseURL);
  const auditor = await Api.signedIn(baseURL, DEMO_USERS.AUDITOR, DEMO_PASSWORD);
  const idOf = async (list: 'lab' | 'testtype' | 'testitem', code: string) => {
    const rows = await admin.call(configListOperations[list].search, {
      keyword: code,
      pageSize: 50,
    } as never);
    return (rows.list as { id: string; code: string }[]).find((r) => r.code === code)!.id;
  };
  const product = order.products[0]!;
  const [labId, testTypeId, testItemId] = [
    await idOf('lab', 'SGS-SZ'),
    await idOf('testtype', 'CHEM'),
    await idOf('testitem', 'T-AZO'),
  ];
  const publish = async (
    reportType: 3 | 4,
    no: string,
    result: 1 | 3,
    reportDate: string,
    validUntil: string,
  ) => {
    const draft = await admin.call(createTestReport, {
      reportType,
      labId,
      testTypeId,
      items: [{ orderProductId: product.id, testItemId }],
    } as never);
    const issued = await admin.call(enterTestReportResult, {
      id: draft.id,
      version: draft.version,
      reportNo: `${no}-${suffix}`,
      reportDate,
      validUntil,
      fileIds: [await uploadPdf(baseURL, admin)],
      items: draft.items.map((i) => ({ itemId: i.id, result })),
    } as never);
    const verified = await auditor.call(verifyTestReport, {
      id: issued.id,
      version: issued.version,
    } as never);
    await auditor.call(publishTestReport, { id: verified.id, version: verified.version } as never);
    return `${no}-${suffix}`;
  };
  const current = await publish(3, 'FAC', 1, day(-30), day(335));
  const expired = await publish(4, 'CLI', 3, day(-400), day(-35));
  return { orderId: order.id, current, expired };
}

async function look(page: Page, lang: Lang) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await expectNoHorizontalOverflow(page, `order compliance at ${width}px in ${lang}`);
    await page.mouse.move(0, 0);
    await shoot(page, `order-compliance-${lang}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the order screen shows a product's compliance, the expired report flagged`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const { orderId, current, expired } = await orderWithReports(baseURL!);
    await signIn(page, DEMO_USERS.ADMIN, lang, { at: `/${lang}/order/${orderId}` });
    const open = page.getByTestId('order-compliance-open');
    await expect(open).toHaveCount(2);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      // The lines become a list on a phone a frame later: scroll to the one that stays.
      await expect(async () => {
        await page.getByTestId('order-compliance-open').first().scrollIntoViewIfNeeded({ timeout: 2000 });
      }).toPass();
      await shoot(page, `order-compliance-lines-${lang}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    await open.first().click();
    const drawer = page.getByTestId('order-compliance');
    await expect(drawer.getByTestId('order-compliance-result')).toContainText(text.pass);
    await expect(drawer.getByTestId('order-compliance-result')).toContainText(text.expiredCount);
    const reports = drawer.getByTestId('order-compliance-report');
    await expect(reports).toHaveCount(2);
    await expect(reports.first()).toContainText(current);
    await expect(reports.first()).toContainText(text.factory);
    await expect(reports.first()).toContainText(day(335));
    await expect(reports.first().getByTestId('order-compliance-expired')).toHaveCount(0);
    await expect(reports.nth(1)).toContainText(expired);
    await expect(reports.nth(1).getByTestId('order-compliance-expired')).toHaveText(text.expired);
    await expect(reports.first().getByRole('link', { name: current })).toHaveAttribute(
      'href',
      new RegExp(`/${lang}/testreport/\\d+$`),
    );
    if (lang === 'en') await expectNoSeriousA11yViolations(page);
    await look(page, lang);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await open.nth(1).click();
    await expect(page.getByTestId('order-compliance').getByText(text.none)).toBeVisible();
  });
}
