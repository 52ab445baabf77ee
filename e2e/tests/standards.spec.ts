import { expect, type Page } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, type Lang, pickOption, screenshotsAt, settled, signIn } from './helpers';

// Standards (web): a QC manager (standard.edit, DOMAIN.md §5.3) creates a common and a country
// standard, sets the test items each requires, finds it in its list, opens it and modifies it; the
// change log shows the change. The home search finds the country standard and a test item by name,
// and says so when nothing matches. Both languages.

const TEXT = {
  en: {
    name: 'Name',
    nameRequired: 'Name must not be empty',
    country: 'Country',
    countryRequired: 'Choose a country',
    usa: 'United States',
    usaSearch: 'United',
    productScope: 'Product scope',
    testItem: 'Test item',
    mandatory: 'Mandatory',
    optional: 'Optional',
    azo: 'Azo dyes',
    azoSearch: 'Azo',
    hcho: 'Formaldehyde content',
    hchoSearch: 'Formaldehyde',
    created: 'The standard was created',
    testsSaved: 'The test items were saved',
    saved: 'Saved',
    listSearch: /Search$/,
    searchFor: 'Search for',
    countryStandards: 'Country standards',
    testItems: 'Test items',
    nothing: (term: string) => `Nothing matches “${term}”.`,
    changeLog: 'Change log',
  },
  zh: {
    name: '名称',
    nameRequired: '名称不能为空',
    country: '国家',
    countryRequired: '请选择国家',
    usa: '美国',
    usaSearch: '美国',
    productScope: '适用产品',
    testItem: '测试项目',
    mandatory: '必测',
    optional: '选测',
    azo: '偶氮染料',
    azoSearch: '偶氮',
    hcho: '甲醛含量',
    hchoSearch: '甲醛',
    created: '标准已创建',
    testsSaved: '测试项目已保存',
    saved: '已保存',
    listSearch: /查\s?询$/,
    searchFor: '搜索内容',
    countryStandards: '国家标准',
    testItems: '测试项目',
    nothing: (term: string) => `没有与“${term}”匹配的记录。`,
    changeLog: '修改记录',
  },
} as const;

type Text = (typeof TEXT)[Lang];
type Kind = 'common' | 'country';

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a QC manager creates a common and a country standard with test items, finds, edits and searches them`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[lang];
    const suffix = uniqueSuffix();
    const names = {
      common: lang === 'zh' ? `E2E 毛绒玩具通用 ${suffix}` : `E2E Plush common ${suffix}`,
      country: lang === 'zh' ? `E2E 美国玩具要求 ${suffix}` : `E2E US toy rules ${suffix}`,
    };
    // Signed in on the first list a standard is created from; every other page is opened inside the app.
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/standard/common` });

    const urls: Record<Kind, string> = { common: '', country: '' };
    for (const kind of ['common', 'country'] as const) {
      urls[kind] = await createStandard(page, lang, kind, names[kind]);
      await setTests(page, text);
      await findAndEdit(page, lang, kind, names[kind], urls[kind]);
      if (kind === 'country') {
        // The "Saved" message would cover the header in the capture.
        await expect(page.locator('.ant-message-notice')).toHaveCount(0);
        await shoot(page, lang, 'standards-country-detail');
      }
    }

    // The lists, unfiltered, with the new standards among the seeded ones.
    for (const kind of ['common', 'country'] as const) {
      await go(page, `/${lang}/standard/${kind}`);
      await expect(page.getByRole('link', { name: names[kind] }).first()).toBeVisible();
      // At PC width every column is in view: the table does not scroll sideways inside its card.
      await expect
        // (The sticky header of the list kit puts the rows in `.ant-table-body`.)
        .poll(() =>
          page
            .locator('.ant-table-body, .ant-table-content')
            .first()
            .evaluate((el) => el.scrollWidth - el.clientWidth),
        )
        .toBeLessThanOrEqual(0);
      await shoot(page, lang, `standards-${kind}-list`, { phoneA11y: true });
    }

    // Home search: the country standard by a part of its name (with its country beneath).
    await go(page, `/${lang}/search`);
    const term = names.country.slice(4);
    await search(page, text, term);
    const standards = page.getByTestId('home-search-group-countryStandard');
    await expect(standards).toContainText(text.countryStandards);
    await expect(standards).toContainText(text.usa);
    const hit = standards.getByRole('link', { name: names.country });
    await expect(hit).toBeVisible();
    await shoot(page, lang, 'home-search');
    await hit.click();
    await expect(page).toHaveURL(urls.country);
    await expect(
      page.getByTestId('standard-detail').getByRole('heading', { name: names.country }),
    ).toBeVisible();

    // A test item the standard requires, by its name in the page's language: the hit opens the list.
    // The search screen opens with the last search (spec §3 "a home search value").
    await go(page, `/${lang}/search`);
    await expect(page.getByLabel(text.searchFor)).toHaveValue(term);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === term);
    await search(page, text, text.hchoSearch);
    const items = page.getByTestId('home-search-group-testItem');
    await expect(items).toContainText(text.testItems);
    // A test item's hit is its code and Chinese name, the English name beneath.
    await expect(items).toContainText(text.hcho);
    const item = items.getByRole('link', { name: /T-HCHO/ });
    await expect(item).toBeVisible();
    await expect(page.getByTestId('home-search-group-countryStandard')).toHaveCount(0);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/config/testitem$`));

    // Nothing matches: the page says so, naming the term.
    await go(page, `/${lang}/search`);
    const none = `zq${suffix}`;
    await search(page, text, none);
    await expect(page.getByText(text.nothing(none))).toBeVisible();
    await expect(page.getByTestId('home-search-results')).toHaveCount(0);
    await shoot(page, lang, 'home-search-empty', { a11y: false });
  });
}

/** Creates a standard through its list's "new" button; answers the detail's address. */
async function createStandard(page: Page, lang: Lang, kind: Kind, name: string): Promise<string> {
  const text = TEXT[lang];
  await go(page, `/${lang}/standard/${kind}`);
  await page.getByTestId('standard-create').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/standard/${kind}/new$`));
  const form = page.getByTestId('standard-form');
  if (kind === 'country') await shoot(page, lang, 'standards-country-create');
  // Required fields say so before anything is sent.
  await page.getByTestId('standard-save').click();
  await expect(form.getByText(text.nameRequired)).toBeVisible();
  if (kind === 'country') await expect(form.getByText(text.countryRequired)).toBeVisible();

  await form.getByLabel(text.name, { exact: true }).fill(name);
  if (kind === 'country') await pickOption(page, form, text.country, text.usa, text.usaSearch);
  await form.getByLabel(text.productScope).fill('Plush toys 0-3');
  await page.getByTestId('standard-save').click();

  await expect(page).toHaveURL(new RegExp(`/${lang}/standard/${kind}/\\d+$`));
  await expect(page.locator('.ant-message')).toContainText(text.created);
  const detail = page.getByTestId('standard-detail');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  if (kind === 'country') await expect(detail).toContainText(text.usa);
  return page.url();
}

