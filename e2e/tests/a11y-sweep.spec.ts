import { expect } from '@playwright/test';
import { ROUTES } from '@qcdesk/contract/roles';
import { test } from './fixtures';
import { expectNoSeriousA11yViolations, go, LOOKING, settled, signIn } from './helpers';

// Issue 32: every screen of the route table without a record id, opened by an administrator, has no
// serious or critical axe finding — in English with every rule; in looking mode also in Chinese,
// without the contrast rule (the colours do not change with the language, and a Chinese scan has
// found nothing an English one had not: ADR 0012). The 24 screens cost ~1 minute per language. The route list is read from the contract,
// so a new screen is swept without editing this file. The lists of lists-screenshots-*.spec.ts are
// scanned there, at three widths; the record pages by their own specs.

const SCANNED_BY_LIST_SPECS = new Set([
  'client',
  'material',
  'materialtest',
  'originalsample',
  'standard/common',
  'standard/country',
  'user',
]);

const screens = ROUTES.filter((r) => !r.path.includes(':') && !SCANNED_BY_LIST_SPECS.has(r.path)).map(
  (r) => r.path,
);
screens.push('config/system');

for (const lang of LOOKING ? (['en', 'zh'] as const) : (['en'] as const)) {
  test(`${lang}: no serious accessibility finding on any screen (${screens.length} screens)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // Signed in on Home; each screen is then opened inside the app, as the menu does (no load each).
    await signIn(page, 'admin', lang);
    for (const path of screens) {
      await test.step(path || 'home', async () => {
        await go(page, path ? `/${lang}/${path}` : `/${lang}`);
        await expect(page.locator('main')).toBeVisible();
        await settled(page);
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, { contrast: lang === 'en' });
      });
    }
  });
}
