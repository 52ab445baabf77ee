import { expect } from '@playwright/test';
import {
  CHECKPOINT_RESULT,
  checkoutSuperviseReport,
  createSuperviseReport,
  getSuperviseReport,
  releaseSuperviseReport,
} from '@qcdesk/contract/supervise-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, createOwnUser } from './api';
import { test } from './fixtures';
import { businessToday, type Lang, shoot } from './helpers';
import { png } from './images';
import { forgetOffline, keepOffline } from './offline';
import { ownClientOrder } from './own-order';

// Issue 31 for the loading report (supervise report): its inspector keeps the checked-out report
// for offline use on a 375-wide phone, goes offline, types the loaded cartons of a product, passes a
// checkpoint and takes its photo, reloads offline (the form and the queue survive), comes back
// online, and the server holds each change and the photo once. In a second run an administrator
// force-releases the report while the inspector is offline and an assistant takes it: the seal no
// typed offline waits beside the server's until the inspector holds the report again and applies it.

const TEXT = {
  en: {
    pending: '1 change, 1 photo not yet sent',
    one: '1 change not yet sent',
    pass: 'Pass',
    queued: 'Kept on this device',
    seal: 'Seal no: ',
  },
  zh: {
    pending: '1 项更改、1 张照片尚未发送',
    one: '1 项更改尚未发送',
    pass: '通过',
    queued: '已保存在本设备上',
    seal: '封条号：',
  },
} as const;

