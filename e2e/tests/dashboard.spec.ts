import { expect } from '@playwright/test';
import { searchClients } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { createProductionSample } from '@qcdesk/contract/production-sample';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';
import { test } from './fixtures';
import { screenshotsAt, settled, signIn } from './helpers';

// Issue 30, the dashboard on Home: a QC manager's work queue counts the production samples
// awaiting audit; the count opens the list filtered to them, where a sample registered through
// the API is shown.

const TEXT = {
  en: { queue: 'My work', toAudit: 'Production samples to audit', list: 'Production samples' },
  zh: { queue: '我的待办', toAudit: '待审核的大货样', list: '大货样' },
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
