import { expect, type Locator, type Page } from '@playwright/test';
import {
  checkoutInspectionReport,
  createInspectionReport,
  getInspectionReport,
  releaseInspectionReport,
} from '@qcdesk/contract/inspection-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, createOwnUser } from './api';
import { test } from './fixtures';
import { type Lang, shoot } from './helpers';
import { png } from './images';
import { forgetOffline, keepOffline as keepReportOffline } from './offline';
import { dispatchedTask } from './own-task';

// Issue 31 (the report editor offline): the inspector keeps a checked-out report for offline use on
// a 375-wide phone, goes offline, records quantities, a defect with two photos and a general photo,
// reloads offline (the report and the queue survive), comes back online, and the server holds each
// change and photo once. In a second run an administrator force-releases the report while the
// inspector is offline and an assistant takes it: the entries wait beside the server's values until
// the inspector holds the report again and applies them.

const TEXT = {
  en: {
    pending: '3 changes, 3 photos not yet sent',
    one: '1 change, 1 photo not yet sent',
    photo: '1 photo',
    none: 'No defects recorded',
  },
  zh: {
    pending: '3 项更改、3 张照片尚未发送',
    one: '1 项更改、1 张照片尚未发送',
    photo: '1 张照片',
    none: '未记录缺陷',
  },
} as const;

async function openPart(section: Locator) {
  const header = section.locator('.ant-collapse-header');
  if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'false')
    await header.click();
}