/** The standard's required test items: one mandatory, one optional. */
async function setTests(page: Page, text: Text): Promise<void> {
  const tests = page.getByTestId('standard-tests');
  await tests.getByTestId('standard-tests-edit').click();
  const form = page.getByTestId('standard-tests-form');
  await form.getByTestId('standard-test-add').click();
  await pickOption(
    page,
    form.getByTestId('standard-test-row').nth(0),
    text.testItem,
    text.azo,
    text.azoSearch,
  );
  await form.getByTestId('standard-test-add').click();
  const second = form.getByTestId('standard-test-row').nth(1);
  await pickOption(page, second, text.testItem, text.hcho, text.hchoSearch);
  await second.getByRole('switch').click();
  await expect(second.getByRole('switch')).not.toBeChecked();
  await page.getByTestId('standard-tests-save').click();
  await expect(page.locator('.ant-message')).toContainText(text.testsSaved);
  await expect(form).toHaveCount(0);
  const table = tests.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: text.azo })).toContainText(text.mandatory);
  await expect(table.getByRole('row').filter({ hasText: text.hcho })).toContainText(text.optional);
  // The detail's count follows the list.
  await expect(
    page.getByTestId('standard-detail').locator('.ant-descriptions-item-content').filter({ hasText: /^2$/ }),
  ).toHaveCount(1);
}

/** Finds the standard by name in its list, opens it, modifies its product scope and sees the change. */
async function findAndEdit(page: Page, lang: Lang, kind: Kind, name: string, url: string): Promise<void> {
  const text = TEXT[lang];
  await go(page, `/${lang}/standard/${kind}`);
  const filters = page.getByRole('search');
  const field = filters.getByLabel(text.name, { exact: true });
  await field.fill(name.slice(4));
  // As in `search` below: search once the field shows the name, again if the list did not follow.
  await expect(field).toHaveValue(name.slice(4));
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(async () => {
    await filters.getByRole('button', { name: text.listSearch }).click();
    await settled(page);
    await expect(rows).toHaveCount(1, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await rows.first().getByRole('link', { name }).click();
  await expect(page).toHaveURL(url);

  await page.getByTestId('standard-edit').click();
  await expect(page).toHaveURL(/\?edit=1$/);
  const scope = `Plush and fabric toys, ${kind} ${uniqueSuffix()}`;
  await page.getByTestId('standard-form').getByLabel(text.productScope).fill(scope);
  await page.getByTestId('standard-save').click();
  await expect(page).toHaveURL(url);
  await expect(page.locator('.ant-message')).toContainText(text.saved);
  const detail = page.getByTestId('standard-detail');
  await expect(detail).toContainText(scope);

  // The change log shows the change: the old product scope struck out, the new one after it.
  const log = page.getByRole('region', { name: text.changeLog });
  await expect(log).toContainText(scope);
  await expect(log.locator('del').filter({ hasText: 'Plush toys 0-3' })).toHaveCount(1);
}

async function search(page: Page, text: Text, term: string): Promise<void> {
  const box = page.getByLabel(text.searchFor);
  await box.fill(term);
  // The field is controlled: a click before React has taken the typed value searched the old one
  // (CI at load, session 17). Submit once the field shows it, again if the URL did not follow.
  await expect(box).toHaveValue(term);
  await expect(async () => {
    await page.getByTestId('home-search-submit').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === term, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await settled(page);
}

/**
 * Full-page screenshots at PC and phone width; no width scrolls sideways. The accessibility scan runs
 * at PC width unless told not to, and on phones too where asked (the lists become cards there).
 */
async function shoot(
  page: Page,
  lang: Lang,
  name: string,
  options: { a11y?: boolean; phoneA11y?: boolean } = {},
) {
  await screenshotsAt(
    page,
    lang,
    name,
    (width) => (width === 1280 && options.a11y !== false) || options.phoneA11y === true,
  );
}
