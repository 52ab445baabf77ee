import { expect, type Page } from '@playwright/test';
import { DEMO_USERS } from './accounts';
import { uniqueSuffix } from './api';
import { test } from './fixtures';
import { go, type Lang, pickOption, screenshotsAt, settled, signIn } from './helpers';

// Materials and original samples (spec §2 Material, MaterialDetail, OriginalSample,
// OriginalSampleDetail; spec §3 cart): a QC engineer (material.edit, originalsample.edit) creates a
// material, finds it with the list filters and modifies it; registers an original sample with a part
// and a material, finds it by item no and puts it into the original-sample cart. Both languages.

const TEXT = {
  en: {
    upc: 'UPC',
    upcRequired: 'UPC must not be empty',
    name: 'Name',
    technicalName: 'Technical name',
    customName: 'Customs name',
    materialType: 'Material type',
    plastic: 'Plastic',
    riskLevel: 'Risk level',
    medium: 'Medium',
    created: 'The material was created',
    saved: 'Saved',
    search: /^Search$/,
    changeLog: 'Change log',
    itemNo: 'Item no',
    itemNoRequired: 'Item no must not be empty',
    part: 'Part',
    mainBody: 'Main body',
    material: 'Material',
    percentage: 'Share',
    colour: 'Colour',
    red: 'Red',
    sampleCreated: 'The original sample was created',
    complete: 'Complete',
    addToCart: 'Add to cart',
    inCart: 'In cart',
    cartTitle: 'Original-sample cart (1)',
  },
  zh: {
    upc: 'UPC',
    upcRequired: 'UPC不能为空',
    name: '名称',
    technicalName: '技术名称',
    customName: '报关品名',
    materialType: '材料类型',
    plastic: '塑料',
    riskLevel: '风险等级',
    medium: '中',
    created: '材料已创建',
    saved: '已保存',
    search: /查\s?询$/,
    changeLog: '修改记录',
    itemNo: '货号',
    itemNoRequired: '货号不能为空',
    part: '部件',
    mainBody: '主体',
    material: '材料',
    percentage: '占比',
    colour: '颜色',
    red: '红色',
    sampleCreated: '原样已创建',
    complete: '完整',
    addToCart: '加入购物车',
    inCart: '已加入',
    cartTitle: '原样购物车（1）',
  },
} as const;

