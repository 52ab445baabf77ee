import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  expectA11yOnce,
  expectNoHorizontalOverflow,
  go,
  type Lang,
  LOOKING,
  settled,
  shoot,
  signIn,
} from './helpers';

// Screenshots of every list (issue 12) in both languages, in two spec files so that the two halves
// run side by side instead of one long file being the run's tail (ADR 0012).

/** The list at `width`, opened inside the app (as the menu does), settled. */
async function listOpenedAt(page: Page, lang: Lang, list: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await go(page, `/${lang}/${list}`);
  await expect(page.getByRole('search')).toBeVisible();
  await settled(page);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/**
 * Each list opened on a phone (375), then widened to 768 and 1280: no width scrolls sideways, axe
 * checks it at 1280. Looking mode opens it afresh at 1280 and screenshots both.
 */
export function listScreenshots(lists: readonly string[]) {
  for (const lang of ['en', 'zh'] as const) {
    test(`${lang}: screenshots of ${lists.join(', ')} at 375 and 1280, no overflow at 375, 768 and 1280`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      // Signed in on the first list, on a phone: one load of the app for all the lists.
      await page.setViewportSize({ width: 375, height: 900 });
      await signIn(page, 'admin', lang, { at: `/${lang}/${lists[0]}` });
      for (const list of lists) {
        const name = `lists-${list.replace(/[/?=]/g, '-')}`;
        await listOpenedAt(page, lang, list, 375);
        await expectNoHorizontalOverflow(page, `${list} at 375px in ${lang}`);
        await shoot(page, `${name}-${lang}-375`, { fullPage: true });
        await page.setViewportSize({ width: 768, height: 900 });
        await settled(page);
        await expectNoHorizontalOverflow(page, `${list} at 768px in ${lang}`);

        // Widened rather than opened again (looking mode opens it afresh): the list lays itself out
        // again on a resize, and a load costs the browser the app's start (ADR 0012).
        if (LOOKING) await listOpenedAt(page, lang, list, 1280);
        else {
          await page.setViewportSize({ width: 1280, height: 900 });
          await settled(page);
        }
        await expectNoHorizontalOverflow(page, `${list} at 1280px in ${lang}`);
        await shoot(page, `${name}-${lang}-1280`, { fullPage: true });
        await expectA11yOnce(page, lang, 1280);
      }
    });
  }
}
