import type { Page } from '@playwright/test';
import { configListOperations } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { getInspectionTask } from '@qcdesk/contract/inspection-task';
import { searchMail } from '@qcdesk/contract/mail';
import { ADMIN_PASSWORD, DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api } from './api';
import { expect, test } from './fixtures';
import { businessToday, type Lang, pickOption, screenshotsAt, settled, signIn } from './helpers';
import { dispatchedTask } from './own-task';

// Issue 30, daily work reports: in the evening the inspector fills in and submits the day's report
// on a 375-wide phone (attendance, an office work and a trip with its mileage); the QC manager checks
// it (its scores frozen) and sends it — the mail to the department manager arrives in the dev
// mailbox — and the scoring situation shows the month, with the prediction counting the inspector's
// open task of its month as passed. The task and the department's manager are set through the API.

const TEXT = {
  en: {
    attendance: 'Attendance',
    normal: 'Normal',
    travel: 'Travel',
    created: 'The daily report was created',
    submitted: 'The daily report was submitted',
    checked: 'The daily report was checked',
    mailSent: 'The mail has been sent, please check',
    sent: 'Sent',
    frozen: '0.0 / 0.0 (Frozen at the check)',
    scores: 'Scoring situation',
  },
  zh: {
    attendance: '考勤',
    normal: '正常出勤',
    travel: '路程',
    created: '工作日报已创建',
    submitted: '工作日报已提交',
    checked: '工作日报已审核',
    mailSent: '邮件已发送，请查收',
    sent: '已发送',
    frozen: '0.0 / 0.0 (审核时冻结)',
    scores: '得分情况',
  },
} as const;

const dayBefore = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayPath = (lang: Lang, date: string, inspectorId: string) =>
  `/${lang}/dailyworkreport/${date.replaceAll('-', '/')}/${inspectorId}`;

/** The QC department's manager is demo.qcmgr, so a sent daily report has someone to go to. */
async function qcManagerIsDepartmentManager(admin: Api, qcMgrId: string) {
  const departments = configListOperations.department;
  const { list } = await admin.call(departments.search, { pageSize: 100 });
  const qc = list.find((d) => d.code === 'QC');
  if (!qc) throw new Error('no QC department');
  if (qc.managerId !== qcMgrId)
    await admin.call(departments.update, { id: qc.id, version: qc.version, managerId: qcMgrId });
}

async function confirmDialog(page: Page) {
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the inspector submits the day's report on a phone, the manager checks and sends it, the scores show`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    // English writes today's report from the list's button, Chinese yesterday's by its address.
    const date = lang === 'en' ? businessToday() : dayBefore(businessToday());
    const { taskId } = await dispatchedTask(baseURL!, lang);
    const inspectorApi = await Api.signedIn(baseURL!, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
    const inspectorId = (await inspectorApi.call(check, {})).uid;
    const taskDate = (await inspectorApi.call(getInspectionTask, { id: taskId })).taskDate;
    const qcMgrId = (await (await Api.signedIn(baseURL!, DEMO_USERS.QC_MGR, DEMO_PASSWORD)).call(check, {}))
      .uid;
    const admin = await Api.signedIn(baseURL!, 'admin', ADMIN_PASSWORD);
    await qcManagerIsDepartmentManager(admin, qcMgrId);

    // The inspector, on a phone, in the evening.
    await page.setViewportSize({ width: 375, height: 800 });
    if (lang === 'en') {
      await signIn(page, DEMO_USERS.INSPECTOR, lang, { at: `/${lang}/dailyworkreport` });
      await page.getByTestId('daily-work-report-today').click();
    } else {
      await signIn(page, DEMO_USERS.INSPECTOR, lang, { at: dayPath(lang, date, inspectorId) });
    }
    const form = page.getByTestId('daily-report-form');
    await expect(form).toBeVisible();
    await pickOption(page, form, text.attendance, text.normal);
    await page.getByTestId('daily-work-add').click();
    await page.getByTestId('daily-work-add').click();
    const rows = page.getByTestId('daily-work-row');
    await expect(rows).toHaveCount(2);
    await rows.nth(0).getByTestId('daily-work-hours').fill('7.5');
    await rows.nth(1).getByTestId('daily-work-type').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(text.travel, { exact: true }).click();
    await rows.nth(1).getByTestId('daily-work-hours').fill('1.5');
    await rows.nth(1).getByTestId('daily-work-mileage').fill('42.5');
    await expect(page.getByTestId('daily-day-total')).toContainText('9.0');
    await page.getByTestId('daily-report-save').click();
    await expect(page.locator('.ant-message')).toContainText(text.created);
    await expect(page).toHaveURL(new RegExp(dayPath(lang, date, inspectorId)));
    await screenshotsAt(page, lang, 'daily-work-report-draft');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('daily-work-report-submit').click();
    await confirmDialog(page);
    await expect(page.locator('.ant-message')).toContainText(text.submitted);
    await expect(page.getByTestId('daily-work-item')).toHaveCount(2);

    // The QC manager, at a desk: check (scores frozen), then send.
    await page.setViewportSize({ width: 1280, height: 720 });
    await signIn(page, DEMO_USERS.QC_MGR, lang, { at: dayPath(lang, date, inspectorId) });
    await page.getByTestId('daily-work-report-check').click();
    await confirmDialog(page);
    await expect(page.locator('.ant-message')).toContainText(text.checked);
    await expect(page.getByTestId('daily-report-score')).toHaveText(text.frozen);
    await page.getByTestId('daily-work-report-send').click();
    await confirmDialog(page);
    await expect(page.locator('.ant-message')).toContainText(text.mailSent);
    await expect(page.getByTestId('daily-report-facts')).toContainText(text.sent);
    await screenshotsAt(page, lang, 'daily-work-report-sent');

    // The mail waits in the dev mailbox (no SMTP server here), for the department manager.
    await expect(async () => {
      const mails = await admin.call(searchMail, { pageSize: 50 });
      const sent = mails.list.filter(
        (m) => m.template === 'daily-work-report-sent' && m.subject.includes(date),
      );
      expect(sent.length).toBeGreaterThan(0);
      // In the manager's language, whatever the sender's.
      expect(sent[0]!.subject).toMatch(/^(工作日报|Daily work report) /);
      expect(sent[0]!.text).toContain('1.5 h');
    }).toPass({ timeout: 20_000 });

    // The inspector's scoring situation of the task's month: the prediction counts the open task as passed.
    await signIn(page, DEMO_USERS.INSPECTOR, lang, { at: `/${lang}/dailyworkreport?tab=scores` });
    await expect(page.getByRole('tab', { name: text.scores, selected: true })).toBeVisible();
    const [year, month] = taskDate.split('-').map(Number) as [number, number];
    await page.getByTestId('daily-score-year').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(String(year), { exact: true }).click();
    await page.getByTestId('daily-score-month').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(String(month), { exact: true }).click();
    const row = page.getByTestId('daily-score-table').locator('tbody tr').first();
    await expect(row.getByTestId('daily-score-openTasks').first()).not.toHaveText('0');
    const predicted = Number(await row.getByTestId('daily-score-predicted').first().textContent());
    const now = Number(await row.getByTestId('daily-score-score').first().textContent());
    expect(predicted).toBeGreaterThan(now);
    await settled(page);
    await screenshotsAt(page, lang, 'daily-work-report-scores');
  });
}