/** A seeded demo material (apps/server material.seed.ts), as the material auto-complete shows it. */
const ABS = '6901234500011 | ABS塑料粒子';

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a QC engineer creates a material, finds it with the filters and modifies it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const stamp = uniqueSuffix().toUpperCase();
    const upc = `E2E-${lang.toUpperCase()}-${stamp}`;
    const name = `E2E ${lang} ABS ${stamp}`;
    await signIn(page, DEMO_USERS.QC, lang, { at: `/${lang}/material` });
    await page.getByTestId('material-create').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/material/new$`));
    const form = page.getByTestId('material-form');
    await expect(form.getByLabel(text.upc, { exact: true })).toBeVisible();
    await screenshots(page, lang, 'materials', 'create');

    // Required fields say so before anything is sent.
    await page.getByTestId('material-save').click();
    await expect(form.getByText(text.upcRequired)).toBeVisible();

    await form.getByLabel(text.upc, { exact: true }).fill(upc);
    await form.getByLabel(text.name, { exact: true }).fill(name);
    await form.getByLabel(text.technicalName, { exact: true }).fill('Acrylonitrile butadiene styrene');
    await form.getByLabel(text.customName, { exact: true }).fill(`ABS resin ${stamp}`);
    await pickOption(page, form, text.materialType, text.plastic);
    await pickOption(page, form, text.riskLevel, text.medium);
    await page.getByTestId('material-save').click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/material/\\d+$`));
    await expect(page.locator('.ant-message')).toContainText(text.created);
    const detail = page.getByTestId('material-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await expect(detail).toContainText(upc);
    await expect(detail).toContainText(text.plastic);
    const materialUrl = page.url();

    // The list finds it by the end of its UPC and a part of its name.
    // Opened inside the app; its first answer re-renders the bar, so it is awaited before typing.
    await go(page, `/${lang}/material`);
    await settled(page);
    const search = page.getByRole('search');
    await search.getByLabel(text.upc, { exact: true }).fill(stamp);
    await search.getByLabel(text.name, { exact: true }).fill(`${lang} ABS`);
    await search.getByRole('button', { name: text.search }).click();
    await settled(page);
    const link = page.getByRole('link', { name: upc });
    await expect(link).toHaveCount(1);
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await link.click();
    await expect(page).toHaveURL(materialUrl);

    // Modify the technical name; the change log shows the create and the change.
    const technical = `Polymer blend ${stamp}`;
    await page.getByTestId('material-edit').click();
    await expect(page).toHaveURL(/\?edit=1$/);
    const edit = page.getByTestId('material-form');
    await expect(edit.getByLabel(text.upc, { exact: true })).toHaveValue(upc);
    await edit.getByLabel(text.technicalName, { exact: true }).fill(technical);
    await page.getByTestId('material-save').click();
    await expect(page).toHaveURL(materialUrl);
    await expect(page.locator('.ant-message')).toContainText(text.saved);
    await expect(detail).toContainText(technical);
    const log = page.getByRole('region', { name: text.changeLog });
    await expect(log.locator('time')).toHaveCount(2);
    const change = log.getByText(`${text.technicalName}:`).filter({ hasText: technical });
    await expect(change).toHaveCount(1);
    await expect(change.locator('del')).toHaveText('Acrylonitrile butadiene styrene');

    await screenshots(page, lang, 'materials', 'detail');
    await go(page, `/${lang}/material`);
    await settled(page);
    await page.getByRole('search').getByLabel(text.upc, { exact: true }).fill(stamp);
    await page.getByRole('search').getByRole('button', { name: text.search }).click();
    await settled(page);
    await expect(page.getByRole('link', { name: upc })).toBeVisible();
    await screenshots(page, lang, 'materials', 'list');
  });

  test(`${lang}: a QC engineer registers an original sample, finds it by item no and puts it into the cart once`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const stamp = uniqueSuffix().toUpperCase();
    const itemNo = `E2E${lang.toUpperCase()}${stamp}`;
    const name = `E2E ${lang} plush bear ${stamp}`;
    const entry = `${itemNo} | ${name}`;
    await signIn(page, DEMO_USERS.QC, lang, { at: `/${lang}/originalsample` });
    await page.getByTestId('original-sample-create').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/originalsample/new$`));
    const form = page.getByTestId('original-sample-form');
    await page.getByTestId('original-sample-save').click();
    await expect(form.getByText(text.itemNoRequired)).toBeVisible();

    await form.getByLabel(text.itemNo, { exact: true }).fill(itemNo);
    await form.getByLabel(text.name, { exact: true }).fill(name);
    await page.getByTestId('original-sample-part-add').click();
    const part = form.getByTestId('original-sample-part');
    await pickOption(page, part, text.part, text.mainBody);
    await page.getByTestId('original-sample-material-add').click();
    const row = part.getByTestId('original-sample-material');
    // The material auto-complete asks material/search as people type.
    await row.getByLabel(text.material, { exact: true }).fill('ABS');
    await page.locator('.ant-select-dropdown:visible').getByText(ABS).click();
    await expect(row.getByLabel(text.material, { exact: true })).toHaveValue(ABS);
    await row.getByLabel(text.percentage, { exact: true }).fill('100');
    await row.getByLabel(text.colour, { exact: true }).fill(text.red);
    await screenshots(page, lang, 'original-samples', 'create');
    await page.getByTestId('original-sample-save').click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/originalsample/\\d+$`));
    await expect(page.locator('.ant-message')).toContainText(text.sampleCreated);
    const detail = page.getByTestId('original-sample-detail');
    await expect(detail.getByRole('heading', { name: entry })).toBeVisible();
    await expect(detail).toContainText(text.complete);
    const parts = page.getByTestId('original-sample-parts');
    await expect(parts).toContainText(text.mainBody);
    await expect(parts).toContainText(ABS);
    await expect(parts).toContainText(text.red);
    const sampleUrl = page.url();

    // The material's detail lists the samples using it.
    await parts.getByRole('link', { name: ABS }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/material/\\d+$`));
    await page.getByRole('link', { name: entry, exact: true }).click();
    await expect(page).toHaveURL(sampleUrl);

    // The list finds it by the end of its item no (complete samples are the default filter).
    await go(page, `/${lang}/originalsample`);
    const search = page.getByRole('search');
    // The first page's answer re-renders the bar: a search typed before it can be lost, so it is
    // typed again until the list shows only the sample.
    await settled(page);
    await expect(async () => {
      await search.getByLabel(text.itemNo, { exact: true }).fill(stamp);
      await search.getByRole('button', { name: text.search }).click();
      await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 3_000 });
    }).toPass();
    await page.getByRole('link', { name: itemNo, exact: true }).click();
    await expect(page).toHaveURL(sampleUrl);

    // Into the cart from the detail; the toggle then says it is in.
    const toggle = page.getByTestId('original-sample-cart-toggle');
    await expect(toggle).toHaveText(text.addToCart);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveText(text.inCart);
    await expect(page.getByTestId('original-sample-cart').locator('..')).toContainText('1');

    // The list row knows it is in the cart (the cart lives in this browser); out and in again:
    // the sample was added twice, the cart holds it once.
    await go(page, `/${lang}/originalsample`);
    await settled(page);
    await page.getByRole('search').getByLabel(text.itemNo, { exact: true }).fill(stamp);
    await page.getByRole('search').getByRole('button', { name: text.search }).click();
    await settled(page);
    const rowToggle = page.locator('tbody tr.ant-table-row').getByTestId('original-sample-cart-toggle');
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(rowToggle).toHaveAttribute('aria-pressed', 'true');
    await rowToggle.click();
    await expect(rowToggle).toHaveAttribute('aria-pressed', 'false');
    await rowToggle.click();
    await expect(rowToggle).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('original-sample-cart').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(text.cartTitle);
    await settled(page);
    // The server re-validated the cart on opening and kept the entry, once.
    await expect(drawer.getByRole('link')).toHaveCount(1);
    await expect(drawer.getByRole('link')).toHaveText(entry);
    await drawer.getByRole('link', { name: entry, exact: true }).click();
    await expect(page).toHaveURL(sampleUrl);
    await expect(page.getByTestId('original-sample-cart-toggle')).toHaveAttribute('aria-pressed', 'true');

    await screenshots(page, lang, 'original-samples', 'detail');
    await go(page, `/${lang}/originalsample`);
    await settled(page);
    await page.getByRole('search').getByLabel(text.itemNo, { exact: true }).fill(stamp);
    await page.getByRole('search').getByRole('button', { name: text.search }).click();
    await settled(page);
    await expect(page.getByRole('link', { name: itemNo, exact: true })).toBeVisible();
    await screenshots(page, lang, 'original-samples', 'list');
  });
}

/**
 * Full-page screenshots at phone and PC width; no width scrolls sideways. Axe checks every screen at
 * PC width, and the lists (their cards) at phone width too.
 */
async function screenshots(page: Page, lang: Lang, area: string, name: string): Promise<void> {
  // The pictures show the page at rest: no toast over the header, no button under the pointer.
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await screenshotsAt(page, lang, `${area}-${name}`, (width) => width === 1280 || name === 'list');
}
