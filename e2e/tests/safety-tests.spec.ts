import { expect } from '@playwright/test';
import { configListOperations } from '@qcdesk/contract/config';
import {
  createInspectionReport,
  getInspectionReport,
  updateInspectionReport,
} from '@qcdesk/contract/inspection-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api } from './api';
import { test } from './fixtures';
import { go, screenshotsAt, settled, signIn } from './helpers';
import { dispatchedTask } from './own-task';

// Issue 27, spec §2 `safetest/inspection`: the safety tests an inspector records on a report are
// listed across reports with their results; QC finds them by order and by a failed result, and
// opens the report. The report and its tests are set up through the API; the list is what is tested.

const TEXT = {
  en: { fail: 'Fail', pass: 'Pass', title: 'Safety-test inspections' },
  zh: { fail: '不通过', pass: '通过', title: '安全测试检验' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the safety tests recorded on a report are listed, found by order and result`, async ({
    page,
    baseURL,
  }) => {
    const { order, taskId } = await dispatchedTask(baseURL!, lang);
    const inspector = await Api.signedIn(baseURL!, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
    const report = await inspector.call(createInspectionReport, { taskId });
    const tests = (await inspector.call(configListOperations.inspectiontest.search, {})).list
      .filter((row) => row.safety)
      .slice(0, 2);
    expect(tests).toHaveLength(2);
    await inspector.call(updateInspectionReport, {
      id: report.id,
      version: report.version,
      safetyTests: [
        { inspectionTestId: tests[0]!.id, result: 1, value: 'OK' },
        { inspectionTestId: tests[1]!.id, result: 2, value: '12 mm' },
      ],
    });
    const saved = await inspector.call(getInspectionReport, { id: report.id });
    expect(saved.safetyTests).toHaveLength(2);

    await signIn(page, DEMO_USERS.QC_MGR, lang, {
      at: `/${lang}/safetest/inspection?orderNo=${encodeURIComponent(order.orderNo)}`,
    });
    await expect(page.getByRole('heading', { name: TEXT[lang].title })).toBeVisible();
    await settled(page);
    const results = page.getByTestId('safety-test-result');
    await expect(results).toHaveCount(2);
    await expect(results.filter({ hasText: new RegExp(`^${TEXT[lang].fail}$`) })).toHaveCount(1);
    await expect(results.filter({ hasText: new RegExp(`^${TEXT[lang].pass}$`) })).toHaveCount(1);
    await screenshotsAt(page, lang, 'safety-tests');

    await go(page, `/${lang}/safetest/inspection?orderNo=${encodeURIComponent(order.orderNo)}&result=2`);
    await settled(page);
    await expect(page.getByTestId('safety-test-result')).toHaveCount(1);
    await page.getByTestId('safety-test-report').first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/inspection/report/${report.id}$`));
  });
}
