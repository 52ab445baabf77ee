import { expect } from '@playwright/test';
import { searchClients } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { dashboardCharts } from '@qcdesk/contract/dashboard';
import { createProductionSample } from '@qcdesk/contract/production-sample';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { screenshotsAt, settled, signIn } from './helpers';
import { dispatchedTask } from './own-task';

// Issue 30, the dashboard on Home: a QC manager's work queue counts the production samples
// awaiting audit; the count opens the list filtered to them, where a sample registered through
// the API is shown. Below it the charts: the inspectors' load shows, in its table view, a task
// dispatched through the API for the next days.

const TEXT = {
  en: {
    queue: 'My work',
    toAudit: 'Production samples to audit',
    list: 'Production samples',
    charts: 'Figures',
    table: 'Table',
    load: 'Inspector load, next two weeks',
  },
  zh: {
    queue: '我的待办',
    toAudit: '待审核的大货样',
    list: '大货样',
    charts: '数据概览',
    table: '表格',
    load: '验货员未来两周负荷',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the work queue counts the samples to audit and opens them in the list`, async ({
    page,
    baseURL,
  }) => {
    const text = TEXT[lang];
    const qc = await Api.signedIn(baseURL!, DEMO_USERS.QC, DEMO_PASSWORD);
    const client = (await qc.call(searchClients, { name: 'Nordic Home AB', pageSize: 5 })).list[0];
    const factory = (await qc.call(configListOperations.factory.search, {})).list[0];
    if (!client || !factory) throw new Error('no demo client or factory');
    const itemNo = `PS-DASH-${lang.toUpperCase()}-${uniqueSuffix().toUpperCase()}`;
    await qc.call(createProductionSample, {
      itemNo,
      clientId: client.id,
      providerFactoryId: factory.id,
      quantity: 2,
    });

    await signIn(page, DEMO_USERS.QC_MGR, lang);
    await expect(page.getByRole('heading', { name: text.queue })).toBeVisible();
    const tile = page.getByTestId('work-queue-productionSamplesToAudit');
    await expect(tile).toContainText(text.toAudit);
    await expect(tile.getByRole('link')).toHaveAccessibleName(new RegExp(`^[1-9]\\d* ${text.toAudit}$`));
    await screenshotsAt(page, lang, 'dashboard-home');

    await tile.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/productionsample\\?(.*&)?status=10`));
    await expect(page.getByRole('heading', { name: text.list })).toBeVisible();
    await settled(page);
    await expect(page.getByRole('link', { name: itemNo })).toHaveCount(1);
    await screenshotsAt(page, lang, 'dashboard-list');
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the inspectors' load chart shows a task dispatched for the next days in its table`, async ({
    page,
    baseURL,
  }) => {
    const text = TEXT[lang];
    const qcmgr = await Api.signedIn(baseURL!, DEMO_USERS.QC_MGR, DEMO_PASSWORD);
    const { inspectorId } = await dispatchedTask(baseURL!, lang, { aheadDays: 2 });
    const load = (await qcmgr.call(dashboardCharts, {})).inspectorLoad;
    const row = load?.rows.find((r) => r.inspector.id === inspectorId);
    if (!row) throw new Error('the dispatched task is not in the inspectors load');
    const name = (lang === 'en' && row.inspector.englishName) || row.inspector.name;
    const total = row.tasks.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(1);

    await signIn(page, DEMO_USERS.QC_MGR, lang);
    await expect(page.getByRole('heading', { name: text.charts })).toBeVisible();
    const chart = page.getByTestId('chart-inspectorLoad');
    await expect(chart.getByRole('img', { name: text.load })).toBeVisible();
    await screenshotsAt(page, lang, 'dashboard-charts');

    await chart.getByText(text.table, { exact: true }).click();
    const line = chart.getByTestId('chart-inspectorLoad-table').getByRole('row', { name: new RegExp(name) });
    await expect(line.getByRole('cell').last()).toHaveText(String(total));
  });
}
