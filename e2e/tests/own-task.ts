import { configListOperations, holidayCalendar } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { createInspectionApply } from '@qcdesk/contract/inspection-apply';
import { createInspectionPlan } from '@qcdesk/contract/inspection-plan';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api } from './api';
import { addDays, businessToday, type Lang } from './helpers';
import { type OwnOrderOptions, ownClientOrder } from './own-order';

// A dispatched inspection task a spec owns, set up through the API (the screens under test start
// from it): an order of one product (500) of a new client, its PSI application, a plan for
// demo.inspector on a working day two weeks ahead, dispatched.

/**
 * The task through the API: an order of one product (500), its PSI application, a dispatched plan for
 * demo.inspector (and `assistantIds`); the client's report e-mails and share password as asked.
 */
export async function dispatchedTask(
  baseURL: string,
  lang: Lang,
  {
    assistantIds = [],
    aheadDays = 14,
    ...clientOptions
  }: Pick<OwnOrderOptions, 'reportEmails' | 'sharePassword'> & {
    assistantIds?: string[];
    /** The plan is on the first working day this many days ahead (default two weeks). */
    aheadDays?: number;
  } = {},
) {
  const { order, client, factories } = await ownClientOrder(baseURL, 'IR', `report ${lang}`, {
    advanceDays: 0,
    factories: [0],
    ...clientOptions,
  });
  const factory = factories[0]!;
  const sales = await Api.signedIn(baseURL, DEMO_USERS.SALES, DEMO_PASSWORD);
  const types = (await sales.call(configListOperations.inspectiontype.search, {})).list;
  const psi = types.find((type) => type.code === 'PSI') ?? types[0];
  if (!psi) throw new Error('no seeded inspection type');
  const from = addDays(businessToday(), aheadDays);
  const { days } = await sales.call(holidayCalendar, { startDate: from, endDate: addDays(from, 28) });
  const date = days.find((d) => d.working)?.date ?? from;
  const apply = await sales.call(createInspectionApply, {
    items: [{ orderProductId: order.products[0]!.id, applyQuantity: 500 }],
    inspectionTypeId: psi.id,
    applyType: 1,
    expectedDate: date,
    submit: true,
    confirm: true,
  });
  const inspector = await Api.signedIn(baseURL, DEMO_USERS.INSPECTOR, DEMO_PASSWORD);
  const inspectorId = (await inspector.call(check, {})).uid;
  const qcmgr = await Api.signedIn(baseURL, DEMO_USERS.QC_MGR, DEMO_PASSWORD);
  const plan = await qcmgr.call(createInspectionPlan, {
    applyIds: [apply.result!.list[0]!.id],
    planDate: date,
    leadInspectorId: inspectorId,
    assistantIds,
    manDays: 1,
    dispatch: true,
    confirm: true,
  });
  return { order, client, factory, inspectorId, date, taskId: plan.result!.tasks[0]!.id };
}
