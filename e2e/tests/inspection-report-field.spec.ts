import { expect, type Locator, type Page } from '@playwright/test';

import { createInspectionReport, getInspectionReport } from '@qcdesk/contract/inspection-report';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uploadAs } from './api';
import { test } from './fixtures';
import { settled, shoot, signIn } from './helpers';
import { png } from './images';
import { dispatchedTask } from './own-task';

// Issue 27, on site: on a 375-wide phone the inspector records a pull test, has the factory's
// representative sign on the screen, records samples drawn for the lab (a draft test order follows)
// and their courier, and adds a photo that is a copy of one stored elsewhere, which the report then
// flags. The task and the report are set up through the API; the report screen is what is tested.

const TEXT = {
  en: {
    addPull: 'Add a pull test',
    pass: 'Pass',
    sign: 'Save the signature',
    record: 'Record the samples (makes a draft test order)',
    courier: 'SF Express',
    sent: 'Samples sent',
    flag: 'Also in another report',
    force: 'Force',
    result: 'Result',
    qty: 'Quantity',
    seal: 'Seal no',
    lab: 'SGS Shenzhen',
    labField: 'Lab (default: the client’s)',
    courierField: 'Courier',
    tracking: 'Tracking no',
  },
  zh: {
    addPull: '添加拉力测试',
    pass: '通过',
    sign: '保存签名',
    record: '记录样品（生成测试单草稿）',
    courier: '顺丰速运',
    sent: '样品已寄出',
    flag: '亦见于其他报告',
    force: '力值',
    result: '结果',
    qty: '数量',
    seal: '封条号',
    lab: 'SGS深圳实验室',
    labField: '实验室（默认：客户指定）',
    courierField: '快递公司',
    tracking: '快递单号',
  },
} as const;

const upload = (baseURL: string, api: Api, name: string, content: Buffer) =>
  uploadAs(baseURL, api, name, content, 'image/png');

/** Opens a collapsed part on a phone. */
async function openPart(section: Locator) {
  await expect(section).toBeVisible();
  const header = section.locator('.ant-collapse-header');
  if ((await header.count()) && (await header.getAttribute('aria-expanded')) === 'false')
    await header.click();
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function allSaved(page: Page) {
  for (const status of ['pending', 'saving', 'failed'])
    await expect(
      page.locator(`[data-testid="inspection-report-save-state"][data-status="${status}"]`),
    ).toHaveCount(0);
  await settled(page);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: on site the inspector records a pull test, the factory signs, samples go to the lab, a copied photo is flagged`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const { taskId } = await dispatchedTask(baseURL!, lang);
    const inspector = await Api.signedIn(baseURL!, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
    const report = await inspector.call(createInspectionReport, { taskId });
    // The same picture, stored before by someone else (another report's photo).
    const picture = png(200, 150, lang === 'en' ? 40 : 140);
    await upload(
      baseURL!,
      await Api.signedIn(baseURL!, DEMO_USERS.QC, DEMO_PASSWORD),
      'elsewhere.png',
      picture,
    );

    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, DEMO_USERS.INSPECTOR, lang, { at: `/${lang}/inspection/report/${report.id}` });
    await expect(page.getByTestId('inspection-report-release')).toBeVisible();

    // A pull test: 90 N, passed.
    const pull = page.getByTestId('inspection-report-section-pull');
    await openPart(pull);
    await pull.getByRole('button', { name: text.addPull }).click();
    await pull.getByRole('textbox', { name: text.force }).fill('90');
    await choose(page, pull.getByRole('combobox', { name: text.result }), text.pass);
    await allSaved(page);

    // The copied photo among the report's photos.
    const photos = page.getByTestId('inspection-report-section-photos');
    await openPart(photos);
    await photos
      .locator('input[type=file]')
      .setInputFiles({ name: 'copy.png', mimeType: 'image/png', buffer: picture });
    await expect(photos.locator('img')).toHaveCount(1);
    await allSaved(page);

    // The factory's representative signs with a finger (a mouse here).
    const signOff = page.getByTestId('inspection-report-section-signoff');
    await openPart(signOff);
    await signOff.getByTestId('inspection-report-signer').fill(lang === 'en' ? 'Li Ming' : '李明');
    const pad = signOff.getByTestId('inspection-report-signature');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++)
      await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 20 : -20));
    await page.mouse.up();
    await signOff.getByRole('button', { name: text.sign }).click();
    await expect(signOff.getByTestId('inspection-report-signed')).toBeVisible();
    await expect(signOff.getByTestId('inspection-report-signature-image')).toBeVisible();

    // Samples drawn for the lab: 3 pieces under a seal, a draft test order; then the courier.
    const lab = page.getByTestId('inspection-report-section-labSamples');
    await openPart(lab);
    await lab.getByRole('textbox', { name: text.qty }).fill('3');
    await lab.getByRole('textbox', { name: text.seal }).fill(`SEAL-${lang}-0001`);
    await choose(page, lab.getByRole('combobox', { name: text.labField }), text.lab);
    await lab.getByRole('button', { name: text.record }).click();
    const drawn = lab.getByTestId('inspection-report-lab-samples');
    await expect(drawn).toContainText(`SEAL-${lang}-0001`);
    // The inspector cannot open test orders: its number shows as text (QC opens it from there).
    await expect(drawn).toContainText(/TO\d{10}/);
    await choose(page, drawn.getByRole('combobox', { name: text.courierField }), text.courier);
    await drawn.getByRole('textbox', { name: text.tracking }).fill('SF1234567890');
    await drawn.getByRole('button', { name: text.sent }).click();
    await expect(drawn).toContainText('SF1234567890');
    await allSaved(page);

    // After a reload the stored copy carries its flag.
    await page.reload();
    await openPart(page.getByTestId('inspection-report-section-photos'));
    const flags = page
      .getByTestId('inspection-report-section-photos')
      .getByTestId('inspection-report-photo-flag');
    await expect(flags.first()).toBeVisible();
    await expect(flags.filter({ hasText: text.flag })).toHaveCount(1);
    await shoot(page, `inspection-report-field-${lang}-375`, { fullPage: true });

    // QC opens the draft test order the samples made: it links back to the report.
    const testOrder = (await inspector.call(getInspectionReport, { id: report.id })).labSamples!.testOrder!;
    await signIn(page, DEMO_USERS.QC, lang, { at: `/${lang}/ordertest/${testOrder.id}` });
    await page.getByTestId('test-order-inspection-report').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/inspection/report/${report.id}$`));
  });
}