/** A report of a dispatched task, created (and so checked out) by the inspector through the API. */
async function checkedOutReport(baseURL: string, lang: Lang, assistantIds: string[] = []) {
  const { taskId } = await dispatchedTask(baseURL, lang, { assistantIds });
  const inspector = await Api.signedIn(baseURL, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
  const report = await inspector.call(createInspectionReport, { taskId });
  expect(report.checkout).not.toBeNull();
  return { inspector, id: report.id };
}

/** The inspector opens the report and keeps it for offline use: the worker holds this screen's code. */
const keepOffline = (page: Page, lang: Lang, id: string) =>
  keepReportOffline(
    page,
    lang,
    DEMO_USERS.INSPECTOR,
    `/${lang}/inspection/report/${id}`,
    `offline-report-install-${lang}-375`,
  );

/** The defect: the first of the (kept) defect list, with photos taken offline. */
async function recordDefect(page: Page, photos: number, hue: number) {
  await page.getByTestId('inspection-report-defect-add').click();
  const defect = page.getByTestId('inspection-report-defect').last();
  await defect.getByRole('combobox').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await defect.getByTestId('offline-photo-input').setInputFiles(
    Array.from({ length: photos }, (_, n) => ({
      name: `offline-${hue}-${n}.png`,
      mimeType: 'image/png',
      buffer: png(320, 240, hue + n * 30),
    })),
  );
  await expect(defect.locator('[data-local="true"] img')).toHaveCount(photos);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: offline, the inspector records quantities, a defect and three photos; after an offline reload and reconnecting the server holds each once`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { inspector, id } = await checkedOutReport(baseURL!, lang);
    const bar = await keepOffline(page, lang, id);
    try {
      await page.context().setOffline(true);
      await expect(bar).toHaveAttribute('data-online', 'false');

      await page.getByTestId('inspection-report-presented-0').fill('500');
      await page.getByTestId('inspection-report-packed-0').fill('500');
      await recordDefect(page, 2, lang === 'en' ? 10 : 90);
      const photos = page.getByTestId('inspection-report-section-photos');
      await openPart(photos);
      await photos.getByTestId('offline-photo-input').setInputFiles({
        name: 'site.png',
        mimeType: 'image/png',
        buffer: png(320, 240, lang === 'en' ? 170 : 220),
      });
      await expect(page.getByTestId('offline-pending')).toHaveText(TEXT[lang].pending);
      // Each part says its change waits on the device.
      await expect(
        page.locator('[data-testid="inspection-report-save-state"][data-status="queued"]'),
      ).toHaveCount(3);
      await shoot(page, `offline-report-pending-${lang}-375`);

      // An offline reload: the page from the worker, the report from the store, the queue kept.
      await page.reload();
      await expect(page.getByTestId('offline-pending')).toHaveText(TEXT[lang].pending);
      await expect(page.getByTestId('inspection-report-presented-0')).toHaveValue('500');
      await expect(page.getByTestId('inspection-report-defect')).toHaveCount(1);
      await expect(page.locator('[data-local="true"] img')).toHaveCount(2);
      await openPart(page.getByTestId('inspection-report-section-photos'));
      await expect(page.locator('[data-local="true"] img')).toHaveCount(3);
      await page.getByTestId('inspection-report-defect').scrollIntoViewIfNeeded();
      await shoot(page, `offline-report-reloaded-${lang}-375`);

      // Back online: photos first, then the writes in order; nothing waits any more.
      await page.context().setOffline(false);
      await expect(bar).toHaveAttribute('data-pending', 'false', { timeout: 60_000 });
      await expect(bar).toHaveAttribute('data-online', 'true');
      await shoot(page, `offline-report-sent-${lang}-375`);

      const report = await inspector.call(getInspectionReport, { id });
      expect(report.products[0]?.presentedQuantity).toBe(500);
      expect(report.defects).toHaveLength(1);
      expect(report.defects[0]?.photos).toHaveLength(2);
      expect(report.photos).toHaveLength(1);
      const fileIds = [...report.defects[0]!.photos, ...report.photos].map((p) => p.fileId);
      expect(new Set(fileIds).size).toBe(3);
      // Sent once: a further reconnect sends nothing again.
      await page.reload();
      await expect(page.getByTestId('inspection-report-defect')).toHaveCount(1);
      expect((await inspector.call(getInspectionReport, { id })).version).toBe(report.version);
    } finally {
      await forgetOffline(page);
    }
  });

  test(`${lang}: the checkout is taken away while offline: the entries wait beside the server's until the inspector holds the report again`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const assistant = await createOwnUser(baseURL!, DEMO_USERS.INSPECTOR, `assistant${lang}`);
    const { inspector, id } = await checkedOutReport(baseURL!, lang, [assistant.id]);
    const bar = await keepOffline(page, lang, id);
    try {
      await page.context().setOffline(true);
      await expect(bar).toHaveAttribute('data-online', 'false');
      await recordDefect(page, 1, lang === 'en' ? 40 : 130);
      await expect(page.getByTestId('offline-pending')).toHaveText(TEXT[lang].one);

      // Meanwhile an administrator force-releases the report and the assistant takes it.
      const admin = await Api.signedIn(baseURL!);
      await admin.call(releaseInspectionReport, { id, force: true });
      const other = await Api.signedIn(baseURL!, assistant.username, assistant.password);
      await other.call(checkoutInspectionReport, { id });

      await page.context().setOffline(false);
      const conflict = page.getByTestId('offline-conflict');
      await expect(conflict).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('offline-conflict-card')).toHaveCount(1);
      // What was entered offline beside the server's: the defect with its photo, and none.
      await expect(page.getByTestId('offline-conflict-mine')).toContainText(TEXT[lang].photo);
      await expect(page.getByTestId('offline-conflict-server')).toContainText(TEXT[lang].none);
      await expect(page.getByTestId('offline-apply')).toBeDisabled();
      expect((await inspector.call(getInspectionReport, { id })).defects).toHaveLength(0);
      await conflict.scrollIntoViewIfNeeded();
      await shoot(page, `offline-report-conflict-${lang}-375`);

      // Once the assistant gives it back, the inspector takes the report again and applies their entries.
      await other.call(releaseInspectionReport, { id });
      await page.reload();
      await page.getByTestId('inspection-report-checkout').click();
      await expect(page.getByTestId('offline-apply')).toBeEnabled();
      await page.getByTestId('offline-apply').click();
      await expect(conflict).toHaveCount(0, { timeout: 60_000 });
      await expect(bar).toHaveAttribute('data-pending', 'false');
      const report = await inspector.call(getInspectionReport, { id });
      expect(report.defects).toHaveLength(1);
      expect(report.defects[0]?.photos).toHaveLength(1);
    } finally {
      await forgetOffline(page);
    }
  });
}
