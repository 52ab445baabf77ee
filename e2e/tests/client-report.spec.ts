import { expect } from '@playwright/test';
import { configListOperations } from '@qcdesk/contract/config';
import {
  createInspectionReport,
  createReportResult,
  INSPECTION_REPORT_STATUS,
  submitInspectionReport,
  updateInspectionReport,
  updateReportQuantity,
} from '@qcdesk/contract/inspection-report';
import { searchMail } from '@qcdesk/contract/mail';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, createOwnUser, uniqueSuffix, uploadAs } from './api';
import { test } from './fixtures';
import { type Lang, settled, shoot, signIn } from './helpers';
import { png } from './images';
import { dispatchedTask } from './own-task';

// Issue 28 (the client-ready report): an auditor opens the watermarked preview of a submitted report;
// an administrator approves it and the final PDF is made; sales sends it, the mail carries a share
// link that opens (asking for the password where the client wants one); the client's answer comes
// as an instruction: sales releases the goods in English; in Chinese a CLIENT user of the report's
// client asks for a rework and re-inspection on a phone, which makes a draft re-inspection
// application. The report is set up through the API; the screens are what is tested.

const TEXT = {
  en: {
    generating: 'Generating the report, please wait',
    sent: 'The report was sent',
    confirmed: 'Confirmed',
  },
  zh: { generating: '正在生成报告，请稍候', sent: '报告已发送', confirmed: '已确认' },
} as const;

/** A submitted report of a new client's order, made through the API by demo.inspector. */
async function submittedReport(url: string, lang: Lang, buyer: string) {
  const task = await dispatchedTask(url, lang, { reportEmails: [buyer], sharePassword: lang === 'zh' });
  const inspector = await Api.signedIn(url, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
  const defect = (await inspector.call(configListOperations.defect.search, {})).list[0]!;
  let r = await inspector.call(createInspectionReport, { taskId: task.taskId });
  r = await inspector.call(updateReportQuantity, {
    id: r.id,
    version: r.version,
    products: [
      { orderProductId: r.products[0]!.orderProductId, presentedQuantity: 500, packedQuantity: 500 },
    ],
  });
  r = await inspector.call(updateInspectionReport, {
    id: r.id,
    version: r.version,
    cartonData: { cartonQty: 50, pcsPerCarton: 10, openedCartons: 5, shippingMark: true },
    weights: { grossSpec: 8, grossActual: 8, unit: 'KG' },
    defects: [
      {
        defectId: defect.id,
        defectClass: 3,
        qty: 1,
        photoIds: [await uploadAs(url, inspector, 'scratch.png', png(64, 48, 7), 'image/png')],
      },
    ],
  });
  r = await inspector.call(createReportResult, { id: r.id, version: r.version, preResult: 1 });
  r = await inspector.call(submitInspectionReport, { id: r.id, version: r.version });
  expect(r.status).toBe(INSPECTION_REPORT_STATUS.submitted);
  return { ...task, report: r };
}

/** The share link in the mail to `to` (and its password, when the mail gives one). */
async function mailedLink(url: string, to: string) {
  const admin = await Api.signedIn(url);
  for (let attempt = 0; attempt < 100; attempt++) {
    const { list } = await admin.call(searchMail, { to, pageSize: 5 });
    for (const mail of list) {
      const link = /\/s\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      if (link)
        return {
          link,
          password: /([A-Za-z0-9]{6})\s*$/m.exec(mail.text.split(/password|密码/i)[1] ?? '')?.[1],
        };
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no report mail to ${to}`);
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: preview, approval, the final PDF, the send with its share link, and the client's instruction`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const url = baseURL!;
    const text = TEXT[lang];
    const buyer = `buyer.${uniqueSuffix()}@example.com`;
    const { report, client } = await submittedReport(url, lang, buyer);
    const at = `/${lang}/inspection/report/${report.id}`;

    // The auditor looks at the watermarked preview, in the page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO_USERS.AUDITOR, lang, { at });
    await page.getByTestId('report-pdf-preview').click();
    await expect(page.getByTestId('report-pdf-frame')).toBeVisible({ timeout: 60_000 });
    await shoot(page, `client-report-preview-${lang}`);
    await page.keyboard.press('Escape');

    // An administrator approves; the final PDF is made by a job ("please wait" meanwhile).
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, 'admin', lang, { at });
    await admin.getByTestId('inspection-report-approve').click();
    await admin.getByTestId('inspection-report-approve-ok').click();
    await expect(admin.getByTestId('report-pdf-final').or(admin.getByText(text.generating))).toBeVisible();
    await expect(admin.getByTestId('report-pdf-final')).toBeVisible({ timeout: 90_000 });
    await admin.close();

    // Sales sends it: the client's report e-mail is proposed; the send is recorded on the report.
    await signIn(page, DEMO_USERS.SALES, lang, { at });
    await page.getByTestId('inspection-report-send').click();
    await expect(page.getByTestId('report-send-recipients')).toContainText(buyer);
    await shoot(page, `client-report-send-${lang}`);
    await page.getByTestId('report-send-ok').click();
    await expect(page.locator('.ant-message')).toContainText(text.sent);
    await expect(page.getByTestId('report-sends')).toContainText(buyer);

    // The mail's share link opens for a visitor (with the password the mail gives, where asked).
    const { link, password } = await mailedLink(url, buyer);
    const visitor = await browser.newContext();
    const shared = await visitor.newPage();
    await shared.goto(`/s/${link}`);
    if (lang === 'zh') {
      expect(password).toBeTruthy();
      await shared.getByTestId('share-password').fill(password!);
      await shared.getByTestId('share-open').click();
    }
    await expect(shared.getByText(`${report.reportNo}`, { exact: false }).first()).toBeVisible();
    await visitor.close();

    if (lang === 'en') {
      // Sales releases the goods: the report is confirmed.
      await page.reload();
      await page.getByTestId('report-instruction-result').click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle('Pass (exemption)', { exact: true })
        .click();
      await page.getByTestId('report-instruction-ok').click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm the result' }).click();
      await expect(page.getByTestId('report-instruction-row')).toContainText('Release');
      await expect(page.getByTestId('inspection-report-detail')).toContainText(text.confirmed);
      return;
    }

    // A CLIENT user of the report's client, on a phone, asks for a rework and re-inspection.
    const own = await createOwnUser(url, DEMO_USERS.CLIENT, 'clientrep', { clientId: client.id });
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await signIn(phone, own.username, lang, { at });
    await settled(phone);
    await phone.getByTestId('report-instruction-type').getByText('返工复验').click();
    await phone.getByTestId('report-instruction-result').click();
    await phone.locator('.ant-select-dropdown:visible').getByTitle('返工', { exact: true }).click();
    await phone.getByTestId('report-instruction-content').fill('返工后复验，请安排验货');
    await shoot(phone, 'client-report-instruction-zh-375');
    await phone.getByTestId('report-instruction-ok').click();
    await phone.locator('.ant-modal-confirm').getByRole('button', { name: '确认验货结果' }).click();
    await expect(phone.locator('.ant-message')).toContainText('复验申请');
    await expect(phone.getByTestId('report-instruction-row')).toContainText('返工复验');
    await phone.close();
  });
}
