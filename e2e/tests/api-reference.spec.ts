import { expect } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { screenshotsAt, signIn } from './helpers';

// Issue 32, the API reference: an administrator finds an operation of the catalogue, reads who may
// call it and what it takes, at 1280 and 375, in both languages.

const TEXT = {
  en: { title: 'API reference', search: 'Find an operation by path, summary or permission', input: 'Input' },
  zh: { title: '接口文档', search: '按路径、说明或权限查找接口', input: '输入' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: an administrator finds an operation and its input schema`, async ({ page }) => {
    const text = TEXT[lang];
    await signIn(page, DEMO_USERS.ADMIN, lang, { at: `/${lang}/system/api` });
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(page.getByTestId('api-count')).toContainText(/\d{3}/);
    await page.getByRole('searchbox', { name: text.search }).fill('client/update');
    const op = page.getByTestId('api-op-client/update');
    await expect(op).toContainText('client.edit');
    await op.getByRole('button', { name: text.input }).click();
    await expect(op.locator('pre').first()).toContainText('"version"');
    await screenshotsAt(page, lang, 'api-reference');
  });
}
