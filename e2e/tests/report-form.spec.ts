import { searchMail } from '@qcdesk/contract/mail';
import { DEMO_USERS } from './accounts';
import { Api } from './api';
import { expect, test } from './fixtures';
import { screenshotsAt, signIn } from './helpers';

// Issue 30, report forms: the QC manager picks the fee form of October 2026, exports it and watches
// the job's progress; the mail arrives in the dev mailbox with the link to "My exports", and the
// file opens from there (a URL signed on the click).

const TEXT = {
  en: {
    start: 'Start date',
    end: 'End date',
    mailSent: 'The mail has been sent, please check',
    ready: 'Ready',
    subject: 'QCDesk report form: Fee form',
    fileName: /^Fee form-2026-10-01-2026-10-31\.xlsx$/,
  },
  zh: {
    start: '开始日期',
    end: '结束日期',
    mailSent: '邮件已发送，请查收',
    ready: '已生成',
    subject: 'QCDesk 报表：费用报表',
    fileName: /^费用报表-2026-10-01-2026-10-31\.xlsx$/,
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a QC manager exports the fee form, watches it run and opens the mailed file`, async ({
    page,
    baseURL,
  }) => {
    const text = TEXT[lang];
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: `/${lang}/reportform` });
    const start = page.getByPlaceholder(text.start);
    await start.click();
    await start.fill('2026-10-01');
    await start.press('Enter');
    const end = page.getByPlaceholder(text.end);
    await end.fill('2026-10-31');
    await end.press('Enter');
    await page.getByTestId('report-form-export').click();
    await expect(page.getByText(text.mailSent)).toBeVisible();
    // The job runs in the server's worker; the list shows it until it is ready.
    const row = page.getByTestId('report-form-export-row').first();
    await expect(row.getByTestId('report-form-state')).toHaveText(text.ready, { timeout: 30_000 });
    await screenshotsAt(page, lang, 'report-form', (width) => width === 375 || width === 1280);

    const admin = await Api.signedIn(baseURL!);
    let link = '';
    await expect
      .poll(async () => {
        const mails = await admin.call(searchMail, { to: `${DEMO_USERS.QC_MGR}@qcdesk.local`, pageSize: 20 });
        const mail = mails.list.find((m) => m.subject === text.subject);
        link = /https?:\/\/[^\s"<]+\/reportform/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(new URL(link).pathname);
    const download = page.waitForEvent('download');
    await page.getByTestId('report-form-download').first().click();
    expect((await download).suggestedFilename()).toMatch(text.fileName);
  });
}