/** A loading report of a new shipment for an inspector of its own, checked out by them through the API. */
async function checkedOutReport(baseURL: string, lang: Lang, assistantIds: string[] = []) {
  const { order } = await ownClientOrder(baseURL, `OS${lang.toUpperCase()}`, 'Offline supervise', {
    shipped: true,
  });
  if (!order.shipping) throw new Error('the order has no shipment');
  const inspector = await createOwnUser(baseURL, DEMO_USERS.INSPECTOR, `svoff${lang}`);
  const qcmgr = await Api.signedIn(baseURL, DEMO_USERS.QC_MGR, DEMO_PASSWORD);
  const created = await qcmgr.call(createSuperviseReport, {
    shippingId: order.shipping.id,
    loadingDate: businessToday(),
    inspectorId: inspector.id,
    assistantIds,
    containerType: '40HQ',
  });
  const api = await Api.signedIn(baseURL, inspector.username, inspector.password);
  const report = await api.call(checkoutSuperviseReport, { id: created.id });
  expect(report.checkoutExpiresAt).not.toBeNull();
  return { inspector, api, report };
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: offline, the inspector fills a loading report and takes a checkpoint photo; after an offline reload and reconnecting the server holds each once`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { inspector, api, report } = await checkedOutReport(baseURL!, lang);
    const bar = await keepOffline(
      page,
      lang,
      inspector.username,
      `/${lang}/supervisereport/${report.id}`,
      `offline-supervise-install-${lang}-375`,
    );
    try {
      await page.context().setOffline(true);
      await expect(bar).toHaveAttribute('data-online', 'false');

      // The loaded cartons of the first product, the first checkpoint passed with a photo.
      await page.getByTestId('supervise-report-loaded-cartons').first().fill('42');
      const checkpoint = page.getByTestId('supervise-report-checkpoint').first();
      await checkpoint.getByText(TEXT[lang].pass, { exact: true }).click();
      await checkpoint.getByTestId('offline-photo-input').setInputFiles({
        name: 'doors.png',
        mimeType: 'image/png',
        buffer: png(320, 240, lang === 'en' ? 200 : 280),
      });
      await expect(checkpoint.locator('[data-local="true"] img')).toHaveCount(1);
      await expect(page.getByTestId('offline-pending')).toHaveText(TEXT[lang].pending);
      await expect(page.getByTestId('supervise-report-save-hint')).toContainText(TEXT[lang].queued);
      await checkpoint.scrollIntoViewIfNeeded();
      await shoot(page, `offline-supervise-pending-${lang}-375`);

      // An offline reload: the page from the worker, the report from the store, the form and queue kept.
      await page.reload();
      await expect(page.getByTestId('offline-pending')).toHaveText(TEXT[lang].pending);
      await expect(page.getByTestId('supervise-report-loaded-cartons').first()).toHaveValue('42');
      const kept = page.getByTestId('supervise-report-checkpoint').first();
      await expect(kept.locator('[data-local="true"] img')).toHaveCount(1);
      await expect(kept.getByRole('radio', { name: TEXT[lang].pass, exact: true })).toBeChecked();
      await kept.scrollIntoViewIfNeeded();
      await shoot(page, `offline-supervise-reloaded-${lang}-375`);

      // Back online: the photo first, then the form; nothing waits any more.
      await page.context().setOffline(false);
      await expect(bar).toHaveAttribute('data-pending', 'false', { timeout: 60_000 });
      await expect(bar).toHaveAttribute('data-online', 'true');
      // The editor starts again from the server's report: the photo is the stored one.
      const stored = page.getByTestId('supervise-report-checkpoint').first();
      await expect(stored.getByTestId('supervise-report-photo')).toHaveCount(1);
      await expect(stored.locator('[data-local="true"]')).toHaveCount(0);
      await bar.scrollIntoViewIfNeeded();
      await shoot(page, `offline-supervise-sent-${lang}-375`);

      const saved = await api.call(getSuperviseReport, { id: report.id });
      expect(saved.products[0]?.loadedCartons).toBe(42);
      expect(saved.checkpoints[0]?.result).toBe(CHECKPOINT_RESULT.pass);
      expect(saved.checkpoints[0]?.photoIds).toHaveLength(1);
      const photos = saved.checkpoints.flatMap((c) => c.photoIds);
      expect(photos).toHaveLength(1);
      expect(saved.version).toBe(report.version + 1);
      // Sent once: a further reconnect sends nothing again.
      await page.reload();
      await expect(page.getByTestId('supervise-report-editor')).toBeVisible();
      await expect(page.getByTestId('supervise-report-loaded-cartons').first()).toHaveValue('42');
      expect((await api.call(getSuperviseReport, { id: report.id })).version).toBe(saved.version);
    } finally {
      await forgetOffline(page);
    }
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the loading report is taken away while offline: the seal no waits beside the server's until the inspector holds it again`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const assistant = await createOwnUser(baseURL!, DEMO_USERS.INSPECTOR, `svoffasst${lang}`);
    const { inspector, api, report } = await checkedOutReport(baseURL!, lang, [assistant.id]);
    const bar = await keepOffline(
      page,
      lang,
      inspector.username,
      `/${lang}/supervisereport/${report.id}`,
      `offline-supervise-install-${lang}-375`,
    );
    try {
      await page.context().setOffline(true);
      await expect(bar).toHaveAttribute('data-online', 'false');
      const seal = `SEAL-${lang}-31`;
      await page.getByTestId('supervise-report-seal-no').fill(seal);
      await expect(page.getByTestId('offline-pending')).toHaveText(TEXT[lang].one);

      // Meanwhile an administrator force-releases the report and the assistant takes it.
      const admin = await Api.signedIn(baseURL!);
      await admin.call(releaseSuperviseReport, { id: report.id, force: true });
      const other = await Api.signedIn(baseURL!, assistant.username, assistant.password);
      await other.call(checkoutSuperviseReport, { id: report.id });

      await page.context().setOffline(false);
      const conflict = page.getByTestId('offline-conflict');
      await expect(conflict).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('offline-conflict-card')).toHaveCount(1);
      await expect(page.getByTestId('offline-conflict-mine')).toContainText(`${TEXT[lang].seal}${seal}`);
      await expect(page.getByTestId('offline-conflict-server')).toContainText(`${TEXT[lang].seal}–`);
      await expect(page.getByTestId('offline-apply')).toBeDisabled();
      expect((await api.call(getSuperviseReport, { id: report.id })).sealNo).toBeNull();
      await conflict.scrollIntoViewIfNeeded();
      await shoot(page, `offline-supervise-conflict-${lang}-375`);

      // Once the assistant gives it back, the inspector takes the report again and applies the seal no.
      await other.call(releaseSuperviseReport, { id: report.id, force: false });
      await page.reload();
      await page.getByTestId('supervise-report-checkout').click();
      await expect(page.getByTestId('offline-apply')).toBeEnabled();
      await page.getByTestId('offline-apply').click();
      await expect(conflict).toHaveCount(0, { timeout: 60_000 });
      await expect(bar).toHaveAttribute('data-pending', 'false');
      await expect(page.getByTestId('supervise-report-seal-no')).toHaveValue(seal);
      expect((await api.call(getSuperviseReport, { id: report.id })).sealNo).toBe(seal);
    } finally {
      await forgetOffline(page);
    }
  });
}
